// Model-based tests of the swap machine (docs/product.md §2 Swap, §4 Swap flow, §5, §7, §8): the base tickets, the quantity
// (plus up to the quantity held, minus at 1 clears), the targets (an error resets the selection), starting the swap
// (a failure flashes api.start_swap_failed), the modal's Cancel (the reservation released) and Go to checkout (the
// whole window to the checkout address). Then the selectors: the amount, its wording and the checkout address.
import { describe, expect, it } from 'vitest';
import type { SwapOrder } from '../../src/contract/entities';
import { swapMachine, type SwapSnapshot } from '../../machines/swap';
import { checkoutElsewhere, checkoutUrl, eventSlug } from '../../machines/swap.checkout';
import {
  formatSwapAmount,
  selectBase,
  selectBases,
  selectCancelledBase,
  selectHeldSwaps,
  selectSwapModal,
  selectSwapQuantity,
  selectSwapReceipt,
  selectSwapStep,
  selectTargets,
  selectTargetsState,
  swapAmount,
  swapModal,
} from '../../machines/swap.selectors';
import { testServices } from '../../machines/models/fake-platform';
import { httpError } from '../../machines/models/fixtures';
import { controlledActors, expectFullCoverage, flush, runPathOnActor, startAsChild } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';
import { closingAnswers } from './closing-answers';
import { crossOriginStart, heldSwap, swapBases, swapPromiseActors, swapSpec, swapTargets, swapVertex, upgradeStart } from '../../machines/models/swap.model';

const { testMachine, runs } = pathsOf(swapSpec);

