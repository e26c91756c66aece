// Derived values of the redeem machine for the views: the code field (its error only once touched, docs/product.md §5), whether
// Redeem may be pressed, the failure flash and the success view.
import { checkText, redeemCodeRule } from '../src/contract/forms';
import type { RedeemResult } from '../src/contract/entities';
import type { RedeemSnapshot } from './redeem';

export interface CodeFieldView {
  value: string;
  error: string | null;
  status: 'error' | 'default';
}

export function selectCodeField(snapshot: RedeemSnapshot): CodeFieldView {
  const { code, touched } = snapshot.context;
  const result = checkText(redeemCodeRule, code);
  const error = touched && !result.ok ? result.error : null;
  return { value: code, error, status: error ? 'error' : 'default' };
}

/** Redeem is enabled only with a valid code and no request running (docs/product.md §5). */
export const selectCanRedeem = (snapshot: RedeemSnapshot) => snapshot.can({ type: 'redeem.submit' });
export const selectIsRedeeming = (snapshot: RedeemSnapshot) => snapshot.hasTag('loading');

/** The error flash of the last failure (a locale key), while the form shows. */
export function selectFailure(snapshot: RedeemSnapshot): string | null {
  return snapshot.hasTag('form') ? snapshot.context.failure : null;
}

/** What was redeemed, once the success view replaces the form. */
export function selectRedeemed(snapshot: RedeemSnapshot): RedeemResult | null {
  return snapshot.matches('redeemed') ? snapshot.context.result : null;
}
