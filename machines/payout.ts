// Payouts (docs/product.md §2 Settings payout tab, §6): the state of the user's payout account, read from the server each time
// (which asks Stripe; never cached) and the onboarding it needs. A child of the settings flow while its profile is
// ready (docs/decisions/0034-resell-listings-share-page-and-payouts.md): the settings' verification button starts onboarding (paymentsConnect)
// and hands the answer here with `payout.connected`. With the Stripe provider the machine mounts Stripe's embedded
// onboarding component (actor `stripeOnboarding`) into the element the view registers with `payout.mount`; its exit
// sends `payout.exited`, and the state is read again. With the local provider (no Stripe keys, outside production)
// the view shows our own form: legal name and the last 4 bank digits. A verified account's tab shows, with Stripe,
// the notification banner and account management (actor `stripeManagement`, the same Account Session), and with the
// local provider our own stand-in: a button that opens the local form again to change the bank account
// (docs/decisions/0114-the-payouts-tab-as-stripe-embeds-it.md). A payout Stripe could not make to the bank is in the account
// (`payoutFailure`); the tab shows it whatever the state. Opened from Resell's "Verify payouts" (RETURN_TO=RESELL), the
// tab offers "Back to resell", which opens that ticket's resell again (docs/decisions/0116-forms-that-say-why-and-payouts-first.md).
import { assign, fromCallback, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { PaymentsAccount } from '../src/contract/entities';
import { mountConnectComponents, mountConnectOnboarding } from '../src/client/stripe-connect';
import { addRoutes } from '../src/client/client';
import { errorCode } from '../src/client/errors';
import { reportError } from './services';
import type { LogParams, Toast, WalletServices } from './services';
import { doc } from './doc' with { type: 'macro' };
import { compactRoutes } from '../src/contract/route-table' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('paymentsAccount', 'paymentsConnect', 'paymentsLocalOnboarding'));

/** Where the payouts tab was opened from, to go back to: Resell, with its ticket (encoded) or none. */
export interface PayoutReturn {
  userTicketId: string | null;
}

export interface PayoutInput {
  services: WalletServices;
  returnToResell?: PayoutReturn | null;
}

export type PayoutReport = { type: 'panel.open'; tab: 'RESELL'; userTicketId: string | null } | ({ type: 'notify' } & Toast);

export interface PayoutContext {
  services: WalletServices;
  /** Resell's ticket to go back to ("Back to resell"), or null when the tab was not opened from Resell. */
  returnToResell: PayoutReturn | null;
  account: PaymentsAccount | null;
  legalName: string;
  bankLast4: string;
  touched: boolean;
}

export type PayoutEvent =
  | { type: 'payout.retry' }
  | { type: 'payout.connected'; account: PaymentsAccount }
  | { type: 'payout.changeLegalName'; value: string }
  | { type: 'payout.changeBankLast4'; value: string }
  | { type: 'payout.submit' }
  /** The Payouts tab's mount point for Stripe's component is in the page, and the wallet's theme. */
  | { type: 'payout.mount'; host: HTMLElement; theme: 'light' | 'dark' }
  /** The mount point left the page. */
  | { type: 'payout.unmount' }
  /** From `stripeOnboarding`: the person left Stripe's onboarding. */
  | { type: 'payout.exited' }
  /** From `stripeOnboarding` or `stripeManagement`: connect-js could not be loaded or started (logged; the mount point stays empty). */
  | { type: 'payout.connectFailed'; error: unknown }
  /** Leave the local form without sending it: the account is read again. */
  | { type: 'payout.cancel' }
  /** "Back to resell": the ticket's resell the tab was opened from. */
  | { type: 'payout.backToResell' };

export interface StripeOnboardingInput {
  account: PaymentsAccount;
  host: HTMLElement;
  theme: 'light' | 'dark';
  /** A new Account Session's client secret from the server: each one is single-use. */
  freshClientSecret: () => Promise<string>;
}

/** What `stripeManagement` is started with: the same as onboarding (every secret is a fresh one). */
export type StripeManagementInput = StripeOnboardingInput;

export const payoutToastKeys = { verified: 'payout.verified_toast', failed: 'api.internal_error' } as const;

/** The local form's rule: a name and exactly four digits (the server checks the same). */
export function localFormErrors(context: Pick<PayoutContext, 'legalName' | 'bankLast4'>): { legalName?: string; bankLast4?: string } {
  const errors: { legalName?: string; bankLast4?: string } = {};
  if (context.legalName.trim() === '') errors.legalName = 'payout.legal_name_required';
  if (!/^\d{4}$/.test(context.bankLast4)) errors.bankLast4 = 'payout.bank_last4_invalid';
  return errors;
}

