// Model-based tests of the ticket lifecycle the server enforces: every transition is taken by a generated path, the
// path replayed on the real actor, and the server's one question (`decideTicketOperation`) answers what the machine
// does at every step; then the refusals and their reasons, state by state.
import { describe, expect, it } from 'vitest';
import {
  decideTicketOperation,
  nextTicketState,
  ticketLifecycleMachine,
  ticketOperations,
  ticketStates,
  type TicketLifecycleEvent,
  type TicketState,
} from '../../machines/ticket-lifecycle';
import { expectFullCoverage, runPathOnActor } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';
import { open, ticketLifecycleSpec } from '../../machines/models/ticket-lifecycle.model';

const { testMachine, paths } = pathsOf(ticketLifecycleSpec);

describe('ticket lifecycle model', () => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    await runPathOnActor(path, {
      machine: ticketLifecycleMachine,
      check: (actor, step) => {
        if (step.event.type === 'xstate.init') return;
        const index = path.steps.findIndex((candidate) => candidate === step);
        const before = path.steps[index - 1]!.state.value as TicketState;
        const event = step.event as TicketLifecycleEvent;
        expect(decideTicketOperation(before, event.type, event.facts)).toEqual({ allowed: true, next: actor.getSnapshot().value });
      },
    });
  });

  it('takes every transition', () => expectFullCoverage(ticketLifecycleSpec.name, testMachine, paths, ticketLifecycleSpec.excused));

  it('reaches every state', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => step.state.value)));
    expect([...reached].sort()).toEqual([...ticketStates].sort());
  });
});

describe('what the server is told', () => {
  const allowedFrom: Record<TicketState, string[]> = {
    held: ['gift', 'swap.reserve', 'list', 'redeem', 'scan', 'benefit.use', 'pdf.issue'],
    reservedForSwap: ['swap.confirm', 'swap.cancel', 'swap.expire'],
    listed: ['unlist', 'purchase'],
    used: ['benefit.use'],
    gifted: [],
    sold: [],
    swappedAway: [],
    redeemedAway: [],
  };

  it.each(ticketStates)('from %s only its own operations are allowed; the rest are refused because of the state', (state) => {
    for (const operation of ticketOperations) {
      const decision = decideTicketOperation(state, operation, open);
      if (allowedFrom[state].includes(operation)) expect(decision.allowed, `${state} ${operation}`).toBe(true);
      else expect(decision, `${state} ${operation}`).toEqual({ allowed: false, kind: 'state', state });
    }
  });

  it('a reserved ticket can be neither gifted nor listed, a listed one neither scanned nor reserved', () => {
    expect(nextTicketState('reservedForSwap', 'gift')).toBeNull();
    expect(nextTicketState('reservedForSwap', 'list')).toBeNull();
    expect(nextTicketState('listed', 'scan')).toBeNull();
    expect(nextTicketState('listed', 'swap.reserve')).toBeNull();
  });

  it('gift, swap, resale, a PDF and its redeem need the type and a running event, and say which stood in the way', () => {
    for (const operation of ['gift', 'swap.reserve', 'list', 'pdf.issue', 'redeem'] as const) {
      expect(decideTicketOperation('held', operation, { allowedByType: false, eventOver: false })).toEqual({ allowed: false, kind: 'notAllowedByType' });
      expect(decideTicketOperation('held', operation, { allowedByType: true, eventOver: true })).toEqual({ allowed: false, kind: 'eventOver' });
    }
    // A past event still admits nobody twice but lets its tickets be scanned and their benefits used.
    expect(decideTicketOperation('held', 'scan', { allowedByType: false, eventOver: true })).toEqual({ allowed: true, next: 'used' });
  });
});
