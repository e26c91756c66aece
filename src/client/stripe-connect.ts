// Stripe Connect's embedded components, mounted into an element: the payout machine's `stripeOnboarding` actor
// (machines/payout.ts) runs account onboarding while its `stripe.mounted` state lasts, and its `stripeManagement`
// actor the notification banner and account management while a verified Stripe account's tab is shown
// (docs/decisions/0114-the-payouts-tab-as-stripe-embeds-it.md). @stripe/connect-js is imported on demand, so it is never in the
// first chunk; connect.js itself comes from Stripe when the first component is created.
import type { PaymentsAccount } from '../contract/entities';

/** The embedded components the Payouts tab uses (one Account Session enables all three). */
export type ConnectComponent = 'account-onboarding' | 'notification-banner' | 'account-management';

export interface ConnectComponentsOptions {
  account: Pick<PaymentsAccount, 'publishableKey' | 'clientSecret'>;
  /** The components, in the order they go into the host. */
  components: readonly ConnectComponent[];
  /** Where the components go (the Payouts tab's mount point). */
  host: HTMLElement;
  /** The wallet's resolved theme, for Stripe's appearance (12 px radius, the wallet's colours). */
  theme: 'light' | 'dark';
  /**
   * A new Account Session's client secret from the server. connect-js calls fetchClientSecret again whenever its
   * session ends, and a secret is single-use: only the first call may use the one the account came with (an account
   * read without onboarding under way has none: the first call asks the server too).
   */
  freshClientSecret: () => Promise<string>;
  /** The person left the onboarding (done or not): the account is read again. */
  onExit: () => void;
  /** connect-js could not be loaded or started. */
  onError: (error: unknown) => void;
}

/** Options of the onboarding alone (the payout machine's `stripeOnboarding`). */
export type ConnectOnboardingOptions = Omit<ConnectComponentsOptions, 'components'>;

const appearance = {
  light: { borderRadius: '12px', colorPrimary: '#4f46e5', colorBackground: '#ffffff', colorText: '#1f2330' },
  dark: { borderRadius: '12px', colorPrimary: '#8b85ff', colorBackground: '#1b1e25', colorText: '#eceef3' },
} as const;

/** Mounts the components; the answer removes them again (also when they had not loaded yet). */
export function mountConnectComponents(options: ConnectComponentsOptions): () => void {
  const { account, host } = options;
  let cancelled = false;
  const elements: HTMLElement[] = [];
  if (account.publishableKey) {
    const publishableKey = account.publishableKey;
    let unused: string | null = account.clientSecret || null;
    const fetchClientSecret = async () => {
      const secret = unused;
      unused = null;
      return secret ?? options.freshClientSecret();
    };
    import('@stripe/connect-js')
      .then(({ loadConnectAndInitialize }) => {
        if (cancelled) return;
        const instance = loadConnectAndInitialize({
          publishableKey,
          fetchClientSecret,
          appearance: { overlays: 'dialog', variables: appearance[options.theme] },
        });
        for (const name of options.components) {
          if (name === 'account-onboarding') {
            const onboarding = instance.create('account-onboarding');
            onboarding.setOnExit(options.onExit);
            elements.push(onboarding);
          } else {
            elements.push(instance.create(name));
          }
        }
        host.append(...elements);
      })
      .catch((error: unknown) => {
        if (!cancelled) options.onError(error);
      });
  }
  return () => {
    cancelled = true;
    for (const element of elements) element.remove();
  };
}

/** Stripe's account onboarding alone. */
export const mountConnectOnboarding = (options: ConnectOnboardingOptions): (() => void) =>
  mountConnectComponents({ ...options, components: ['account-onboarding'] });
