// Model-based tests of the payout machine (docs/product.md §2 Settings payout tab, §6): the account read from the server each
// time, verified / none / onboarding (local form or Stripe's component), the local form's rule (errors only after a
// submit), completing it, Stripe's onboarding mounted into the tab's element (a fake stripeOnboarding actor) and its
// exit reading the account again, and the onboarding the settings' button starts; a verified account's Stripe
// notification banner and account management (a fake stripeManagement) mounted the same way, the local provider's
// form opened again to change the bank account and left with Cancel, and a failed payout shown whatever the state.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { localFormErrors, payoutMachine, type PayoutSnapshot } from '../../machines/payout';
import {
  selectCanGoBackToResell,
  payoutFailureReasonKey,
  selectChangingBank,
  selectLocalForm,
  selectManagement,
  selectPayoutFailure,
  selectPayoutView,
  selectStripeSessionKey,
} from '../../machines/payout.selectors';
import { testServices } from '../../machines/models/fake-platform';
import { expectFullCoverage, runPathOnActor } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';
import { account, fakeOnboarding, host, payoutManagement, payoutOnboarding, payoutSpec, payoutVertex, RESELL_TICKET } from '../../machines/models/payout.model';
import type { StripeManagementInput } from '../../machines/payout';

const onboarding = payoutOnboarding;
const vertex = payoutVertex;
const machineUnderTest = payoutSpec.machine;
const { testMachine, paths, runs } = pathsOf(payoutSpec);

describe('payout model', () => {
  it('covers every transition', () => expectFullCoverage(payoutSpec.name, testMachine, paths, payoutSpec.excused));

  const startedPaths = runs.flatMap(({ start, paths: own }) => own.map((path) => [`${start.name}: ${path.description}`, path, start] as const));
  it.each(startedPaths)('%s', async (_, path, start) => {
    // Whether the component mounted last could not start (nothing runs then until the tab mounts it again).
    let startFailed = false;
    let managementFailed = false;
    await runPathOnActor(path, {
      machine: machineUnderTest,
      input: start.input(),
      promiseActors: ['loadAccount', 'completeLocal'],
      vertex,
      asChild: true,
      check: (actor, step, reports) => {
        const snapshot = actor.getSnapshot() as PayoutSnapshot;
        const { type } = step.event;
        // The state follows the account: verified, onboarding by provider, or none.
        const current = snapshot.context.account;
        if (current && !snapshot.hasTag('loading') && !snapshot.matches('failed')) {
          // A local account given a secret is in its form, also when verified (changing the bank account).
          const expected =
            current.provider === 'local' && current.clientSecret !== ''
              ? 'localForm'
              : current.verified
                ? 'verified'
                : current.clientSecret === ''
                  ? 'none'
                  : 'stripe';
          expect(typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]).toBe(expected);
        }
        if (type === 'payout.exited' || type === 'payout.cancel') expect(snapshot.matches('loading')).toBe(true);
        // A verified account is managed with Stripe's components or the local form's stand-in, by its provider.
        expect(selectManagement(snapshot)).toBe(snapshot.matches('verified') ? (current!.provider === 'stripe' ? 'stripe' : 'local') : null);
        expect(selectChangingBank(snapshot)).toBe(snapshot.matches('localForm') && current!.verified);
        // A failed payout is told once the account is read.
        expect(selectPayoutFailure(snapshot)).toEqual(snapshot.hasTag('loading') || snapshot.matches('failed') || snapshot.matches('loading') ? null : (current?.payoutFailure ?? null));
        // Stripe's component runs exactly while the tab's element is registered.
        if (type === 'payout.mount') startFailed = false;
        if (type === 'stripeOnboarding.error') startFailed = true;
        if (type === 'payout.mount') managementFailed = false;
        if (type === 'stripeManagement.error') managementFailed = true;
        const managing = payoutManagement.runs.filter((run) => run.running);
        expect(managing.length, 'management running').toBe(snapshot.matches({ verified: { stripe: 'mounted' } }) && !managementFailed ? 1 : 0);
        if (managing[0]) expect(managing[0].input).toMatchObject({ host, theme: 'light', account: snapshot.context.account });
        const running = onboarding.runs.filter((run) => run.running);
        expect(running.length, 'onboarding running').toBe(snapshot.matches({ stripe: 'mounted' }) && !startFailed ? 1 : 0);
        if (running[0]) expect(running[0].input).toMatchObject({ host, theme: 'light', account: snapshot.context.account });
        if (type === 'completeLocal.done') expect(reports.at(-1)).toEqual({ type: 'notify', kind: 'success', key: 'payout.verified_toast' });
        // Only a tab opened from Resell goes back to it, to the ticket it came from.
        expect(selectCanGoBackToResell(snapshot), 'Back to resell').toBe(snapshot.context.returnToResell !== null);
        if (type === 'payout.backToResell') expect(reports.at(-1)).toEqual({ type: 'panel.open', tab: 'RESELL', userTicketId: RESELL_TICKET });
        if (type === 'completeLocal.error') expect(reports.at(-1)).toEqual({ type: 'notify', kind: 'error', key: 'api.resell.onboarding_invalid' });
        // Only digits, at most 4, reach the bank field.
        expect(snapshot.context.bankLast4).toMatch(/^\d{0,4}$/);
      },
    });
  });
});

