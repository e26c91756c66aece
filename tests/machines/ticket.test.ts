// Model-based tests of the single-ticket machine (docs/product.md §2 Single ticket): loading, not found and errors, the Gift /
// Swap / Resell rules, the description toggle, the menu, the benefit modal as a child, and what it reports.
import { describe, expect, it } from 'vitest';
import { canAddToWallet, ticketActions, ticketMachine, ticketsTabOf, visibleBenefits, type TicketSnapshot } from '../../machines/ticket';
import {
  selectBenefitRows,
  selectCanDownloadPdf,
  selectCanGift,
  selectCanResell,
  selectCanSwap,
  selectHasMenu,
  selectHeldSwap,
  selectIsDescriptionExpanded,
  selectIsMenuOpen,
  selectTicket,
  selectTicketStatus,
  selectWalletLinks,
  selectWalletStatus,
} from '../../machines/ticket.selectors';
import { encodeUserTicketId } from '../../machines/ticket-id';
import { testServices } from '../../machines/models/fake-platform';
import { httpError } from '../../machines/models/fixtures';
import { controlledActors, expectFullCoverage, flush, runPathOnActor, startAsChild } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';
import { benefit, heldTicket, ticketDetail } from '../../machines/models/ticket-fixtures';
import { closeBenefit, ticketInput, ticketSpec, ticketVertex } from '../../machines/models/ticket.model';

const ID = encodeUserTicketId(11);
const { testMachine, paths } = pathsOf(ticketSpec);

describe('single ticket model', () => {
  it('reaches not found, error, the open menu, the expanded description, a reload, a failed reload and the benefit modal', () => {
    const values = paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value)));
    for (const part of ['"notFound"', '"error"', '"menu":"open"', '"description":"expanded"', '"data":"refreshing"', '"data":"outdated"', '"modal":"benefit"', '"wallet":"ready"', '"wallet":"failed"']) {
      expect(values.some((value) => value.includes(part)), part).toBe(true);
    }
    expectFullCoverage(ticketSpec.name, testMachine, paths, ticketSpec.excused);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    await runPathOnActor(path, {
      machine: ticketMachine.provide({ actions: { logError: () => {} } }),
      input: ticketInput(),
      promiseActors: ['loadTicket', 'downloadPdf', 'loadWalletLinks', 'continueHeldCheckout', 'releaseHeldSwap'],
      vertex: ticketVertex,
      asChild: true,
      perform: { 'benefit.done': closeBenefit },
      check: (actor, step, reports) => {
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
        // The wallet buttons only for a ticket that may have a pass, and their links only once loaded.
        if (selectWalletStatus(snapshot) !== 'none') expect(canAddToWallet(ticket)).toBe(true);
        expect(selectWalletLinks(snapshot) !== null).toBe(selectWalletStatus(snapshot) === 'ready');
        // The modal is open exactly while its child runs.
        expect(Boolean(snapshot.children.benefit)).toBe(snapshot.matches({ loaded: { modal: 'benefit' } }));
        if (step.event.type === 'notify') expect(reports.at(-1)).toEqual(step.event);
        // "Swap in progress": shown exactly for a ticket its holder's swap holds, its buttons busy while one runs.
        const held = selectHeldSwap(snapshot);
        expect(held?.held ?? null).toEqual(ticket?.heldSwap ?? null);
        if (held) expect([held.leaving, held.releasing]).toEqual([snapshot.matches('leavingSwap'), snapshot.matches('releasingSwap')]);
        if (step.event.type === 'releaseHeldSwap.done') {
          expect(reports.at(-1)).toEqual({ type: 'notify', kind: 'success', key: 'ticket.swap_cancelled' });
          expect(held).toBeNull();
          expect(selectCanGift(snapshot)).toBe(true);
        }
        if (step.event.type === 'releaseHeldSwap.error') {
          expect(reports.at(-1)).toEqual({ type: 'notify', kind: 'error', key: 'api.swap.already_confirmed' });
          expect(selectTicketStatus(snapshot)).toBe('loading');
        }
      },
    });
  });
});

