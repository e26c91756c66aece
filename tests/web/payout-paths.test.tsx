// Model-based paths of the payout machine (tests/machines/payout.test.ts's samples) run against the rendered settings'
// Payouts tab: the account loads (none, verified, or an onboarding under way), Verify my account starts onboarding
// (the settings flow's call, whose answer the payout machine receives), the local provider's form is filled and sent.
// (and left with Cancel). Stripe's embedded components cannot load without the internet: their branches are the
// machine test's and tests/web/payout-tab.test.tsx's (a fake connect-js). After every step the tab shows what the
// model's state says.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { localFormErrors, payoutMachine, type PayoutSnapshot } from '../../machines/payout';
import type { EndpointName } from '../../src/contract/endpoints';
import { ApiRequestError } from '../../src/client/errors';
import { testServices } from '../../machines/models/fake-platform';
import { httpError } from '../../machines/models/fixtures';
import { coverTransitions, expectFullCoverage, takesSample, toTestMachine } from '../../machines/models/model';
import { signInApi } from './fake-api';
import { holdRequests, responseFor, type HeldRequests } from './path-helpers';
import { setUpWalletTests } from './render-wallet';

const tests = setUpWalletTests();
const quick = { interval: 5 };
const click = (element: HTMLElement) => act(() => fireEvent.click(element));
const tab = () => within(screen.getByRole('heading', { name: 'Payout verification' }).closest('section')!);

const account = (overrides: object = {}) => ({ clientSecret: '', provider: 'local', publishableKey: null, verified: false, country: null, ...overrides });
const connected = account({ clientSecret: 'local_cs_1.n.s', country: 'AU' });

const samples: Array<EventObject & { output?: unknown; error?: unknown; value?: string; account?: unknown }> = [
  { type: 'loadAccount.done', output: account() },
  { type: 'loadAccount.done', output: account({ verified: true, country: 'AU' }) },
  { type: 'loadAccount.error', error: new ApiRequestError('paymentsAccount', 'FETCH_ERROR') },
  { type: 'payout.retry' },
  { type: 'payout.connected', account: connected },
  { type: 'payout.changeLegalName', value: 'Alex Rivera' },
  { type: 'payout.changeBankLast4', value: '1234' },
  { type: 'payout.submit' },
  { type: 'completeLocal.done', output: account({ verified: true, country: 'AU' }) },
  { type: 'completeLocal.error', error: httpError('paymentsLocalOnboarding', 400, 'api.resell.onboarding_invalid') },
  { type: 'payout.cancel' },
];

const vertex = (snapshot: AnyMachineSnapshot) => {
  const { context } = snapshot as PayoutSnapshot;
  return JSON.stringify({ value: snapshot.value, account: context.account, name: context.legalName !== '', bank: context.bankLast4 !== '', touched: context.touched });
};

const testMachine = toTestMachine(payoutMachine);
const input = { services: testServices() };
const model = createTestModel(testMachine, { input, events: samples as never, filterEvents: takesSample(samples as never), serializeState: vertex });
const paths = coverTransitions(testMachine, model.getShortestPaths(), samples as never, input);
const endpointOf: Record<string, EndpointName> = { loadAccount: 'paymentsAccount', completeLocal: 'paymentsLocalOnboarding' };