describe('swap model', () => {
  it('covers every transition: bases, quantity, targets, start, cancel, checkout and failures', () => {
    const paths = runs.flatMap((run) => run.paths);
    const values = paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value)));
    for (const part of ['"failed"', '"picking"', '"loadingTargets"', '"targets"', '"starting"', '"confirming"', '"cancelling"', '"handingOver"', '"going"', '"shown"']) {
      expect(values.some((value) => value.includes(part)), part).toBe(true);
    }
    expectFullCoverage(swapSpec.name, testMachine, paths, swapSpec.excused);
  });

  describe.each(runs)('from $start.name', ({ start, paths }) => {
    it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
      const input = start.input();
      const closing = closingAnswers();
      let baseBefore: number | null = null;
      let cancelledBefore: number | null = null;
      let quantityBefore = 1;
      let backQuantity = 1;
      await runPathOnActor(path, {
        machine: swapMachine.provide({ actions: { logError: () => {} } }),
        input,
        promiseActors: swapPromiseActors,
        vertex: swapVertex,
        asChild: true,
        check: (actor, step, reports) => {
          const snapshot = actor.getSnapshot() as SwapSnapshot;
          const step_ = selectSwapStep(snapshot);
          const quantity = selectSwapQuantity(snapshot);
          // The base card shows from its choice until the modal closes; the targets only with a base.
          expect(selectBase(snapshot) !== null).toBe(['chosen', 'confirming', 'cancelling', 'leaving'].includes(step_));
          if (selectTargetsState(snapshot) !== 'hidden') expect(selectBase(snapshot)).not.toBeNull();
          // docs/product.md §5: never more than held, never fewer than one.
          expect(quantity.value).toBeGreaterThanOrEqual(1);
          expect(quantity.value).toBeLessThanOrEqual(quantity.max);
          if (step_ === 'chosen' && !snapshot.matches({ chosen: 'starting' })) expect(quantity.canIncrement).toBe(quantity.value < quantity.max);
          // A target with fewer left than the quantity cannot be chosen.
          for (const view of selectTargets(snapshot)) if (view.target.quantity < quantity.value) expect(view.choosable).toBe(false);
          expect(selectSwapModal(snapshot) !== null).toBe(['confirming', 'cancelling', 'leaving'].includes(step_));
          const last = reports.at(-1);
          const { type } = step.event;
          if (type === 'loadTargets.error') {
            expect(last).toEqual({ type: 'notify', kind: 'error', key: 'api.internal_error' });
            expect(step_).toBe('picking');
          }
          if (type === 'startSwap.error') expect(last).toEqual({ type: 'notify', kind: 'error', key: 'api.start_swap_failed' });
          if (type === 'swap.viewTickets') expect(last).toEqual({ type: 'panel.open', tab: 'MY_TICKET' });
          // Half-done: step 2 with a base chosen here or a quantity changed, or a reservation held (which Discard
          // releases, as Cancel does, before the wallet closes); a swap starting or being released waits.
          closing(type, reports, () => {
            if (snapshot.matches('discarding')) return 'none';
            if (type === 'flow.discard') return 'panel.dismiss';
            if (snapshot.matches({ chosen: 'starting' })) return 'none';
            if (snapshot.matches('confirming')) return 'panel.askDiscard';
            const entered = snapshot.context.handPicked || snapshot.context.quantity !== 1;
            return snapshot.matches('chosen') && entered ? 'panel.askDiscard' : 'panel.dismiss';
          });
          if (step.event.type.startsWith('cancelSwap.') && snapshot.matches('discarding')) expect(last).toEqual({ type: 'panel.dismiss' });
          if (type === 'flow.discard' && snapshot.matches('discarding')) expect(snapshot.context.started).not.toBeNull();
          // After Cancel released the swap, step 1 remembers its base (the view gives its Choose button the focus);
          // choosing a base, or any other way back to step 1, forgets it.
          const cancelled = selectCancelledBase(snapshot);
          // The browser's Back from step 2 (flow.step, PANEL_STEP gone) marks the base as a Cancel does, so Forward takes it again.
          if ((type.startsWith('cancelSwap.') || (type === 'flow.step' && baseBefore !== null)) && step_ === 'picking') expect(cancelled).toBe(baseBefore);
          else if (cancelled !== null) expect(cancelled).toBe(cancelledBefore);
          if (type === 'swap.selectBase') expect(snapshot.context.cancelledBase).toBeNull();
          // Forward to step 2 takes the marked base again with the quantity it had when Back (or Cancel) left it.
          if ((type.startsWith('cancelSwap.') || (type === 'flow.step' && baseBefore !== null)) && step_ === 'picking') backQuantity = quantityBefore;
          if (type === 'flow.step' && (step.event as { step?: string | null }).step === 'TARGET' && cancelledBefore !== null && snapshot.matches('chosen')) {
            expect(snapshot.context.base?.id).toBe(cancelledBefore);
            expect(snapshot.context.quantity).toBe(backQuantity);
          }
          quantityBefore = snapshot.context.quantity;
          if (cancelled !== null) expect(selectBases(snapshot).some((base) => base.id === cancelled)).toBe(true);
          baseBefore = snapshot.context.base?.id ?? null;
          cancelledBefore = cancelled;
          // Swaps in progress from before: listed on step 1 alone, their buttons waiting while one runs; Cancel swap
          // says it freed the tickets (or the server's reason) and step 1 loads again.
          const heldRows = selectHeldSwaps(snapshot);
          expect(heldRows.map((row) => row.held)).toEqual(step_ === 'picking' ? snapshot.context.held : []);
          for (const row of heldRows) expect(row.busy).toBe(snapshot.matches('resumingHeld') || snapshot.matches('releasingHeld'));
          if (type === 'swap.cancelHeld' && snapshot.matches('releasingHeld')) expect(heldRows.find((row) => row.releasing)?.held.orderIdentifier).toBe('SW-HELD00000001');
          if (type === 'swap.continueHeld' && snapshot.matches('resumingHeld')) expect(heldRows.find((row) => row.leaving)?.held.orderIdentifier).toBe('SW-HELD00000001');
          if (type === 'cancelHeld.done') expect(last).toEqual({ type: 'notify', kind: 'success', key: 'swap.held_cancelled' });
          if (type === 'cancelHeld.error') expect(last).toEqual({ type: 'notify', kind: 'error', key: 'api.swap.already_confirmed' });
          if (type === 'continueHeld.error') expect(last).toEqual({ type: 'notify', kind: 'error', key: 'api.request_failed' });
          if (type.startsWith('cancelHeld.')) expect(snapshot.matches('loading')).toBe(true);
          // Back from checkout: a confirmed order shows "You now hold …" first; any other answer goes to step 1.
          expect(selectSwapReceipt(snapshot) !== null).toBe(snapshot.matches({ receipt: 'shown' }));
          if (type === 'loadOrder.done') {
            const order = (step.event as unknown as { output: SwapOrder }).output;
            expect(selectSwapReceipt(snapshot)).toEqual(order.status === 'confirmed' ? order : null);
            if (order.status !== 'confirmed') expect(snapshot.matches('loading')).toBe(true);
          }
          if (type === 'loadOrder.error' || type === 'swap.dismissReceipt') {
            expect(snapshot.matches('loading')).toBe(true);
            expect(snapshot.context.receipt).toBeNull();
          }
          const loadUrl = input.services.platform.loadUrl as unknown as { mock: { calls: unknown[][] } };
          if (type === 'swap.checkout' && start.name !== crossOriginStart) {
            expect(input.services.platform.loadUrl).toHaveBeenLastCalledWith(
              'https://tickets.test/en/summer-sound-festival-3/checkout/SW-ABC123?redirectDomain=https%3A%2F%2Ftickets.test%2Fen%2Fevents%2Fspring-fest&origin=ticket_swap',
            );
          }
          // On a host of another origin the code is asked for first, and goes along in the fragment; without one
          // (the call failed) the checkout page asks for a sign-in of its own.
          if (type === 'swap.checkout' && start.name === crossOriginStart) {
            expect(snapshot.matches({ leaving: 'handingOver' })).toBe(true);
            expect(loadUrl.mock.calls).toHaveLength(0);
          }
          const checkoutAt = 'https://shop.test/en/summer-sound-festival-3/checkout/SW-ABC123?redirectDomain=https%3A%2F%2Ftickets.test%2Fen%2Fevents%2Fspring-fest&origin=ticket_swap';
          if (type === 'checkoutHandOver.done') expect(input.services.platform.loadUrl).toHaveBeenLastCalledWith(`${checkoutAt}#tw-hand-over=c0de`);
          if (type === 'checkoutHandOver.error') expect(input.services.platform.loadUrl).toHaveBeenLastCalledWith(checkoutAt);
        },
      });
    });
  });
});

