// Derived values of the payout machine for the Payouts tab: what it shows (skeleton, failure, verified, the local
// form or Stripe's onboarding), how a verified account is managed (Stripe's components or the local stand-in), a
// payout Stripe could not make to the bank, the local form's fields (errors only after a submit) and the Stripe
// mount point's key.
import type { PaymentsAccount } from '../src/contract/entities';
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

/** "Back to resell": the tab was opened from Resell's Verify payouts. */
export const selectCanGoBackToResell = (snapshot: PayoutSnapshot | undefined): boolean => snapshot?.can({ type: 'payout.backToResell' }) ?? false;

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

/**
 * How a verified account is kept right: Stripe's notification banner and account management, or the local provider's
 * button that opens its form again; null while the account is not verified.
 */
export function selectManagement(snapshot: PayoutSnapshot | undefined): 'stripe' | 'local' | null {
  if (!snapshot?.matches('verified')) return null;
  return snapshot.matches({ verified: 'stripe' }) ? 'stripe' : 'local';
}

/** The local form changes the bank account of an account already verified (it has a way back). */
export const selectChangingBank = (snapshot: PayoutSnapshot): boolean => snapshot.matches('localForm') && Boolean(snapshot.context.account?.verified);

/**
 * Stripe's latest payout to the seller's bank failed (docs/decisions/0114-the-payouts-tab-as-stripe-embeds-it.md): shown once the
 * account is read, whatever else the tab shows; null while loading or when nothing failed.
 */
export function selectPayoutFailure(snapshot: PayoutSnapshot | undefined): PaymentsAccount['payoutFailure'] {
  const view = selectPayoutView(snapshot);
  if (view === 'loading' || view === 'failed') return null;
  return snapshot?.context.account?.payoutFailure ?? null;
}

/** Stripe's payout failure codes the tab explains in words, with their locale keys; any other is told as the general case. */
export const payoutFailureReasons: Record<string, string> = {
  account_closed: 'payout.failure_reason.account_closed',
  account_frozen: 'payout.failure_reason.account_frozen',
  bank_account_restricted: 'payout.failure_reason.bank_account_restricted',
  bank_ownership_changed: 'payout.failure_reason.bank_ownership_changed',
  could_not_process: 'payout.failure_reason.could_not_process',
  debit_not_authorized: 'payout.failure_reason.debit_not_authorized',
  declined: 'payout.failure_reason.declined',
  incorrect_account_holder_name: 'payout.failure_reason.incorrect_account_holder_name',
  insufficient_funds: 'payout.failure_reason.insufficient_funds',
  invalid_account_number: 'payout.failure_reason.invalid_account_number',
  invalid_currency: 'payout.failure_reason.invalid_currency',
  no_account: 'payout.failure_reason.no_account',
};

/** The locale key of a payout failure's reason. */
export function payoutFailureReasonKey(failureCode: string | null | undefined): string {
  return (failureCode && Object.hasOwn(payoutFailureReasons, failureCode) ? payoutFailureReasons[failureCode] : undefined) ?? 'payout.failure_reason.other';
}
