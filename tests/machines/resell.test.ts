// Model-based tests of the resell machine (docs/product.md §2 Resell, §4 Resell flow, §5, §8, §9): loading the resellable
// tickets, the quantity clamped 1..available, the price rule (errors only when touched), the debounced quote (a stale
// answer dropped, failures only logged), Continue only when edited, valid and not quoting, the terms, listing, the
// no_stripe notice for 30 s with its link, Cancel, Resell more, and what the flow reports.
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { NO_STRIPE_NOTICE_MS, QUOTE_DEBOUNCE_MS, resellMachine, type ResellSnapshot } from '../../machines/resell';
import {
  quoteSummary,
  selectCanContinue,
  selectCanList,
  selectNoStripeNotice,
  selectPayoutsFirst,
  selectPriceField,
  selectPriceRule,
  selectQuantity,
  selectResellStep,
  selectResellTicket,
  selectTermsAccepted,
} from '../../machines/resell.selectors';
import type { WalletServices } from '../../machines/services';
import { testServices } from '../../machines/models/fake-platform';
import { controlledActors, expectFullCoverage, flush, runPathOnActor, startAsChild } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';
import { closingAnswers } from './closing-answers';
import {
  payoutAccount,
  resellableTicket,
  resellPromiseActors,
  resellSpec,
  resellVertex,
  sampleListed,
  sampleQuote,
  stubListings,
} from '../../machines/models/resell.model';
import { httpError } from '../../machines/models/fixtures';
import { encodeUserTicketId } from '../../machines/ticket-id';

const machineUnderTest = resellSpec.machine;
const { testMachine, runs } = pathsOf(resellSpec);

