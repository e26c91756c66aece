// Phone numbers for the settings' phone modal (libphonenumber-js, its small metadata): a number typed in the national
// or international form for a chosen country, checked and turned into E.164, the form the server stores.
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

export type PhoneCountry = CountryCode;

/** Without an organisation country in the embed's config: the demo organisation's. */
export const FALLBACK_PHONE_COUNTRY: PhoneCountry = 'AU';

export type PhoneCheck =
  | { ok: true; e164: string; country: PhoneCountry; national: string }
  | { ok: false; error: 'form.phone_required' | 'form.phone_invalid' };

export function checkPhone(typed: string, country: PhoneCountry): PhoneCheck {
  if (typed.trim() === '') return { ok: false, error: 'form.phone_required' };
  const parsed = parsePhoneNumberFromString(typed, country);
  if (!parsed || !parsed.isValid()) return { ok: false, error: 'form.phone_invalid' };
  return { ok: true, e164: parsed.number, country: parsed.country ?? country, national: parsed.formatNational() };
}

/**
 * A stored number as people read it: international format with spaces ("+61412345678" → "+61 412 345 678"). A
 * number the metadata cannot read is shown as stored.
 */
export function formatPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? parsed.formatInternational() : e164;
}

/** Every country the metadata knows, with its calling code, for the country picker. */
export function phoneCountries(): Array<{ country: PhoneCountry; callingCode: string }> {
  return getCountries().map((country) => ({ country, callingCode: getCountryCallingCode(country) }));
}

export function isPhoneCountry(value: string | undefined | null): value is PhoneCountry {
  return typeof value === 'string' && (getCountries() as string[]).includes(value);
}
