// Model-based tests of the payout machine (SPEC §2 Settings payout tab, §6): the account read from the server each
// time, verified / none / onboarding (local form or Stripe's component), the local form's rule (errors only after a
// submit), completing it, Stripe's exit reading the account again, and the onboarding the settings' button starts.
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { localFormErrors, payoutMachine, type PayoutSnapshot } from '../../machines/payout';
import { ApiRequestError } from '../../src/client/errors';
import { testServices } from './fake-platform';
import { httpError } from './fixtures';
import { coverTransitions, expectFullCoverage, runPathOnActor, takesSample, toTestMachine } from './model';

const account = (overrides: object = {}) => ({ clientSecret: '', provider: 'local', publishableKey: null, verified: false, country: null, ...overrides });

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
  { type: 'payout.exited' },
];

const vertex = (snapshot: AnyMachineSnapshot) => {
  const { context } = snapshot as PayoutSnapshot;
  return JSON.stringify({ value: snapshot.value, account: context.account, name: context.legalName !== '', bank: context.bankLast4 !== '', touched: context.touched });
};

const machineUnderTest = payoutMachine.provide({ actions: { logError: () => {} } });
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