async function perform(event: EventObject & { value?: string; account?: unknown }, requests: HeldRequests): Promise<void> {
  const settled = /^(\w+)\.(done|error)$/.exec(event.type);
  if (settled && endpointOf[settled[1]!]) {
    const endpoint = endpointOf[settled[1]!]!;
    await waitFor(() => expect(requests.pending(endpoint).length).toBeGreaterThan(0), quick);
    await requests.answer(endpoint, () => responseFor(event));
    return;
  }
  switch (event.type) {
    case 'payout.retry':
      click(tab().getByRole('button', { name: 'Try again' }));
      return;
    case 'payout.connected':
      // The settings flow starts onboarding; its answer reaches the payout machine.
      click(tab().getByRole('button', { name: 'Verify my account' }));
      await waitFor(() => expect(requests.pending('paymentsConnect').length).toBeGreaterThan(0), quick);
      await requests.answer('paymentsConnect', () => responseFor({ type: 'startVerification.done', output: event.account }));
      return;
    case 'payout.changeLegalName':
      act(() => fireEvent.change(tab().getByLabelText('Legal name'), { target: { value: event.value } }));
      return;
    case 'payout.changeBankLast4':
      act(() => fireEvent.change(tab().getByLabelText('Bank account, last 4 digits'), { target: { value: event.value } }));
      return;
    case 'payout.submit':
      click(tab().getByRole('button', { name: 'Verify account' }));
      return;
    case 'payout.cancel':
      click(tab().getByRole('button', { name: 'Cancel' }));
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screen`);
  }
}

function expectScreenMatches(state: PayoutSnapshot): void {
  const value = typeof state.value === 'string' ? state.value : Object.keys(state.value)[0]!;
  expect(Boolean(tab().queryByRole('status', { name: 'Loading…' })), 'skeleton').toBe(value === 'loading' || value === 'deciding');
  expect(Boolean(tab().queryByText('Your payout account is verified. You can resell tickets.')), 'verified').toBe(value === 'verified');
  expect(Boolean(tab().queryByText('Your payout account could not be loaded.')), 'error').toBe(value === 'failed');
  // One verify action at most: Verify my account, or the local form's own Verify account while the form is open.
  expect(Boolean(tab().queryByRole('button', { name: 'Verify my account' })), 'verify button').toBe(value !== 'verified' && value !== 'localForm');
  // A verified local account changes its bank account with the local form again.
  expect(Boolean(tab().queryByRole('button', { name: 'Change bank account' })), 'change bank button').toBe(value === 'verified');
  // Opened from Settings, not from Resell: no way back to a resell.
  expect(tab().queryByRole('button', { name: 'Back to resell' }), 'Back to resell').toBeNull();
  const form = tab().queryByRole('form', { name: 'Verify your payout account' });
  expect(Boolean(form), 'local form').toBe(value === 'localForm');
  if (form) {
    const errors = state.context.touched ? localFormErrors(state.context) : {};
    expect((within(form).getByLabelText('Legal name') as HTMLInputElement).value).toBe(state.context.legalName);
    expect(within(form).getByLabelText('Legal name').getAttribute('aria-invalid') === 'true', 'name error').toBe(Boolean(errors.legalName));
    expect(within(form).getByRole('button', { name: 'Verify account' }).getAttribute('aria-busy') === 'true', 'sending').toBe(state.hasTag('loading'));
  }
}

describe('payout paths on the rendered Payouts tab', () => {
  it('take every transition but Stripe’s', () => {
    const stripe = "Stripe's embedded components cannot load offline; tests/machines/payout.test.ts takes them (tests/web/payout-tab.test.tsx with a fake connect-js)";
    expectFullCoverage('payout on the screen', testMachine, paths, {
      'payout.stripe on payout.exited': stripe,
      'payout.stripe.waitingForHost on payout.mount': stripe,
      'payout.stripe.mounted on payout.unmount': stripe,
      'payout.stripe.mounted on payout.connectFailed': stripe,
      'payout.stripe.mounted on stripeOnboarding.error': stripe,
      'payout.deciding always #3': stripe,
      'payout.verified.choosing always #1': stripe,
      'payout.verified.stripe.waitingForHost on payout.mount': stripe,
      'payout.verified.stripe.mounted on payout.unmount': stripe,
      'payout.verified.stripe.mounted on payout.connectFailed': stripe,
      'payout.verified.stripe.mounted on stripeManagement.error': stripe,
      'payout on payout.backToResell':
        "only a tab opened from Resell's Verify payouts has Back to resell: tests/web/resell-payouts-first.test.tsx and the openPayouts paths of tests/web/resell-paths.test.tsx press it",
    });
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
    tests.server.use(...api.handlers);
    const requests = holdRequests(tests, ['paymentsAccount', 'paymentsLocalOnboarding', 'paymentsConnect']);
    tests.render('/en/?PANEL_TAB=SETTINGS&SETTINGS_TAB=ACCOUNT_VERIFICATION', api.signedInStorage('alex@example.com'));
    await screen.findByRole('heading', { name: 'Payout verification' });
    for (const [index, step] of path.steps.entries()) {
      if (index > 0) await perform(step.event as never, requests);
      await waitFor(() => expectScreenMatches(step.state as PayoutSnapshot), quick);
    }
  });
});