describe('single ticket effects', () => {
  function start() {
    const control = controlledActors(['loadTicket']);
    const machine = ticketMachine.provide({ actors: control.actors, actions: { logError: () => {} } });
    const { flow: actor, reports } = startAsChild(machine, { services: testServices(), userTicketId: 11 });
    return { actor, control, reports };
  }

  it('loads the id it was given', () => {
    const { actor, control } = start();
    expect(control.inputs).toMatchObject([{ id: 'loadTicket', input: { userTicketId: 11 } }]);
    expect(selectTicketStatus(actor.getSnapshot())).toBe('loading');
  });

  it('shows not found for a ticket that is not the user’s, with the way back', async () => {
    const { actor, control, reports } = start();
    control.settle('loadTicket', 'error', httpError('ticketDetail', 404, 'api.ticket.not_found'));
    await flush();
    expect(selectTicketStatus(actor.getSnapshot())).toBe('notFound');
    actor.send({ type: 'ticket.back' });
    expect(reports).toEqual([{ type: 'panel.open', tab: 'MY_TICKET', ticketsTab: 'UPCOMING' }]);
  });

  it('goes back to the Past tab from a ticket whose event has ended', async () => {
    const { actor, control, reports } = start();
    control.settle('loadTicket', 'done', ticketDetail({ eventEndDateTime: '2020-01-01T00:00:00.000Z' }));
    await flush();
    actor.send({ type: 'ticket.back' });
    expect(reports).toEqual([{ type: 'panel.open', tab: 'MY_TICKET', ticketsTab: 'PAST' }]);
    expect(ticketsTabOf(ticketDetail())).toBe('UPCOMING');
  });

  it('opens gift, swap and resell with the encoded id, and the benefit modal for a visible benefit', async () => {
    const { actor, control, reports } = start();
    control.settle('loadTicket', 'done', ticketDetail());
    await flush();
    actor.send({ type: 'ticket.gift' });
    actor.send({ type: 'ticket.toggleMenu' });
    expect(selectIsMenuOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'ticket.swap' });
    actor.send({ type: 'ticket.resell' });
    expect(reports).toEqual([
      { type: 'panel.open', tab: 'GIFT', userTicketId: ID },
      { type: 'panel.open', tab: 'SWAP', userTicketId: ID },
      { type: 'panel.open', tab: 'RESELL', userTicketId: ID },
    ]);
    actor.send({ type: 'ticket.openBenefit', userTicketBenefitId: 103 }); // purchased amount 0: not shown
    expect(actor.getSnapshot().children.benefit).toBeUndefined();
    actor.send({ type: 'ticket.openBenefit', userTicketBenefitId: 101 });
    const modal = actor.getSnapshot().children.benefit;
    expect(modal?.getSnapshot().context.benefit).toEqual(benefit());
    modal?.send({ type: 'benefit.close' });
    expect(actor.getSnapshot().matches({ loaded: { modal: 'closed' } })).toBe(true);
  });

  it('a ticket held by its holder\'s swap in progress: Continue to checkout sends the window to the swap\'s checkout', async () => {
    const control = controlledActors(['loadTicket']);
    const services = testServices();
    const machine = ticketMachine.provide({ actors: control.actors, actions: { logError: () => {} } });
    const { flow: actor } = startAsChild(machine, { services, userTicketId: 11 });
    control.settle('loadTicket', 'done', heldTicket());
    await flush();
    expect(selectHeldSwap(actor.getSnapshot())).toMatchObject({ held: { orderIdentifier: 'SW-ABC123' }, leaving: false, releasing: false });
    expect([selectCanGift(actor.getSnapshot()), selectHasMenu(actor.getSnapshot()), selectCanDownloadPdf(actor.getSnapshot())]).toEqual([false, false, false]);
    actor.send({ type: 'ticket.continueSwap' });
    await flush();
    expect(selectHeldSwap(actor.getSnapshot())?.leaving).toBe(true);
    // Same origin as the page: no hand-over code, the address the swap flow builds.
    expect(services.platform.loadUrl).toHaveBeenCalledWith(
      expect.stringMatching(/^https:\/\/tickets\.test\/en\/harbour-lights-weekender-3\/checkout\/SW-ABC123\?redirectDomain=.+&origin=ticket_swap$/),
    );
  });

  it('Cancel swap ends the swap on the server and reads the ticket again: Gift is back', async () => {
    const calls: Array<[string, unknown]> = [];
    const api = {
      call: async (name: string, options: unknown) => {
        calls.push([name, options]);
        return name === 'cancelSwap' ? { ok: true } : ticketDetail();
      },
      onInvalidate: () => () => {},
      cache: {},
    } as unknown as ReturnType<typeof testServices>['api'];
    const control = controlledActors(['loadTicket']);
    const machine = ticketMachine.provide({ actors: control.actors, actions: { logError: () => {} } });
    const { flow: actor, reports } = startAsChild(machine, { services: testServices({ api }), userTicketId: 11 });
    control.settle('loadTicket', 'done', heldTicket());
    await flush();
    actor.send({ type: 'ticket.cancelSwap' });
    expect(selectHeldSwap(actor.getSnapshot())?.releasing).toBe(true);
    await flush();
    // (The wallet links load beside it, through the same client.)
    expect(calls.filter(([name]) => name !== 'walletLinks')).toEqual([
      ['cancelSwap', { params: { swapIdentifier: 'SW-ABC123' } }],
      ['ticketDetail', { params: { ticketUserId: 11 } }],
    ]);
    expect(selectHeldSwap(actor.getSnapshot())).toBeNull();
    expect(selectCanGift(actor.getSnapshot())).toBe(true);
    expect(reports.at(-1)).toEqual({ type: 'notify', kind: 'success', key: 'ticket.swap_cancelled' });
  });

  it('offers nothing once event access is used', async () => {
    const { actor, control } = start();
    control.settle('loadTicket', 'done', ticketDetail({ eventAccessStatus: true }));
    await flush();
    const snapshot = actor.getSnapshot();
    expect([selectCanGift(snapshot), selectCanSwap(snapshot), selectCanResell(snapshot), selectHasMenu(snapshot)]).toEqual([false, false, false, false]);
  });

  it('offers the PDF exactly when the server allows a gift, and toasts the reason the server refuses it', async () => {
    const control = controlledActors(['loadTicket', 'downloadPdf']);
    const machine = ticketMachine.provide({ actors: control.actors, actions: { logError: () => {} } });
    const { flow: actor, reports } = startAsChild(machine, { services: testServices(), userTicketId: 11 });
    // Only resellable: the server refuses a PDF of it (docs/decisions/0037-pdf-and-redeem-in-the-lifecycle.md).
    control.settle('loadTicket', 'done', ticketDetail({ isGiftable: false, isSwappable: false, isResellable: true }));
    await flush();
    expect(selectCanDownloadPdf(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'ticket.downloadPdf' });
    expect(actor.getSnapshot().hasTag('downloading')).toBe(false);

    actor.send({ type: 'ticket.stale' });
    control.settle('loadTicket', 'done', ticketDetail({ isGiftable: true, isResellable: false }));
    await flush();
    expect(selectCanDownloadPdf(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'ticket.downloadPdf' });
    control.settle('downloadPdf', 'error', httpError('ticketPdf', 409, 'api.ticket.listed'));
    await flush();
    expect(reports.at(-1)).toEqual({ type: 'notify', kind: 'error', key: 'api.ticket.listed' });
  });

  it('reloads after an invalidation and keeps the ticket on screen meanwhile', async () => {
    const { actor, control } = start();
    control.settle('loadTicket', 'done', ticketDetail());
    await flush();
    actor.send({ type: 'ticket.stale' });
    expect(selectTicketStatus(actor.getSnapshot())).toBe('loaded');
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    control.settle('loadTicket', 'done', ticketDetail({ ticketName: 'VIP' }));
    await flush();
    expect(selectTicket(actor.getSnapshot())?.ticketName).toBe('VIP');
  });
});
