// Model-based tests of the single-ticket machine (SPEC §2 Single ticket): the encoded id, loading, not found and
// errors, the Gift / Swap / Resell rules, the description toggle, the menu and opening a benefit.
import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ticketActions, ticketMachine, visibleBenefits, type TicketEvent, type TicketSnapshot } from '../../machines/ticket';
import {
  selectBenefitRows,
  selectCanGift,
  selectCanResell,
  selectCanSwap,
  selectHasMenu,
  selectIsDescriptionExpanded,
  selectIsMenuOpen,
  selectTicket,
  selectTicketStatus,
} from '../../machines/ticket.selectors';
import { encodeUserTicketId } from '../../machines/ticket-id';
import { httpError } from './fixtures';
import { canTake, controlledActors, flush, runPathOnActor, toTestMachine } from './model';
import { benefit, ticketDetail } from './ticket-fixtures';

type ModelEvent = TicketEvent | { type: string; output?: unknown; error?: unknown };

const ID = encodeUserTicketId(11);

const samples: ModelEvent[] = [
  { type: 'panel.changed', tab: 'TICKET', overlay: null, userTicketId: ID },
  { type: 'panel.changed', tab: 'TICKET', overlay: 'HUB', userTicketId: ID },
  { type: 'panel.changed', tab: 'TICKET', overlay: null, userTicketId: encodeUserTicketId(12) },
  { type: 'panel.changed', tab: 'TICKET', overlay: null, userTicketId: 'not-a-ticket' },
  { type: 'panel.changed', tab: 'MY_TICKET', overlay: null, userTicketId: null },
  { type: 'loadTicket.done', output: ticketDetail() },
  { type: 'loadTicket.done', output: ticketDetail({ eventAccessStatus: true, eventAccessUsedOn: '2026-01-01T10:00:00.000Z' }) },
  { type: 'loadTicket.done', output: ticketDetail({ isGiftable: false, isSwappable: false, isResellable: true }) },
  { type: 'loadTicket.error', error: httpError('ticketDetail', 404, 'api.ticket.not_found') },
  { type: 'loadTicket.error', error: httpError('ticketDetail', 500, 'api.internal_error') },
  { type: 'ticket.retry' },
  { type: 'ticket.back' },
  { type: 'ticket.stale' },
  { type: 'ticket.toggleDescription' },
  { type: 'ticket.toggleMenu' },
  { type: 'ticket.closeMenu' },
  { type: 'ticket.gift' },
  { type: 'ticket.swap' },
  { type: 'ticket.resell' },
  { type: 'ticket.openBenefit', userTicketBenefitId: 101 },
  { type: 'ticket.openBenefit', userTicketBenefitId: 103 },
];

/** One vertex per state value, id and what the loaded ticket allows. */
function vertex(snapshot: AnyMachineSnapshot): string {
  const { encodedId, ticket } = (snapshot as TicketSnapshot).context;
  return JSON.stringify({ value: snapshot.value, encodedId, actions: ticket ? ticketActions(ticket) : null });
}

const model = createTestModel(toTestMachine(ticketMachine), {
  events: samples as never,
  filterEvents: (state, event) => canTake(state, event) && samples.some((sample) => JSON.stringify(sample) === JSON.stringify(event)),
  serializeState: vertex,
});
const paths = model.getShortestPaths();

function start() {
  const control = controlledActors(['loadTicket']);
  const actor = createActor(ticketMachine.provide({ actors: control.actors, actions: { logError: () => {} } }));
  const emitted: Array<Record<string, unknown>> = [];
  actor.on('*', (event) => emitted.push(event as never));
  actor.start();
  return { actor, control, emitted };
}

describe('single ticket model', () => {
  it('reaches not found, error, the open menu, the expanded description and a reload', () => {
    const values = paths.map((path) => JSON.stringify(path.state.value));
    for (const part of ['"notFound"', '"error"', '"menu":"open"', '"description":"expanded"', '"data":"refreshing"']) {
      expect(values.some((value) => value.includes(part)), part).toBe(true);
    }
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    await runPathOnActor(path, {
      machine: ticketMachine.provide({ actions: { logError: () => {} } }),
      promiseActors: ['loadTicket'],
      vertex,
      check: (actor) => {
        const snapshot = actor.getSnapshot() as TicketSnapshot;
        const ticket = selectTicket(snapshot);
        const allowed = ticketActions(ticket);
        expect(selectCanGift(snapshot)).toBe(allowed.gift);
        expect(selectCanSwap(snapshot)).toBe(allowed.swap);
        expect(selectCanResell(snapshot)).toBe(allowed.resell);
        expect(selectHasMenu(snapshot)).toBe(allowed.swap || allowed.resell);
        if (selectIsMenuOpen(snapshot)) expect(selectHasMenu(snapshot)).toBe(true);
        if (selectIsDescriptionExpanded(snapshot)) expect(selectTicketStatus(snapshot)).toBe('loaded');
        expect(selectBenefitRows(snapshot).map((row) => row.benefit.userTicketBenefitId)).toEqual(
          visibleBenefits(ticket).map((item) => item.userTicketBenefitId),
        );
      },
    });
  });
});

