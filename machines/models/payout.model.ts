// The payout machine's test model (tests/machines/payout.test.ts, the visualiser's test paths): its sample
// events, its vertex, and the machine under test with a fake Stripe onboarding and a fake Stripe management (the
// notification banner and account management of a verified account) that record their runs.
import { fromCallback, type AnyMachineSnapshot } from 'xstate';
import { payoutMachine, type PayoutEvent, type PayoutSnapshot, type StripeManagementInput, type StripeOnboardingInput } from '../payout';
import { ApiRequestError } from '../../src/client/errors';
import type { PaymentsAccount } from '../../src/contract/entities';
import { testServices } from './fake-platform';
import { httpError } from './fixtures';
import { failsOnCue } from './model';
import { modelSpec } from './model-spec';

export const account = (overrides: Partial<PaymentsAccount> = {}): PaymentsAccount => ({ clientSecret: '', provider: 'local', publishableKey: null, verified: false, country: null, payoutFailure: null, ...overrides });

/** The Payouts tab's mount point (the machine only hands it to its stripeOnboarding actor). */
export const host = { id: 'tw-payout-stripe' } as unknown as HTMLElement;

/** A stripeOnboarding that records what it was started with and whether it still runs; `exit` is Stripe's onExit. */
export function fakeOnboarding<Input extends StripeOnboardingInput | StripeManagementInput = StripeOnboardingInput>() {
  const runs: Array<{ input: Input; running: boolean; exit: () => void; fail: (error: unknown) => void }> = [];
  const actor = fromCallback<PayoutEvent, Input>(({ input, sendBack, receive }) => {
    const run = {
      input,
      running: true,
      exit: () => sendBack({ type: 'payout.exited' }),
      fail: (error: unknown) => sendBack({ type: 'payout.connectFailed', error }),
    };
    runs.push(run);
    failsOnCue(receive, () => void (run.running = false));
    return () => void (run.running = false);
  });
  return { actor, runs };
}

export const payoutSampleEvents = [
  { type: 'loadAccount.done', output: account() },
  { type: 'loadAccount.done', output: account({ verified: true, country: 'AU' }) },
  { type: 'loadAccount.done', output: account({ clientSecret: 'acct_1_secret', provider: 'stripe', publishableKey: 'pk_test_1', country: 'AU' }) },
  // A verified Stripe account whose last payout to the bank failed: the banner and account management, and the notice.
  {
    type: 'loadAccount.done',
    output: account({
      provider: 'stripe',
      publishableKey: 'pk_test_1',
      verified: true,
      country: 'AU',
      payoutFailure: { amountMinor: 4200, currencyCode: 'AUD', failureCode: 'account_closed', failedAt: '2026-05-02T10:00:00.000Z' },
    }),
  },
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
  { type: 'stripeOnboarding.error', error: new Error('the mount point is gone') },
  { type: 'payout.exited' },
  { type: 'payout.cancel' },
  { type: 'stripeManagement.error', error: new Error('the mount point is gone') },
  // "Back to resell", when the tab was opened from Resell's Verify payouts.
  { type: 'payout.backToResell' },
];

/** The encoded ticket Resell's Verify payouts came from (the start "from Resell"). */
export const RESELL_TICKET = 'resell-ticket-21';

export const payoutVertex = (snapshot: AnyMachineSnapshot) => {
  const { context } = snapshot as PayoutSnapshot;
  return JSON.stringify({ value: snapshot.value, account: context.account, name: context.legalName !== '', bank: context.bankLast4 !== '', touched: context.touched });
};

/** The stripeOnboarding the model's machine runs: the paths check its runs. */
export const payoutOnboarding = fakeOnboarding();
/** The stripeManagement the model's machine runs. */
export const payoutManagement = fakeOnboarding<StripeManagementInput>();

/** The payout machine's model-based test. */
export const payoutSpec = modelSpec({
  name: 'payout',
  machine: payoutMachine.provide({ actions: { logError: () => {} }, actors: { stripeOnboarding: payoutOnboarding.actor, stripeManagement: payoutManagement.actor } }),
  starts: [
    { name: 'start', input: () => ({ services: testServices() }) },
    { name: "from Resell's Verify payouts", input: () => ({ services: testServices(), returnToResell: { userTicketId: RESELL_TICKET } }) },
  ],
  events: payoutSampleEvents,
  serializeState: payoutVertex,
});
