// Derived values of the benefit modal for the views, and the benefit rules the single ticket shares.
import type { Benefit } from '../src/contract/entities';
import type { BenefitSnapshot } from './benefit';

/** docs/product.md §2 / §4: a benefit is used when its used amount equals its purchased amount. */
export function isBenefitUsed(benefit: Pick<Benefit, 'usedAmount' | 'purchasedAmount'>): boolean {
  return benefit.purchasedAmount > 0 && benefit.usedAmount >= benefit.purchasedAmount;
}

export function selectBenefit(snapshot: BenefitSnapshot): Benefit {
  return snapshot.context.benefit;
}

export function selectIsBenefitUsed(snapshot: BenefitSnapshot): boolean {
  return isBenefitUsed(snapshot.context.benefit);
}

/** Unlock benefits is offered (and enabled) now: digital, unlockable, no code yet, no unlock running. */
export function selectCanUnlock(snapshot: BenefitSnapshot): boolean {
  return snapshot.can({ type: 'benefit.unlock' });
}

export function selectIsUnlocking(snapshot: BenefitSnapshot): boolean {
  return snapshot.hasTag('loading');
}

/** The redeem code, once the benefit has one. */
export function selectRedeemCode(snapshot: BenefitSnapshot): string | null {
  return snapshot.matches({ open: 'revealed' }) ? (snapshot.context.benefit.redeemCode ?? null) : null;
}
