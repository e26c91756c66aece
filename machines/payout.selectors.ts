// Derived values of the payout machine for the Payouts tab: what it shows (skeleton, failure, verified, the local
// form or Stripe's onboarding), the local form's fields (errors only after a submit) and the Stripe mount point's key.
import { localFormErrors, type PayoutSnapshot } from './payout';

export type PayoutView = 'loading' | 'failed' | 'none' | 'verified' | 'localForm' | 'stripe';

/** What the tab shows; no payout child yet (the settings profile still loads) is `loading` too. */
export function selectPayoutView(snapshot: PayoutSnapshot | undefined): PayoutView {
  if (!snapshot || snapshot.matches('loading') || snapshot.matches('deciding')) return 'loading';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('verified')) return 'verified';
  if (snapshot.matches('localForm')) return 'localForm';
  if (snapshot.matches('stripe')) return 'stripe';
  return 'none';
}

export interface LocalFormView {
  legalName: string;
  bankLast4: string;
  /** Locale keys, only once a submit touched the form. */
  errors: { legalName?: string; bankLast4?: string };
  submitting: boolean;
}

export function selectLocalForm(snapshot: PayoutSnapshot): LocalFormView {
  const { legalName, bankLast4, touched } = snapshot.context;
  return {
    legalName,
    bankLast4,
    errors: touched ? localFormErrors(snapshot.context) : {},
    submitting: snapshot.hasTag('loading'),
  };
}

/**
 * One mount point per onboarding session: a new client secret (Verify pressed again) gives the tab a new element,
 * which registers itself with `payout.mount` again.
 */
export const selectStripeSessionKey = (snapshot: PayoutSnapshot): string => snapshot.context.account?.clientSecret ?? '';
