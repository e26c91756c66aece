// Stripe Connect's embedded account onboarding, mounted into an element: the payout machine's `stripeOnboarding`
// actor (machines/payout.ts) runs it while its `stripe.mounted` state lasts. @stripe/connect-js is imported on demand,
// so it is never in the first chunk; connect.js itself comes from Stripe when the component is first created.
import type { PaymentsAccount } from '../contract/entities';

export interface ConnectOnboardingOptions {
  account: Pick<PaymentsAccount, 'publishableKey' | 'clientSecret'>;
  /** Where the component goes (the Payouts tab's mount point). */
  host: HTMLElement;
  /** The wallet's resolved theme, for Stripe's appearance (12 px radius, the wallet's colours). */
  theme: 'light' | 'dark';
  /**
   * A new Account Session's client secret from the server. connect-js calls fetchClientSecret again whenever its
   * session ends, and a secret is single-use: only the first call may use the one the account came with.
   */
  freshClientSecret: () => Promise<string>;
  /** The person left the onboarding (done or not): the account is read again. */
  onExit: () => void;
  /** connect-js could not be loaded or started. */
  onError: (error: unknown) => void;
}

const appearance = {
  light: { borderRadius: '12px', colorPrimary: '#4f46e5', colorBackground: '#ffffff', colorText: '#1f2330' },
  dark: { borderRadius: '12px', colorPrimary: '#8b85ff', colorBackground: '#1b1e25', colorText: '#eceef3' },
} as const;

/** Mounts the onboarding; the answer removes it again (also when it had not loaded yet). */
export function mountConnectOnboarding(options: ConnectOnboardingOptions): () => void {
  const { account, host } = options;
  let cancelled = false;
  let element: HTMLElement | null = null;
  if (account.publishableKey && account.clientSecret) {
    const publishableKey = account.publishableKey;
    let unused: string | null = account.clientSecret;
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
        const onboarding = instance.create('account-onboarding');
        onboarding.setOnExit(options.onExit);
        element = onboarding;
        host.append(onboarding);
      })
      .catch((error: unknown) => {
        if (!cancelled) options.onError(error);
      });
  }
  return () => {
    cancelled = true;
    element?.remove();
  };
}
