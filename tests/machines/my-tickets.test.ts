// Model-based tests of the my-tickets machine (docs/product.md §2 My tickets): the selected tab's list through the cache, empty
// and error states with retry, reloading on a TICKETS invalidation, the tab kept in the URL, and opening a ticket
// with the encoded id.
import { describe, expect, it } from 'vitest';
import { myTicketsMachine, type MyTicketsSnapshot } from '../../machines/my-tickets';
import { selectCanRetry, selectListStatus, selectTicketTab, selectTickets } from '../../machines/my-tickets.selectors';
import { decodeUserTicketId } from '../../machines/ticket-id';
import { testServices } from '../../machines/models/fake-platform';
import { controlledActors, expectFullCoverage, flush, runPathOnActor, startAsChild } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';
import { myTicketsPromiseActors, myTicketsSpec, myTicketsVertex } from '../../machines/models/my-tickets.model';
import { liveTicket, pastTicket, userTicket } from '../../machines/models/ticket-fixtures';

const { testMachine, runs: models } = pathsOf(myTicketsSpec);

describe.each(models)('my tickets model from $start.name', ({ input, paths }) => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    // A reload that brings a ticket the list did not show announces it with one toast.
    let shown: number[] = [];
    let wasRefreshing = false;
    let arrivals = 0;
    await runPathOnActor(path, {
      machine: myTicketsMachine.provide({ actions: { logError: () => {} } }),
      input,
      promiseActors: myTicketsPromiseActors,
      vertex: myTicketsVertex,
      asChild: true,
      check: (actor, step, reports) => {
        const snapshot = actor.getSnapshot() as MyTicketsSnapshot;
        expect(selectTickets(snapshot).length > 0).toBe(selectListStatus(snapshot) === 'loaded');
        expect(selectCanRetry(snapshot)).toBe(snapshot.matches('error'));
        if (step.event.type === 'myTickets.selectTab') {
          expect(reports.at(-1)).toEqual({ type: 'panel.setParams', params: { ticketsTab: selectTicketTab(snapshot) } });
        }
        const ids = selectTickets(snapshot).map((ticket) => ticket.userTicketId);
        if (step.event.type === 'loadTickets.done' && wasRefreshing && ids.some((id) => !shown.includes(id))) arrivals += 1;
        const toasts = reports.filter((report) => report.type === 'notify');
        expect(toasts).toHaveLength(arrivals);
        for (const toast of toasts) expect(toast).toEqual({ type: 'notify', kind: 'success', key: 'tickets.received' });
        shown = ids;
        wasRefreshing = snapshot.matches('refreshing');
      },
    });
  });
});

describe('my tickets model coverage', () => {
  it('reaches loaded, empty and error in both tabs, and takes every transition', () => {
    const paths = models.flatMap((model) => model.paths);
    for (const tab of ['UPCOMING', 'PAST']) {
      for (const status of ['loading', 'loaded', 'empty', 'error', 'refreshing']) {
        const reached = paths.some((path) =>
          path.steps.some((step) => step.state.matches(status as never) && (step.state.context as { tab: string }).tab === tab),
        );
        expect(reached, `${tab} ${status}`).toBe(true);
      }
    }
    expectFullCoverage(myTicketsSpec.name, testMachine, paths, myTicketsSpec.excused);
  });
});

describe('my tickets effects', () => {
  function start(tab: string | null = null) {
    const control = controlledActors(myTicketsPromiseActors);
    const machine = myTicketsMachine.provide({ actors: control.actors, actions: { logError: () => {} } });
    const { flow: actor, reports } = startAsChild(machine, { services: testServices(), tab });
    return { actor, control, reports };
  }

  it('loads the selected tab at once, the other when chosen, and writes the choice to the URL', async () => {
    const { actor, control, reports } = start();
    expect(control.inputs.map((call) => (call.input as { tab: string }).tab)).toEqual(['UPCOMING']);
    control.settle('loadTickets', 'done', [userTicket()]);
    await flush();
    expect(selectListStatus(actor.getSnapshot())).toBe('loaded');
    actor.send({ type: 'myTickets.selectTab', tab: 'PAST' });
    expect(reports).toEqual([{ type: 'panel.setParams', params: { ticketsTab: 'PAST' } }]);
    expect(control.inputs.map((call) => (call.input as { tab: string }).tab)).toEqual(['UPCOMING', 'PAST']);
    control.settle('loadTickets', 'done', []);
    await flush();
    expect(selectListStatus(actor.getSnapshot())).toBe('empty');
    actor.send({ type: 'myTickets.selectTab', tab: 'PAST' });
    expect(control.inputs).toHaveLength(2);
  });

  it('starts on the tab of TICKETS_TAB', () => {
    const { actor, control } = start('PAST');
    expect(selectTicketTab(actor.getSnapshot())).toBe('PAST');
    expect(control.inputs.map((call) => (call.input as { tab: string }).tab)).toEqual(['PAST']);
  });

  it('keeps the cards on screen while a stale list reloads', async () => {
    const { actor, control } = start();
    control.settle('loadTickets', 'done', [userTicket()]);
    await flush();
    actor.send({ type: 'myTickets.stale' });
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    expect(selectTickets(actor.getSnapshot())).toHaveLength(1);
    control.settle('loadTickets', 'done', [userTicket(), liveTicket()]);
    await flush();
    expect(selectTickets(actor.getSnapshot())).toHaveLength(2);
  });

  it('opens a ticket with its id encoded for USER_TICKET_ID', async () => {
    const { actor, control, reports } = start();
    control.settle('loadTickets', 'done', [userTicket({ userTicketId: 4821 }), pastTicket()]);
    await flush();
    actor.send({ type: 'myTickets.openTicket', userTicketId: 4821 });
    expect(reports).toEqual([{ type: 'panel.open', tab: 'TICKET', userTicketId: 'NDgyMQ' }]);
    expect(decodeUserTicketId('NDgyMQ')).toBe(4821);
  });
});