describe('swap effects', () => {
  function start(userTicketId: number | null = null) {
    const control = controlledActors([...swapPromiseActors]);
    const services = testServices();
    const machine = swapMachine.provide({ actors: control.actors, actions: { logError: () => {} } });
    const { flow: actor, reports } = startAsChild(machine, { services, userTicketId });
    return { actor: actor as unknown as { send: (event: object) => void; getSnapshot: () => SwapSnapshot }, control, reports, services };
  }

  it('preselects the type holding USER_TICKET_ID, asks its targets and starts the swap with the quantity', async () => {
    const { actor, control } = start(12);
    control.settle('loadBases', 'done', swapBases());
    await flush();
    control.settle('loadHeld', 'done', []);
    await flush();
    expect(selectBase(actor.getSnapshot())?.id).toBe(1);
    expect(control.inputs.at(-1)).toMatchObject({ id: 'loadTargets', input: { ticketTypeId: 1 } });
    control.settle('loadTargets', 'done', swapTargets());
    await flush();
    actor.send({ type: 'swap.increment' });
    actor.send({ type: 'swap.increment' }); // 2 held: stays at 2
    expect(selectSwapQuantity(actor.getSnapshot())).toMatchObject({ value: 2, canIncrement: false, canDecrement: true });
    // Backstage has one left: not for two.
    actor.send({ type: 'swap.selectTarget', swapPairId: 8 });
    expect(selectSwapStep(actor.getSnapshot())).toBe('chosen');
    actor.send({ type: 'swap.selectTarget', swapPairId: 7 });
    expect(control.inputs.at(-1)).toMatchObject({ id: 'startSwap', input: { baseTicketId: 1, swapPairId: 7, swapQuantity: 2 } });
    control.settle('startSwap', 'done', upgradeStart());
    await flush();
    expect(selectSwapModal(actor.getSnapshot())).toMatchObject({
      swapType: 'UPGRADE',
      titleKey: 'swap.modal_upgrade_title',
      disclaimerKey: 'swap.disclaimer_pay',
      amount: '$140.00',
      from: 'General Admission',
      to: 'VIP',
      quantity: 2,
    });
  });

  it('minus at one clears the selection; a ticket not held preselects nothing', async () => {
    const { actor, control } = start(999);
    control.settle('loadBases', 'done', swapBases());
    await flush();
    control.settle('loadHeld', 'done', []);
    await flush();
    expect(selectSwapStep(actor.getSnapshot())).toBe('picking');
    actor.send({ type: 'swap.selectBase', ticketTypeId: 2 });
    expect(selectSwapQuantity(actor.getSnapshot())).toMatchObject({ value: 1, max: 1, canIncrement: false, decrementClears: true });
    actor.send({ type: 'swap.decrement' });
    expect(selectSwapStep(actor.getSnapshot())).toBe('picking');
    expect(actor.getSnapshot().context).toMatchObject({ base: null, quantity: 1, targets: [], target: null });
  });

  it('Cancel in the modal releases the reservation on the server and resets, even when the release fails', async () => {
    const { actor, control } = start();
    control.settle('loadBases', 'done', swapBases());
    await flush();
    control.settle('loadHeld', 'done', []);
    await flush();
    actor.send({ type: 'swap.selectBase', ticketTypeId: 1 });
    control.settle('loadTargets', 'done', swapTargets());
    await flush();
    actor.send({ type: 'swap.selectTarget', swapPairId: 7 });
    control.settle('startSwap', 'done', upgradeStart());
    await flush();
    actor.send({ type: 'swap.cancel' });
    expect(control.inputs.at(-1)).toMatchObject({ id: 'cancelSwap', input: { orderIdentifier: 'SW-ABC123' } });
    control.settle('cancelSwap', 'error', httpError('cancelSwap', 500, 'api.internal_error'));
    await flush();
    expect(selectSwapStep(actor.getSnapshot())).toBe('picking');
    expect(actor.getSnapshot().context.started).toBeNull();
    // Step 1 remembers the released swap's base, until a base is chosen again.
    expect(selectCancelledBase(actor.getSnapshot())).toBe(1);
    actor.send({ type: 'swap.selectBase', ticketTypeId: 1 });
    expect(actor.getSnapshot().context.cancelledBase).toBeNull();
  });

  it("the browser's Forward to step 2 takes the base again with the quantity chosen before Back, from step 2 and from the modal", async () => {
    const { actor, control, reports } = start();
    control.settle('loadBases', 'done', swapBases());
    await flush();
    control.settle('loadHeld', 'done', []);
    await flush();
    actor.send({ type: 'swap.selectBase', ticketTypeId: 1 });
    expect(reports.at(-1)).toEqual({ type: 'panel.pushStep', step: 'TARGET' });
    control.settle('loadTargets', 'done', swapTargets());
    await flush();
    actor.send({ type: 'swap.increment' });
    expect(selectSwapQuantity(actor.getSnapshot()).value).toBe(2);

    // Back from step 2: step 1, nothing selected, the base marked.
    actor.send({ type: 'flow.step', step: null });
    expect(selectSwapStep(actor.getSnapshot())).toBe('picking');
    expect(selectBase(actor.getSnapshot())).toBeNull();
    expect(selectCancelledBase(actor.getSnapshot())).toBe(1);
    // Forward: the same base with two tickets (pushing nothing: the entry is there), its targets asked again.
    const pushes = reports.length;
    actor.send({ type: 'flow.step', step: 'TARGET' });
    expect(selectBase(actor.getSnapshot())?.id).toBe(1);
    expect(selectSwapQuantity(actor.getSnapshot())).toMatchObject({ value: 2, canIncrement: false, canDecrement: true });
    expect(reports.length).toBe(pushes);
    expect(control.inputs.at(-1)).toMatchObject({ id: 'loadTargets', input: { ticketTypeId: 1 } });
    control.settle('loadTargets', 'done', swapTargets());
    await flush();

    // From the modal, Back releases the hold as Cancel does; Forward still comes back with two tickets.
    actor.send({ type: 'swap.selectTarget', swapPairId: 7 });
    expect(control.inputs.at(-1)).toMatchObject({ id: 'startSwap', input: { swapQuantity: 2 } });
    control.settle('startSwap', 'done', upgradeStart());
    await flush();
    actor.send({ type: 'flow.step', step: null });
    control.settle('cancelSwap', 'done', {});
    await flush();
    expect(selectSwapStep(actor.getSnapshot())).toBe('picking');
    actor.send({ type: 'flow.step', step: 'TARGET' });
    expect(selectSwapQuantity(actor.getSnapshot()).value).toBe(2);

    // A base chosen by hand starts again at one ticket, and a later Back and Forward remember that one.
    actor.send({ type: 'swap.clearBase' });
    actor.send({ type: 'swap.selectBase', ticketTypeId: 1 });
    expect(selectSwapQuantity(actor.getSnapshot()).value).toBe(1);
    actor.send({ type: 'flow.step', step: null });
    actor.send({ type: 'flow.step', step: 'TARGET' });
    expect(selectSwapQuantity(actor.getSnapshot()).value).toBe(1);
  });

  it('a failed start flashes api.start_swap_failed and keeps the base and targets', async () => {
    const { actor, control, reports } = start(11);
    control.settle('loadBases', 'done', swapBases());
    await flush();
    control.settle('loadHeld', 'done', []);
    await flush();
    control.settle('loadTargets', 'done', swapTargets());
    await flush();
    actor.send({ type: 'swap.selectTarget', swapPairId: 7 });
    control.settle('startSwap', 'error', httpError('startSwap', 409, 'api.swap.not_enough_tickets'));
    await flush();
    expect(reports).toEqual([{ type: 'notify', kind: 'error', key: 'api.start_swap_failed' }]);
    expect(selectTargetsState(actor.getSnapshot())).toBe('ready');
    expect(selectBase(actor.getSnapshot())?.id).toBe(1);
  });
});

