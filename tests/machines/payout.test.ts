// Model-based tests of the payout machine (SPEC §2 Settings payout tab, §6): the account read from the server each
// time, verified / none / onboarding (local form or Stripe's component), the local form's rule (errors only after a
// submit), completing it, Stripe's onboarding mounted into the tab's element (a fake stripeOnboarding actor) and its
// exit reading the account again, and the onboarding the settings' button starts.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type AnyMachineSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { localFormErrors, payoutMachine, type PayoutEvent, type PayoutSnapshot, type StripeOnboardingInput } from '../../machines/payout';
import { selectLocalForm, selectPayoutView, selectStripeSessionKey } from '../../machines/payout.selectors';
import { ApiRequestError } from '../../src/client/errors';
import type { PaymentsAccount } from '../../src/contract/entities';
import { testServices } from './fake-platform';
import { httpError } from './fixtures';
import { coverTransitions, expectFullCoverage, runPathOnActor, takesSample, toTestMachine } from './model';

const account = (overrides: Partial<PaymentsAccount> = {}): PaymentsAccount => ({ clientSecret: '', provider: 'local', publishableKey: null, verified: false, country: null, ...overrides });

/** The Payouts tab's mount point (the machine only hands it to its stripeOnboarding actor). */
const host = { id: 'tw-payout-stripe' } as unknown as HTMLElement;

/** A stripeOnboarding that records what it was started with and whether it still runs; `exit` is Stripe's onExit. */
function fakeOnboarding() {
  const runs: Array<{ input: StripeOnboardingInput; running: boolean; exit: () => void; fail: (error: unknown) => void }> = [];
  const actor = fromCallback<PayoutEvent, StripeOnboardingInput>(({ input, sendBack }) => {
    const run = {
      input,
      running: true,
      exit: () => sendBack({ type: 'payout.exited' }),
      fail: (error: unknown) => sendBack({ type: 'payout.connectFailed', error }),
    };
    runs.push(run);
    return () => void (run.running = false);
  });
  return { actor, runs };
}

const samples = [
  { type: 'loadAccount.done', output: account() },
  { type: 'loadAccount.done', output: account({ verified: true, country: 'AU' }) },
  { type: 'loadAccount.done', output: account({ clientSecret: 'acct_1_secret', provider: 'stripe', publishableKey: 'pk_test_1', country: 'AU' }) },
  { type: 'loadAccount.error', error: new ApiRequestError('paymentsAccount', 'FETCH_ERROR') },
  { type: 'payout.retry' },
  { type: 'payout.connected', account: account({ clientSecret: 'local_cs_1', country: 'AU' }) },
  { type: 'payout.changeLegalName', value: 'Alex Rivera' },
  { type: 'payout.changeBankLast4', value: '12a34' },
  { type: 'payout.submit' },
  { type: 'completeLocal.done', output: account({ verified: true, country: 'AU' }) },
  { type: 'completeLocal.error', error: httpError('paymentsLocalOnboarding', 400, 'api.resell.onboarding_invalid') },
  { type: 'payout.mount', host, theme: 'light' },
  { type: 'payout.unmount' },
  { type: 'payout.connectFailed', error: new Error('connect.js did not load') },
  { type: 'payout.exited' },
];

const vertex = (snapshot: AnyMachineSnapshot) => {
  const { context } = snapshot as PayoutSnapshot;
  return JSON.stringify({ value: snapshot.value, account: context.account, name: context.legalName !== '', bank: context.bankLast4 !== '', touched: context.touched });
};

const onboarding = fakeOnboarding();
const machineUnderTest = payoutMachine.provide({ actions: { logError: () => {} }, actors: { stripeOnboarding: onboarding.actor } });
const testMachine = toTestMachine(machineUnderTest);
const input = { services: testServices() };
const model = createTestModel(testMachine, { input, events: samples as never, filterEvents: takesSample(samples as never), serializeState: vertex });
const paths = coverTransitions(testMachine, model.getShortestPaths(), samples as never, input);

describe('payout model', () => {
  it('covers every transition', () => expectFullCoverage('payout', testMachine, paths));

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    await runPathOnActor(path, {
      machine: machineUnderTest,
      input: { services: testServices() },
      promiseActors: ['loadAccount', 'completeLocal'],
      vertex,
      asChild: true,
      check: (actor, step, reports) => {
        const snapshot = actor.getSnapshot() as PayoutSnapshot;
        const { type } = step.event;
        // The state follows the account: verified, onboarding by provider, or none.
        const current = snapshot.context.account;
        if (current && !snapshot.hasTag('loading') && !snapshot.matches('failed')) {
          const expected = current.verified ? 'verified' : current.clientSecret === '' ? 'none' : current.provider === 'local' ? 'localForm' : 'stripe';
          expect(typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]).toBe(expected);
        }
        if (type === 'payout.exited') expect(snapshot.matches('loading')).toBe(true);
        // Stripe's component runs exactly while the tab's element is registered.
        const running = onboarding.runs.filter((run) => run.running);
        expect(running.length, 'onboarding running').toBe(snapshot.matches({ stripe: 'mounted' }) ? 1 : 0);
        if (running[0]) expect(running[0].input).toMatchObject({ host, theme: 'light', account: snapshot.context.account });
        if (type === 'completeLocal.done') expect(reports.at(-1)).toEqual({ type: 'notify', kind: 'success', key: 'payout.verified_toast' });
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