describe('resell model', () => {
  it('covers every transition: selection, quantity, price, quote, continue, terms, listing, no_stripe, cancel', () => {
    const paths = runs.flatMap((run) => run.paths);
    const values = paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value)));
    for (const part of ['"failed"', '"checkingPayouts"', '"picking"', '"quoting"', '"accepted"', '"blocked"', '"listing"', '"done"']) {
      expect(values.some((value) => value.includes(part)), part).toBe(true);
    }
    expectFullCoverage(resellSpec.name, testMachine, paths, resellSpec.excused);
  });

  describe.each(runs)('from $start.name', ({ start, paths }) => {
    it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
      const closing = closingAnswers();
      let touchedBefore = false;
      await runPathOnActor(path, {
        machine: machineUnderTest,
        input: start.input(),
        promiseActors: resellPromiseActors,
        vertex: resellVertex,
        asChild: true,
        check: (actor, step, reports) => {
          const snapshot = actor.getSnapshot() as ResellSnapshot;
          const step_ = selectResellStep(snapshot);
          expect(selectResellTicket(snapshot) !== null).toBe(step_ === 'editing' || step_ === 'confirmed');
          // docs/product.md §5: quantity within 1..available; minus disabled at 1, plus at the maximum.
          const quantity = selectQuantity(snapshot);
          expect(quantity.value).toBeGreaterThanOrEqual(1);
          expect(quantity.value).toBeLessThanOrEqual(quantity.max);
          if (step_ === 'editing') {
            expect(quantity.canDecrement).toBe(quantity.value > 1);
            expect(quantity.canIncrement).toBe(quantity.value < quantity.max);
          }
          // Continue when edited, valid and not quoting; or with a price the rule refuses, to say why.
          expect(selectCanContinue(snapshot)).toBe(
            (snapshot.matches({ editing: 'idle' }) && snapshot.context.edited && selectPriceRule(snapshot) === null) ||
              (snapshot.matches('editing') && selectPriceRule(snapshot) !== null),
          );
          // Field errors only when touched.
          if (selectPriceField(snapshot).error) expect(snapshot.context.priceTouched).toBe(true);
          if (selectCanList(snapshot)) expect(selectTermsAccepted(snapshot)).toBe(true);
          expect(selectNoStripeNotice(snapshot)).toBe(snapshot.matches({ confirmed: 'blocked' }));
          const last = reports.at(-1);
          const { type } = step.event;
          // A refused Continue stays on the form and shows the price's message.
          if (type === 'resell.continue' && snapshot.matches('editing')) {
            expect(selectPriceRule(snapshot)).not.toBeNull();
            expect(selectPriceField(snapshot).error).toBe(selectPriceRule(snapshot));
          }
          // Payouts first: an account the server said is unverified is told on every step of the form, once read.
          const onForm = snapshot.matches('picking') || snapshot.matches('editing') || snapshot.matches('confirmed');
          expect(selectPayoutsFirst(snapshot)).toBe(onForm && snapshot.context.payoutsVerified === false && !selectNoStripeNotice(snapshot));
          if (type === 'loadPayoutAccount.done') {
            const verified = (step.event as unknown as { output: { verified: boolean } }).output.verified;
            expect(snapshot.context.payoutsVerified).toBe(verified);
          }
          if (type === 'loadPayoutAccount.error') expect(snapshot.context.payoutsVerified).toBeNull();
          // Half-done: the form with a ticket chosen here or a quantity or price changed, or the summary; a listing
          // being created waits.
          closing(type, reports, () => {
            if (type === 'flow.discard') return 'panel.dismiss';
            if (snapshot.matches({ confirmed: 'listing' })) return 'none';
            if (snapshot.matches('confirmed')) return 'panel.askDiscard';
            const entered = snapshot.context.handPicked || snapshot.context.edited;
            return snapshot.matches('editing') && entered ? 'panel.askDiscard' : 'panel.dismiss';
          });
          if (type === 'createListing.error') {
            const code = (step.event as unknown as { error: { body?: { code: string } } }).error.body?.code;
            if (code === 'api.resell.create.no_stripe') expect(selectNoStripeNotice(snapshot)).toBe(true);
            else expect(last).toEqual({ type: 'notify', kind: 'error', key: code ?? 'api.internal_error' });
          }
          if (type === 'resell.openPayouts') {
            // The payouts tab comes back here: to the ticket on screen, or the picker.
            const ticketId = snapshot.context.ticket?.userTicketId ?? snapshot.context.preselectId;
            expect(last).toEqual({
              type: 'panel.open',
              tab: 'SETTINGS',
              settingsTab: 'ACCOUNT_VERIFICATION',
              returnTo: 'RESELL',
              userTicketId: ticketId === null ? null : encodeUserTicketId(ticketId),
            });
          }
          if (type === 'notify') expect(last).toEqual({ type: 'notify', kind: 'success', key: 'listings.unlisted' });
          if (type === 'resell.more') expect(last).toEqual({ type: 'panel.setParams', params: { userTicketId: null } });
          // "Discard this listing?" takes the focus: the blur that causes leaves the price field as it was; after Keep
          // editing (flow.keep) a blur marks it touched again.
          const { discardAsked, priceTouched } = snapshot.context;
          if (type === 'flow.close' && snapshot.matches('editing')) expect(discardAsked).toBe(last?.type === 'panel.askDiscard');
          if (type === 'flow.keep') expect(discardAsked).toBe(false);
          if (type === 'resell.blurPrice') expect(priceTouched).toBe(discardAsked ? touchedBefore : true);
          touchedBefore = priceTouched;
        },
      });
    });
  });
});

const inputsOf = (control: ReturnType<typeof controlledActors>, id: string) =>
  control.inputs.filter((call) => call.id === id).map((call) => call.input);

