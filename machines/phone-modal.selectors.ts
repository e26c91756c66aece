// Derived values of the phone modal (machines/phone-modal.ts) for its view: the country, the number and its error
// (the rule's once touched, else the last save's failure), and whether the save runs. No modal open (no child):
// the closed modal's empty values.
import { checkPhone, FALLBACK_PHONE_COUNTRY, type PhoneCountry } from './phone';
import type { PhoneModalSnapshot } from './phone-modal';

export interface PhoneView {
  country: PhoneCountry;
  number: string;
  /** A locale key, or null. */
  error: string | null;
}

const closed: PhoneView = { country: FALLBACK_PHONE_COUNTRY, number: '', error: null };

export function selectPhone(snapshot: PhoneModalSnapshot | undefined): PhoneView {
  if (!snapshot) return closed;
  const { country, number, touched, failure } = snapshot.context;
  const check = checkPhone(number, country);
  const error = touched && !check.ok ? check.error : failure;
  return { country, number, error };
}

export const selectIsSavingPhone = (snapshot: PhoneModalSnapshot | undefined) => snapshot?.hasTag('savingPhone') ?? false;