describe('local form rule', () => {
  it('needs a legal name and exactly four digits', () => {
    expect(localFormErrors({ legalName: ' ', bankLast4: '123' })).toEqual({ legalName: 'payout.legal_name_required', bankLast4: 'payout.bank_last4_invalid' });
    expect(localFormErrors({ legalName: 'Alex', bankLast4: '1234' })).toEqual({});
  });
});

describe('Stripe onboarding', () => {
  const stripeAccount = account({ clientSecret: 'acct_1_secret', provider: 'stripe', publishableKey: 'pk_test_1', country: 'AU' });

  it('mounts into the registered element, reads the account again on exit, and stops when the element goes', () => {
    const fake = fakeOnboarding();
    const logged: unknown[] = [];
    const machine = payoutMachine.provide({
      actions: { logError: (_, params) => void logged.push(params) },
      actors: { stripeOnboarding: fake.actor, loadAccount: fromCallback(() => {}) as never },
    });
    const actor = createActor(machine, { input: { services: testServices() } }).start();
    actor.send({ type: 'payout.connected', account: stripeAccount });
    expect(selectPayoutView(actor.getSnapshot())).toBe('stripe');
    expect(selectStripeSessionKey(actor.getSnapshot())).toBe('acct_1_secret');
    expect(fake.runs).toEqual([]);
    actor.send({ type: 'payout.mount', host, theme: 'dark' });
    expect(fake.runs).toMatchObject([{ input: { host, theme: 'dark', account: stripeAccount }, running: true }]);
    fake.runs[0]!.fail(new Error('offline'));
    expect(logged).toMatchObject([{ message: 'payout: Stripe Connect did not load' }]);
    actor.send({ type: 'payout.unmount' });
    expect(fake.runs[0]!.running).toBe(false);
    actor.send({ type: 'payout.mount', host, theme: 'light' });
    fake.runs[1]!.exit();
    expect(fake.runs[1]!.running).toBe(false);
    expect(selectPayoutView(actor.getSnapshot())).toBe('loading');
    actor.stop();
  });

  it('hands the onboarding a way to ask the server for a fresh Account Session each time (a secret is single-use)', async () => {
    const fake = fakeOnboarding();
    const calls: unknown[] = [];
    let next = 0;
    const api = { call: async (name: string, args: unknown) => (calls.push([name, args]), { ...stripeAccount, clientSecret: `accs_${++next}` }) };
    const machine = payoutMachine.provide({ actors: { stripeOnboarding: fake.actor, loadAccount: fromCallback(() => {}) as never } });
    const actor = createActor(machine, { input: { services: testServices({ api: api as never }) } }).start();
    actor.send({ type: 'payout.connected', account: stripeAccount });
    actor.send({ type: 'payout.mount', host, theme: 'light' });
    const { freshClientSecret } = fake.runs[0]!.input;
    expect([await freshClientSecret(), await freshClientSecret()]).toEqual(['accs_1', 'accs_2']);
    expect(calls).toEqual([
      ['paymentsConnect', { body: { accountType: 'custom' } }],
      ['paymentsConnect', { body: { accountType: 'custom' } }],
    ]);
    actor.stop();
  });

  it('gives the local form its fields, and errors only after a submit', () => {
    const actor = createActor(payoutMachine, { input: { services: testServices() } }).start();
    actor.send({ type: 'payout.connected', account: account({ clientSecret: 'local_cs_1' }) });
    actor.send({ type: 'payout.changeBankLast4', value: '12' });
    expect(selectLocalForm(actor.getSnapshot())).toEqual({ legalName: '', bankLast4: '12', errors: {}, submitting: false });
    actor.send({ type: 'payout.submit' });
    expect(selectLocalForm(actor.getSnapshot()).errors).toEqual({ legalName: 'payout.legal_name_required', bankLast4: 'payout.bank_last4_invalid' });
    actor.stop();
  });
});

