// Model-based tests of the my-tickets machine (SPEC §2 My tickets): tabs, lists loading on first show, empty and
// error states with retry, reloading on a TICKETS invalidation, and opening a ticket with the encoded id.
import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { myTicketsMachine, type MyTicketsEvent, type MyTicketsSnapshot } from '../../machines/my-tickets';
import { selectCanRetry, selectListStatus, selectTicketTab, selectTickets } from '../../machines/my-tickets.selectors';
import { decodeUserTicketId } from '../../machines/ticket-id';
import { httpError } from './fixtures';
import { canTake, controlledActors, flush, runPathOnActor, toTestMachine } from './model';
import { liveTicket, pastTicket, userTicket } from './ticket-fixtures';

type ModelEvent = MyTicketsEvent | { type: string; output?: unknown; error?: unknown };

const promiseActors = ['loadUpcoming', 'loadPast'] as const;

const samples: ModelEvent[] = [
  { type: 'panel.changed', tab: 'MY_TICKET', overlay: null },
  { type: 'panel.changed', tab: 'MY_TICKET', overlay: 'HUB' },
  { type: 'panel.changed', tab: 'TICKET', overlay: null },
  { type: 'myTickets.selectTab', tab: 'PAST' },
  { type: 'myTickets.selectTab', tab: 'UPCOMING' },
  { type: 'myTickets.retry' },
  { type: 'myTickets.stale' },
  { type: 'myTickets.openTicket', userTicketId: 12 },
  { type: 'loadUpcoming.done', output: [liveTicket(), userTicket()] },
  { type: 'loadUpcoming.done', output: [] },
  { type: 'loadUpcoming.error', error: httpError('myTickets', 500, 'api.internal_error') },
  { type: 'loadPast.done', output: [pastTicket()] },
  { type: 'loadPast.done', output: [] },
  { type: 'loadPast.error', error: httpError('myTickets', 500, 'api.internal_error') },
];

/** One vertex per state value and whether each list holds tickets: the concrete tickets do not change a branch. */
function vertex(snapshot: AnyMachineSnapshot): string {
  const { upcoming, past } = (snapshot as MyTicketsSnapshot).context;
  return JSON.stringify({ value: snapshot.value, upcoming: upcoming.length > 0, past: past.length > 0 });
}

const model = createTestModel(toTestMachine(myTicketsMachine), {
  events: samples as never,
  filterEvents: (state, event) => canTake(state, event) && samples.some((sample) => JSON.stringify(sample) === JSON.stringify(event)),
  serializeState: vertex,
});
const paths = model.getShortestPaths();

describe('my tickets model', () => {
  it('reaches loaded, empty and error in both tabs', () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const list of ['upcoming', 'past']) {
      for (const status of ['loading', 'loaded', 'empty', 'error', 'refreshing']) {
        expect([...reached].some((value) => value.includes(`"${list}":"${status}"`)), `${list} ${status}`).toBe(true);
      }
    }
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    await runPathOnActor(path, {
      machine: myTicketsMachine.provide({ actions: { logError: () => {} } }),
      promiseActors,
      vertex,
      check: (actor) => {
        const snapshot = actor.getSnapshot() as MyTicketsSnapshot;
        const region = selectTicketTab(snapshot) === 'PAST' ? 'past' : 'upcoming';
        const status = selectListStatus(snapshot);
        expect(selectTickets(snapshot).length > 0).toBe(status === 'loaded');
        expect(selectCanRetry(snapshot)).toBe(snapshot.matches({ view: { visible: { [region]: 'error' } } }));
        if (!snapshot.matches({ view: 'visible' })) expect(snapshot.context).toEqual({ upcoming: [], past: [] });
      },
    });
  });
});

describe('my tickets effects', () => {
  function start() {
    const control = controlledActors(promiseActors);
    const actor = createActor(myTicketsMachine.provide({ actors: control.actors, actions: { logError: () => {} } }));
    const emitted: Array<{ type: string; userTicketId?: string }> = [];
    actor.on('panel.open', (event) => emitted.push(event));
    actor.start();
    return { actor, control, emitted };
  }

  it('loads nothing until the panel shows, then only the selected tab', async () => {
    const { actor, control } = start();
    expect(control.inputs).toEqual([]);
    actor.send({ type: 'panel.changed', tab: 'MY_TICKET', overlay: null });
    expect(control.inputs.map((call) => call.id)).toEqual(['loadUpcoming']);
    expect(selectListStatus(actor.getSnapshot())).toBe('loading');
    control.settle('loadUpcoming', 'done', [userTicket()]);
    await flush();
    expect(selectListStatus(actor.getSnapshot())).toBe('loaded');
    actor.send({ type: 'myTickets.selectTab', tab: 'PAST' });
    expect(control.inputs.map((call) => call.id)).toEqual(['loadUpcoming', 'loadPast']);
    control.settle('loadPast', 'done', []);
    await flush();
    expect(selectListStatus(actor.getSnapshot())).toBe('empty');
    // Back to the first tab: its list is there already.
    actor.send({ type: 'myTickets.selectTab', tab: 'UPCOMING' });
    expect(control.inputs).toHaveLength(2);
  });

  it('keeps the cards on screen while a stale list reloads', async () => {
    const { actor, control } = start();
    actor.send({ type: 'panel.changed', tab: 'MY_TICKET', overlay: null });
    control.settle('loadUpcoming', 'done', [userTicket()]);
    await flush();
    actor.send({ type: 'myTickets.stale' });
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    expect(selectTickets(actor.getSnapshot())).toHaveLength(1);
    control.settle('loadUpcoming', 'done', [userTicket(), liveTicket()]);
    await flush();
    expect(selectTickets(actor.getSnapshot())).toHaveLength(2);
  });

  it('opens a ticket with its id encoded for USER_TICKET_ID', async () => {
    const { actor, control, emitted } = start();
    actor.send({ type: 'panel.changed', tab: 'MY_TICKET', overlay: null });
    control.settle('loadUpcoming', 'done', [userTicket({ userTicketId: 4821 })]);
    await flush();
    actor.send({ type: 'myTickets.openTicket', userTicketId: 4821 });
    expect(emitted).toEqual([{ type: 'panel.open', tab: 'TICKET', userTicketId: 'NDgyMQ' }]);
    expect(decodeUserTicketId(emitted[0]!.userTicketId)).toBe(4821);
  });

  it('keeps the chosen tab over a visit to a ticket, and forgets the lists', async () => {
    const { actor, control } = start();
    actor.send({ type: 'panel.changed', tab: 'MY_TICKET', overlay: null });
    actor.send({ type: 'myTickets.selectTab', tab: 'PAST' });
    control.settle('loadPast', 'done', [pastTicket()]);
    await flush();
    actor.send({ type: 'panel.changed', tab: 'TICKET', overlay: null });
    expect(actor.getSnapshot().context.past).toEqual([]);
    actor.send({ type: 'panel.changed', tab: 'MY_TICKET', overlay: null });
    expect(selectTicketTab(actor.getSnapshot())).toBe('PAST');
    expect(control.inputs.at(-1)?.id).toBe('loadPast');
  });
});