describe('swap selectors', () => {
  const base = swapBases()[0]!;
  const [vip] = swapTargets();
  const start = upgradeStart();

  it('amount = (base − target) × quantity, exact in cents', () => {
    expect(swapAmount(50, 120, 1)).toBe(-70);
    expect(swapAmount(50, 120, 3)).toBe(-210);
    expect(swapAmount(120, 50, 2)).toBe(140);
    expect(swapAmount(50, 50, 4)).toBe(0);
    expect(swapAmount(0.3, 0.1, 3)).toBe(0.6);
  });

  it('formats en-US with two decimals and the currency symbol, without the sign', () => {
    expect(formatSwapAmount(-70, '$')).toBe('$70.00');
    expect(formatSwapAmount(1250.5, '€')).toBe('€1,250.50');
    expect(formatSwapAmount(0, 'A$')).toBe('A$0.00');
  });

  it('equal prices: the lose disclaimer with zero; a downgrade: lose; an upgrade: pay', () => {
    expect(swapModal(base, { ...vip!, price: 50 }, 2, { ...start, swapType: 'DOWNGRADE', amount: 0 })).toMatchObject({
      titleKey: 'swap.modal_downgrade_title',
      disclaimerKey: 'swap.disclaimer_lose',
      amount: '$0.00',
    });
    expect(swapModal({ ...base, price: 120 }, { ...vip!, price: 49.99 }, 2, { ...start, swapType: 'DOWNGRADE' })).toMatchObject({
      disclaimerKey: 'swap.disclaimer_lose',
      amount: '$140.02',
    });
    expect(swapModal(base, vip!, 3, start)).toMatchObject({ titleKey: 'swap.modal_upgrade_title', disclaimerKey: 'swap.disclaimer_pay', amount: '$210.00' });
  });

  it('the checkout address: site, locale, slug of name and event id, order, the current page and the origin', () => {
    expect(eventSlug('Summer Sound Festival', 3)).toBe('summer-sound-festival-3');
    expect(eventSlug('  Fiesta de Año Nuevo — Málaga! ', 12)).toBe('fiesta-de-ano-nuevo-malaga-12');
    expect(eventSlug('🎉', 5)).toBe('5');
    const url = new URL(checkoutUrl({ site: 'https://shop.test/', language: 'es', currentPage: 'https://host.test/es/?PANEL_TAB=SWAP', started: start }));
    expect(url.origin + url.pathname).toBe('https://shop.test/es/summer-sound-festival-3/checkout/SW-ABC123');
    expect(url.searchParams.get('redirectDomain')).toBe('https://host.test/es/?PANEL_TAB=SWAP');
    expect(url.searchParams.get('origin')).toBe('ticket_swap');
    expect(url.hash).toBe('');
  });

  it('hands a checkout on another origin the single-use code in the fragment, one on the same origin nothing', () => {
    const cross = new URL(checkoutUrl({ site: 'https://shop.test/', language: 'en', currentPage: 'https://host.test/en/?PANEL_TAB=SWAP', started: start, handOverCode: 'c0de' }));
    expect(cross.hash).toBe('#tw-hand-over=c0de');
    // Never in the query, which a server would see and log.
    expect(cross.search).not.toContain('c0de');
    const same = new URL(checkoutUrl({ site: 'https://host.test', language: 'en', currentPage: 'https://host.test/en/?PANEL_TAB=SWAP', started: start, handOverCode: 'c0de' }));
    expect(same.hash).toBe('');
    expect(checkoutUrl({ site: 'https://shop.test', language: 'en', currentPage: 'https://host.test/en/', started: start, handOverCode: null })).not.toContain('#');
    expect(checkoutElsewhere('https://shop.test/en/x/checkout/SW-1', 'https://host.test/en/')).toBe(true);
    expect(checkoutElsewhere('https://host.test/en/x/checkout/SW-1', 'https://host.test/es/')).toBe(false);
    expect(checkoutElsewhere('not a url', 'https://host.test/')).toBe(false);
  });
});