describe('a verified account', () => {
  const failure = { amountMinor: 4200, currencyCode: 'AUD', failureCode: 'account_closed', failedAt: '2026-05-02T10:00:00.000Z' };
  const verifiedStripe = account({ provider: 'stripe', publishableKey: 'pk_test_1', verified: true, country: 'AU', payoutFailure: failure });

  it("with Stripe mounts the notification banner and account management, each secret asked of the server (it had none)", async () => {
    const fake = fakeOnboarding<StripeManagementInput>();
    const calls: unknown[] = [];
    const api = { call: async (name: string, args: unknown) => (calls.push([name, args]), { ...verifiedStripe, clientSecret: `accs_${calls.length}` }) };
    const machine = payoutMachine.provide({ actors: { stripeManagement: fake.actor, loadAccount: fromCallback(() => {}) as never } });
    const actor = createActor(machine, { input: { services: testServices({ api: api as never }) } }).start();
    actor.send({ type: 'payout.connected', account: verifiedStripe });
    expect(selectPayoutView(actor.getSnapshot())).toBe('verified');
    expect(selectManagement(actor.getSnapshot())).toBe('stripe');
    expect(selectPayoutFailure(actor.getSnapshot())).toEqual(failure);
    expect(fake.runs).toEqual([]);
    actor.send({ type: 'payout.mount', host, theme: 'dark' });
    expect(fake.runs).toMatchObject([{ input: { host, theme: 'dark', account: verifiedStripe }, running: true }]);
    expect([await fake.runs[0]!.input.freshClientSecret(), await fake.runs[0]!.input.freshClientSecret()]).toEqual(['accs_1', 'accs_2']);
    expect(calls).toEqual([
      ['paymentsConnect', { body: { accountType: 'custom' } }],
      ['paymentsConnect', { body: { accountType: 'custom' } }],
    ]);
    actor.send({ type: 'payout.unmount' });
    expect(fake.runs[0]!.running).toBe(false);
    actor.stop();
  });

  it('with the local provider opens its form again to change the bank account, and Cancel reads the account again', () => {
    const actor = createActor(payoutMachine.provide({ actors: { loadAccount: fromCallback(() => {}) as never } }), { input: { services: testServices() } }).start();
    actor.send({ type: 'payout.connected', account: account({ verified: true, country: 'AU' }) });
    expect(selectManagement(actor.getSnapshot())).toBe('local');
    actor.send({ type: 'payout.connected', account: account({ verified: true, country: 'AU', clientSecret: 'local_cs_1' }) });
    expect(selectPayoutView(actor.getSnapshot())).toBe('localForm');
    expect(selectChangingBank(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'payout.cancel' });
    expect(selectPayoutView(actor.getSnapshot())).toBe('loading');
    actor.stop();
  });

  it("tells Stripe's failure codes in words, and any other as the general case", () => {
    expect(payoutFailureReasonKey('account_closed')).toBe('payout.failure_reason.account_closed');
    expect(payoutFailureReasonKey('no_account')).toBe('payout.failure_reason.no_account');
    expect(payoutFailureReasonKey('something_new')).toBe('payout.failure_reason.other');
    expect(payoutFailureReasonKey('constructor')).toBe('payout.failure_reason.other');
    expect(payoutFailureReasonKey(null)).toBe('payout.failure_reason.other');
  });
});