describe('resell effects', () => {
  function start(userTicketId: number | null = null) {
    const control = controlledActors([...resellPromiseActors]);
    const clock = new SimulatedClock();
    const services = testServices();
    const machine = resellMachine.provide({ actors: { ...control.actors, listings: stubListings } as never, actions: { logError: () => {} } });
    const { flow: actor, reports } = startAsChild(machine, { services, userTicketId }, { clock });
    return { actor, control, clock, reports, services, snapshot: () => actor.getSnapshot() as ResellSnapshot };
  }

  async function toEditing() {
    const run = start(21);
    run.control.settle('loadTickets', 'done', [resellableTicket()]);
    await flush();
    run.control.settle('loadPayoutAccount', 'done', payoutAccount(true));
    await flush();
    expect(run.snapshot().matches('editing')).toBe(true);
    return run;
  }

  it('asks for the quote once, after the last change, with the ticket type, quantity and price', async () => {
    const { actor, control, clock, snapshot } = await toEditing();
    actor.send({ type: 'resell.changePrice', value: '4' });
    clock.increment(QUOTE_DEBOUNCE_MS - 1);
    actor.send({ type: 'resell.changePrice', value: '40' });
    actor.send({ type: 'resell.increment' });
    clock.increment(QUOTE_DEBOUNCE_MS - 1);
    expect(inputsOf(control, 'quote')).toHaveLength(0);
    clock.increment(1);
    expect(inputsOf(control, 'quote')).toEqual([expect.objectContaining({ ticketId: 3, quantity: 2, price: 40 })]);
    expect(snapshot().hasTag('quoting')).toBe(true);
    expect(selectCanContinue(snapshot())).toBe(false);
  });

  it('drops a stale quote: a change while quoting stops the call in flight', async () => {
    const { actor, control, clock, snapshot } = await toEditing();
    actor.send({ type: 'resell.changePrice', value: '40' });
    clock.increment(QUOTE_DEBOUNCE_MS);
    actor.send({ type: 'resell.changePrice', value: '30' });
    // The old answer arrives after the change: it is not shown.
    control.settle('quote', 'done', sampleQuote);
    await flush();
    expect(snapshot().context.quote).toBeNull();
    clock.increment(QUOTE_DEBOUNCE_MS);
    expect(inputsOf(control, 'quote').at(-1)).toEqual(expect.objectContaining({ price: 30 }));
  });

  it('the no_stripe notice stays 30 s, then goes', async () => {
    const { actor, control, clock, snapshot, reports } = await toEditing();
    actor.send({ type: 'resell.changePrice', value: '40' });
    clock.increment(QUOTE_DEBOUNCE_MS);
    control.settle('quote', 'done', sampleQuote);
    await flush();
    actor.send({ type: 'resell.continue' });
    actor.send({ type: 'resell.toggleTerms' });
    actor.send({ type: 'resell.submit' });
    control.settle('createListing', 'error', httpError('createListing', 403, 'api.resell.create.no_stripe'));
    await flush();
    expect(selectNoStripeNotice(snapshot())).toBe(true);
    expect(reports.filter((report) => report.type === 'notify')).toEqual([]);
    clock.increment(NO_STRIPE_NOTICE_MS - 1);
    expect(selectNoStripeNotice(snapshot())).toBe(true);
    clock.increment(1);
    expect(selectNoStripeNotice(snapshot())).toBe(false);
    expect(snapshot().matches({ confirmed: 'accepted' })).toBe(true);
  });

  it('lists with the ticket, quantity, price and currency, and shows the share link', async () => {
    const { actor, control, clock, snapshot } = await toEditing();
    actor.send({ type: 'resell.increment' });
    actor.send({ type: 'resell.changePrice', value: '49,50' });
    clock.increment(QUOTE_DEBOUNCE_MS);
    control.settle('quote', 'done', sampleQuote);
    await flush();
    actor.send({ type: 'resell.continue' });
    actor.send({ type: 'resell.toggleTerms' });
    actor.send({ type: 'resell.submit' });
    expect(inputsOf(control, 'createListing')[0]).toEqual(expect.objectContaining({ quantity: 2, price: 49.5 }));
    control.settle('createListing', 'done', sampleListed);
    await flush();
    // In the wallet's language (the test page's path is English): the share page then speaks it.
    expect(snapshot().context.listed?.shareLinkUrl).toBe(`${sampleListed.shareLinkUrl}?lang=en`);
  });
});