describe('a swap in progress from before', () => {
  /** The swap flow with the real held-swap actors over an API that answers as the server would. */
  function startWithApi(siteUrl?: string) {
    const calls: Array<[string, unknown]> = [];
    const api = {
      call: async (name: string, options?: unknown) => {
        calls.push([name, options]);
        if (name === 'swapTickets') return swapBases();
        if (name === 'heldSwaps') return calls.filter(([called]) => called === 'cancelSwap').length ? [] : [heldSwap()];
        if (name === 'checkoutHandOver') return { code: 'c0de', expiresAt: '2026-11-27T03:01:00.000Z' };
        return { ok: true };
      },
      onInvalidate: () => () => {},
      cache: {},
    } as unknown as ReturnType<typeof testServices>['api'];
    const services = testServices({ api });
    if (siteUrl) services.platform.siteUrl = () => siteUrl;
    const { flow: actor, reports } = startAsChild(swapMachine.provide({ actions: { logError: () => {} } }), { services, userTicketId: null });
    return { actor, reports, calls, services };
  }

  it('is listed on step 1; Continue to checkout sends the window to its checkout, as the flow does', async () => {
    const { actor, services } = startWithApi();
    await flush();
    expect(selectHeldSwaps(actor.getSnapshot()).map((row) => row.held)).toEqual([heldSwap()]);
    actor.send({ type: 'swap.continueHeld', orderIdentifier: 'SW-HELD00000001' });
    await flush();
    expect(services.platform.loadUrl).toHaveBeenCalledWith(
      'https://tickets.test/en/summer-sound-festival-3/checkout/SW-HELD00000001?redirectDomain=https%3A%2F%2Ftickets.test%2Fen%2Fevents%2Fspring-fest&origin=ticket_swap',
    );
  });

  it('on a host of another origin, its checkout gets a hand-over code first', async () => {
    const { actor, services, calls } = startWithApi('https://shop.test');
    await flush();
    actor.send({ type: 'swap.continueHeld', orderIdentifier: 'SW-HELD00000001' });
    await flush();
    expect(calls.map(([name]) => name)).toContain('checkoutHandOver');
    expect(services.platform.loadUrl).toHaveBeenCalledWith(expect.stringMatching(/^https:\/\/shop\.test\/en\/summer-sound-festival-3\/checkout\/SW-HELD00000001\?.+#tw-hand-over=c0de$/));
  });

  it('Cancel swap ends it on the server and step 1 loads again without it', async () => {
    const { actor, calls, reports } = startWithApi();
    await flush();
    actor.send({ type: 'swap.cancelHeld', orderIdentifier: 'SW-HELD00000001' });
    expect(selectHeldSwaps(actor.getSnapshot())[0]).toMatchObject({ releasing: true, busy: true });
    await flush();
    await flush();
    expect(calls.map(([name, options]) => [name, options])).toContainEqual(['cancelSwap', { params: { swapIdentifier: 'SW-HELD00000001' } }]);
    expect(calls.filter(([name]) => name === 'swapTickets')).toHaveLength(2);
    expect(selectSwapStep(actor.getSnapshot())).toBe('picking');
    expect(selectHeldSwaps(actor.getSnapshot())).toEqual([]);
    expect(reports).toContainEqual({ type: 'notify', kind: 'success', key: 'swap.held_cancelled' });
  });
});