const logParams = (message: string) => ({ event }: { event: { error: unknown } }) => ({ message, error: event.error });

/**
 * The input of both Stripe components (onboarding, and the banner with account management): the element and theme
 * come with the `payout.mount` that entered the state (kept out of the context), and each Account Session is new.
 */
function connectInput({ context, event }: { context: PayoutContext; event: PayoutEvent }): StripeOnboardingInput {
  const mount = event as Extract<PayoutEvent, { type: 'payout.mount' }>;
  const freshClientSecret = async () =>
    (await context.services.api.call('paymentsConnect', { body: { accountType: 'custom' } })).clientSecret;
  return { account: context.account!, host: mount.host, theme: mount.theme, freshClientSecret };
}

export const payoutMachine = setup({
  types: {
    context: {} as PayoutContext,
    events: {} as PayoutEvent,
    input: {} as PayoutInput,
    tags: {} as 'loading',
  },
  actions: {
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
    notify: sendParent((_, params: Toast) => ({ type: 'notify' as const, ...params })),
    storeAccount: assign((_, params: { account: PaymentsAccount }) => ({ account: params.account })),
    changeLegalName: assign((_, params: { value: string }) => ({ legalName: params.value })),
    changeBankLast4: assign((_, params: { value: string }) => ({ bankLast4: params.value.replace(/\D/g, '').slice(0, 4) })),
    touch: assign({ touched: true }),
    backToResell: sendParent(({ context }) => ({ type: 'panel.open' as const, tab: 'RESELL' as const, userTicketId: context.returnToResell?.userTicketId ?? null })),
  },
  guards: {
    verified: (_, params: { account: PaymentsAccount }) => params.account.verified,
    onboardingLocal: (_, params: { account: PaymentsAccount }) => params.account.clientSecret !== '' && params.account.provider === 'local',
    onboardingStripe: (_, params: { account: PaymentsAccount }) => params.account.clientSecret !== '' && params.account.provider === 'stripe',
    stripeAccount: (_, params: { account: PaymentsAccount }) => params.account.provider === 'stripe',
    formValid: ({ context }) => Object.keys(localFormErrors(context)).length === 0,
    fromResell: ({ context }) => context.returnToResell !== null,
  },
  actors: {
    loadAccount: fromPromise<PaymentsAccount, { services: WalletServices }>(({ input }) => input.services.api.call('paymentsAccount', {})),
    // Injectable (tests provide a fake): mounts Stripe's onboarding into the host while it runs, removes it on stop.
    stripeOnboarding: fromCallback<PayoutEvent, StripeOnboardingInput>(({ input, sendBack }) =>
      mountConnectOnboarding({
        account: input.account,
        host: input.host,
        theme: input.theme,
        freshClientSecret: input.freshClientSecret,
        onExit: () => sendBack({ type: 'payout.exited' }),
        onError: (error) => sendBack({ type: 'payout.connectFailed', error }),
      }),
    ),
    // Injectable too: Stripe's notification banner and account management for a verified account, in one host.
    stripeManagement: fromCallback<PayoutEvent, StripeManagementInput>(({ input, sendBack }) =>
      mountConnectComponents({
        account: input.account,
        components: ['notification-banner', 'account-management'],
        host: input.host,
        theme: input.theme,
        freshClientSecret: input.freshClientSecret,
        onExit: () => {},
        onError: (error) => sendBack({ type: 'payout.connectFailed', error }),
      }),
    ),
    completeLocal: fromPromise<PaymentsAccount, { services: WalletServices; clientSecret: string; legalName: string; bankAccountLast4: string }>(
      ({ input }) =>
        input.services.api.call('paymentsLocalOnboarding', {
          body: { clientSecret: input.clientSecret, legalName: input.legalName.trim(), bankAccountLast4: input.bankAccountLast4 },
        }),
    ),
  },
}).createMachine({
  id: 'payout',
  meta: { ...doc('Payouts: the Stripe Connect account that receives resale money') },
  context: ({ input }) => ({ services: input.services, returnToResell: input.returnToResell ?? null, account: null, legalName: '', bankLast4: '', touched: false }),
  on: {
    'payout.backToResell': { guard: 'fromResell', actions: 'backToResell' },
    'payout.connected': {
      target: '.deciding',
      actions: { type: 'storeAccount', params: ({ event }) => ({ account: event.account }) },
    },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        input: ({ context }) => ({ services: context.services }),
        onDone: { target: 'deciding', actions: { type: 'storeAccount', params: ({ event }) => ({ account: event.output }) } },
        onError: { target: 'failed', actions: { type: 'logError', params: logParams('payout: reading the account failed') } },
      },
    },
    failed: { on: { 'payout.retry': 'loading' } },
    deciding: {
      // The local form first: a verified local account given a new secret is changing its bank account.
      always: [
        { guard: { type: 'onboardingLocal', params: ({ context }) => ({ account: context.account! }) }, target: 'localForm' },
        { guard: { type: 'verified', params: ({ context }) => ({ account: context.account! }) }, target: 'verified' },
        { guard: { type: 'onboardingStripe', params: ({ context }) => ({ account: context.account! }) }, target: 'stripe' },
        { target: 'none' },
      ],
    },
    none: {},
    localForm: {
      ...doc("The local provider's form: legal name and the bank account's last 4 digits (also to change them once verified)"),
      initial: 'editing',
      states: {
        editing: {
          on: {
            'payout.changeLegalName': { actions: { type: 'changeLegalName', params: ({ event }) => ({ value: event.value }) } },
            'payout.changeBankLast4': { actions: { type: 'changeBankLast4', params: ({ event }) => ({ value: event.value }) } },
            'payout.submit': [{ guard: 'formValid', target: 'submitting' }, { actions: 'touch' }],
            'payout.cancel': '#payout.loading',
          },
        },
        submitting: {
          tags: ['loading'],
          invoke: {
            id: 'completeLocal',
            src: 'completeLocal',
            input: ({ context }) => ({
              services: context.services,
              clientSecret: context.account?.clientSecret ?? '',
              legalName: context.legalName,
              bankAccountLast4: context.bankLast4,
            }),
            onDone: {
              target: '#payout.deciding',
              actions: [
                { type: 'storeAccount', params: ({ event }) => ({ account: event.output }) },
                { type: 'notify', params: { kind: 'success', key: payoutToastKeys.verified } },
              ],
            },
            onError: {
              target: 'editing',
              actions: [
                { type: 'logError', params: logParams('payout: local onboarding failed') },
                { type: 'notify', params: ({ event }) => ({ kind: 'error', key: errorCode(event.error) ?? payoutToastKeys.failed }) },
              ],
            },
          },
        },
      },
    },
    stripe: {
      ...doc("Stripe's embedded onboarding: when the user leaves it the account is read again"),
      on: { 'payout.exited': 'loading' },
      initial: 'waitingForHost',
      states: {
        waitingForHost: {
          ...doc('Until the Payouts tab gives the element to mount into'),
          on: { 'payout.mount': 'mounted' },
        },
        mounted: {
          ...doc("Stripe's component runs in the tab's element"),
          invoke: {
            id: 'stripeOnboarding',
            src: 'stripeOnboarding',
            input: connectInput,
            // The component could not even start (it reports a failed load itself, as payout.connectFailed).
            onError: { actions: { type: 'logError', params: ({ event }) => ({ message: 'payout: Stripe Connect did not start', error: event.error }) } },
          },
          on: {
            'payout.unmount': 'waitingForHost',
            'payout.connectFailed': {
              actions: { type: 'logError', params: ({ event }) => ({ message: 'payout: Stripe Connect did not load', error: event.error }) },
            },
          },
        },
      },
    },
    verified: {
      ...doc('The account is verified: the seller can resell; the tab shows how to keep the account right'),
      initial: 'choosing',
      states: {
        choosing: {
          always: [{ guard: { type: 'stripeAccount', params: ({ context }) => ({ account: context.account! }) }, target: 'stripe' }, { target: 'local' }],
        },
        local: { ...doc('The local provider: a button opens its form again to change the bank account') },
        stripe: {
          ...doc("Stripe's notification banner and account management (bank account, details), same Account Session"),
          initial: 'waitingForHost',
          states: {
            waitingForHost: {
              ...doc('Until the Payouts tab gives the element to mount into'),
              on: { 'payout.mount': 'mounted' },
            },
            mounted: {
              ...doc("Stripe's components run in the tab's element"),
              invoke: {
                id: 'stripeManagement',
                src: 'stripeManagement',
                input: connectInput,
                onError: { actions: { type: 'logError', params: ({ event }) => ({ message: 'payout: Stripe Connect did not start', error: event.error }) } },
              },
              on: {
                'payout.unmount': 'waitingForHost',
                'payout.connectFailed': {
                  actions: { type: 'logError', params: ({ event }) => ({ message: 'payout: Stripe Connect did not load', error: event.error }) },
                },
              },
            },
          },
        },
      },
    },
  },
});

export type PayoutMachine = typeof payoutMachine;
export type PayoutActor = ActorRefFrom<PayoutMachine>;
export type PayoutSnapshot = SnapshotFrom<PayoutMachine>;