describe('resell after an Unlist', () => {
  it('loads the resellable tickets again when TICKETS_AVAILABLE_FOR_LISTING is invalidated, so the unlisted ticket can be chosen', async () => {
    const listeners = new Set<{ tags: readonly string[]; listener: () => void }>();
    const api = {
      call: () => Promise.reject(new Error('unused: the actors are controlled')),
      onInvalidate: (tags: readonly string[], listener: () => void) => {
        const entry = { tags, listener };
        listeners.add(entry);
        return () => listeners.delete(entry);
      },
      cache: {},
    } as unknown as WalletServices['api'];
    const invalidate = (tag: string) => {
      for (const entry of [...listeners]) if (entry.tags.includes(tag)) entry.listener();
    };
    const control = controlledActors([...resellPromiseActors]);
    const machine = resellMachine.provide({ actors: { ...control.actors, listings: stubListings } as never, actions: { logError: () => {} } });
    const { flow: actor } = startAsChild(machine, { services: testServices({ api }), userTicketId: null });
    control.settle('loadTickets', 'done', []);
    await flush();
    control.settle('loadPayoutAccount', 'done', payoutAccount(true));
    await flush();
    const snapshot = () => actor.getSnapshot() as ResellSnapshot;
    expect(snapshot().matches({ picking: 'current' })).toBe(true);
    actor.send({ type: 'resell.selectTicket', userTicketId: 21 });
    expect(snapshot().matches('picking')).toBe(true);
    // The listings below the picker unlisted ticket 21: the unlist call invalidated the tag.
    invalidate('LISTED_TICKETS');
    expect(snapshot().matches({ picking: 'current' })).toBe(true);
    invalidate('TICKETS_AVAILABLE_FOR_LISTING');
    expect(snapshot().matches({ picking: 'reloading' })).toBe(true);
    expect(inputsOf(control, 'loadTickets')).toHaveLength(2);
    control.settle('loadTickets', 'done', [resellableTicket()]);
    await flush();
    // A reload of the list reads the payout account no more (it was read when the panel opened).
    expect(inputsOf(control, 'loadPayoutAccount')).toHaveLength(1);
    actor.send({ type: 'resell.selectTicket', userTicketId: 21 });
    expect(snapshot().matches('editing')).toBe(true);
    expect(selectResellTicket(snapshot())?.userTicketId).toBe(21);
    // Out of the picker, nobody listens any more.
    expect(listeners.size).toBe(0);
  });
});

describe('resell selectors', () => {
  it('the price rule: the maximum and max + 0.001 is refused, below it is fine (docs/product.md §5)', () => {
    const check = (priceText: string) => selectPriceRule({ context: { priceText, ticket: resellableTicket({ maxTicketPrice: 50 }) } } as ResellSnapshot);
    expect(check('50')).toBeNull();
    expect(check('50.001')).toBe('form.price_too_high');
    expect(check('50.002')).toBe('form.price_too_high');
    expect(check('')).toBe('form.price_required');
    expect(check('0')).toBe('form.price_positive');
    // Each silent case says why (not "Price is required" for a typed price).
    expect(check('abc')).toBe('form.price_not_number');
    expect(check('-5')).toBe('form.price_positive');
    expect(check('12.345')).toBe('form.price_decimals');
    expect(check('12,5')).toBeNull();
  });

  it('the quote summary: subtotal, service fee and total with 2 decimals', () => {
    expect(quoteSummary(sampleQuote)).toEqual({ subtotal: '80.00', serviceFee: '4.80', total: '84.80', currencySymbol: '$', currencyCode: 'AUD' });
    expect(quoteSummary(null)).toBeNull();
  });
});