describe('single ticket effects', () => {
  it('loads the decoded id', () => {
    const { actor, control } = start();
    actor.send({ type: 'panel.changed', tab: 'TICKET', overlay: null, userTicketId: ID });
    expect(control.inputs).toEqual([{ id: 'loadTicket', input: { userTicketId: 11 } }]);
    expect(selectTicketStatus(actor.getSnapshot())).toBe('loading');
  });

  it('leads an undecodable id to my tickets', () => {
    const { actor, control, emitted } = start();
    actor.send({ type: 'panel.changed', tab: 'TICKET', overlay: null, userTicketId: 'MDEx' }); // "011": not canonical
    expect(control.inputs).toEqual([]);
    expect(emitted).toEqual([{ type: 'panel.open', tab: 'MY_TICKET' }]);
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
  });

  it('shows not found for a ticket that is not the user’s, with the way back', async () => {
    const { actor, control, emitted } = start();
    actor.send({ type: 'panel.changed', tab: 'TICKET', overlay: null, userTicketId: ID });
    control.settle('loadTicket', 'error', httpError('ticketDetail', 404, 'api.ticket.not_found'));
    await flush();
    expect(selectTicketStatus(actor.getSnapshot())).toBe('notFound');
    actor.send({ type: 'ticket.back' });
    expect(emitted).toEqual([{ type: 'panel.open', tab: 'MY_TICKET' }]);
  });

  it('opens gift, swap and resell with the encoded id, and a visible benefit', async () => {
    const { actor, control, emitted } = start();
    actor.send({ type: 'panel.changed', tab: 'TICKET', overlay: null, userTicketId: ID });
    const detail = ticketDetail();
    control.settle('loadTicket', 'done', detail);
    await flush();
    actor.send({ type: 'ticket.gift' });
    actor.send({ type: 'ticket.toggleMenu' });
    expect(selectIsMenuOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'ticket.swap' });
    actor.send({ type: 'ticket.resell' });
    actor.send({ type: 'ticket.openBenefit', userTicketBenefitId: 103 }); // purchased amount 0: not shown
    actor.send({ type: 'ticket.openBenefit', userTicketBenefitId: 101 });
    expect(emitted).toEqual([
      { type: 'panel.open', tab: 'GIFT', userTicketId: ID },
      { type: 'panel.open', tab: 'SWAP', userTicketId: ID },
      { type: 'panel.open', tab: 'RESELL', userTicketId: ID },
      { type: 'benefit.open', userTicketId: 11, benefit: benefit() },
    ]);
  });

  it('offers nothing once event access is used', async () => {
    const { actor, control } = start();
    actor.send({ type: 'panel.changed', tab: 'TICKET', overlay: null, userTicketId: ID });
    control.settle('loadTicket', 'done', ticketDetail({ eventAccessStatus: true }));
    await flush();
    const snapshot = actor.getSnapshot();
    expect([selectCanGift(snapshot), selectCanSwap(snapshot), selectCanResell(snapshot), selectHasMenu(snapshot)]).toEqual([false, false, false, false]);
  });

  it('reloads after an invalidation and keeps the ticket on screen meanwhile', async () => {
    const { actor, control } = start();
    actor.send({ type: 'panel.changed', tab: 'TICKET', overlay: null, userTicketId: ID });
    control.settle('loadTicket', 'done', ticketDetail());
    await flush();
    actor.send({ type: 'ticket.stale' });
    expect(selectTicketStatus(actor.getSnapshot())).toBe('loaded');
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    control.settle('loadTicket', 'done', ticketDetail({ ticketName: 'VIP' }));
    await flush();
    expect(selectTicket(actor.getSnapshot())?.ticketName).toBe('VIP');
  });

  it('stays put when the HUB opens over the ticket, and loads another id', async () => {
    const { actor, control } = start();
    actor.send({ type: 'panel.changed', tab: 'TICKET', overlay: null, userTicketId: ID });
    control.settle('loadTicket', 'done', ticketDetail());
    await flush();
    actor.send({ type: 'panel.changed', tab: 'TICKET', overlay: 'HUB', userTicketId: ID });
    expect(control.inputs).toHaveLength(1);
    actor.send({ type: 'panel.changed', tab: 'TICKET', overlay: null, userTicketId: encodeUserTicketId(12) });
    expect(control.inputs.at(-1)).toEqual({ id: 'loadTicket', input: { userTicketId: 12 } });
    expect(selectTicket(actor.getSnapshot())).toBeNull();
  });
});
