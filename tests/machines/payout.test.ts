// Model-based tests of the payout machine (docs/product.md §2 Settings payout tab, §6): the account read from the server each
// time, verified / none / onboarding (local form or Stripe's component), the local form's rule (errors only after a
// submit), completing it, Stripe's onboarding mounted into the tab's element (a fake stripeOnboarding actor) and its
// exit reading the account again, and the onboarding the settings' button starts.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { localFormErrors, payoutMachine, type PayoutSnapshot } from '../../machines/payout';
import { selectLocalForm, selectPayoutView, selectStripeSessionKey } from '../../machines/payout.selectors';
import { testServices } from '../../machines/models/fake-platform';
import { expectFullCoverage, runPathOnActor } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';
import { account, fakeOnboarding, host, payoutOnboarding, payoutSpec, payoutVertex } from '../../machines/models/payout.model';

const onboarding = payoutOnboarding;
const vertex = payoutVertex;
const machineUnderTest = payoutSpec.machine;
const { testMachine, paths } = pathsOf(payoutSpec);

describe('payout model', () => {
  it('covers every transition', () => expectFullCoverage(payoutSpec.name, testMachine, paths, payoutSpec.excused));

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    // Whether the component mounted last could not start (nothing runs then until the tab mounts it again).
    let startFailed = false;
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
        if (type === 'payout.mount') startFailed = false;
        if (type === 'stripeOnboarding.error') startFailed = true;
        const running = onboarding.runs.filter((run) => run.running);
        expect(running.length, 'onboarding running').toBe(snapshot.matches({ stripe: 'mounted' }) && !startFailed ? 1 : 0);
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
