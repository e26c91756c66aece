// The validation rules of docs/product.md §5, written once as data and read twice: `checkText` (here, no zod, small enough for
// the browser's first chunk) validates the machines' forms, and src/contract/form-schemas.ts turns the same rules
// into the zod/mini schemas of the API's request bodies. A property test keeps the two readings in agreement.
// Every message is a locale key, translated by locales/*.json.

export const OTP_LENGTH = 6;
/**
 * The largest profile picture one may upload (the server's default PICTURE_LIMIT_BYTES, 5 MB): the form states it
 * and checks it before sending; the server, which may be configured otherwise, checks its own (413).
 */
export const PICTURE_LIMIT_BYTES = 5 * 1024 * 1024;

/** The e-mail pattern (zod's own default), so browser and server accept exactly the same addresses. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** Characters nobody sees: zero-width spaces and joiners, soft hyphens, bidi and other format characters. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;
/** Control characters (NUL, line breaks inside a value, DEL, C1): refused in every text, never stored. */
export const CONTROL_CHARACTER = /\p{Cc}/u;
export const INVALID_CHARACTERS_KEY = 'form.invalid_characters';

/** Ways a text is cleaned before it is checked, in this order after trimming (and it is trimmed again after). */
export const textCleaners = {
  lowercase: (text: string) => text.toLowerCase(),
  /** Phone numbers are typed with spaces and dashes. */
  withoutSpacesAndDashes: (text: string) => text.replace(/[\s-]/g, ''),
  /** Unicode compatibility form: full-width and other look-alike forms become the plain letters they imitate. */
  nfkc: (text: string) => text.normalize('NFKC'),
  withoutInvisible: (text: string) => text.replace(INVISIBLE, ''),
} as const;
export type TextCleaner = keyof typeof textCleaners;

export interface TextRule {
  /** The key when the value is missing (or is not text: 'form.invalid_type'). */
  requiredKey: string;
  /** The key when nothing is left after cleaning and trimming. */
  emptyKey: string;
  clean?: readonly TextCleaner[];
  maxLength?: { length: number; key: string };
  pattern?: { regex: RegExp; key: string };
  /**
   * A further check of the cleaned text (the nickname's single script). The rule carries its test, so only the
   * chunks whose forms use such a rule carry the test's code.
   */
  refine?: { test: (text: string) => boolean; key: string };
}

export type TextCheck = { ok: true; value: string } | { ok: false; error: string };

/** The rule's cleaning: trimmed, each cleaner in order, trimmed again. */
export function cleanText(rule: TextRule, input: string): string {
  return (rule.clean ?? []).reduce((text, cleaner) => textCleaners[cleaner](text), input.trim()).trim();
}

/** Checks a text against its rule: the cleaned value, or the key of the first rule it breaks. */
export function checkText(rule: TextRule, input: unknown): TextCheck {
  if (typeof input !== 'string') return { ok: false, error: input === undefined ? rule.requiredKey : 'form.invalid_type' };
  const value = cleanText(rule, input);
  if (CONTROL_CHARACTER.test(value)) return { ok: false, error: INVALID_CHARACTERS_KEY };
  if (value.length === 0) return { ok: false, error: rule.emptyKey };
  if (rule.maxLength && value.length > rule.maxLength.length) return { ok: false, error: rule.maxLength.key };
  if (rule.pattern && !rule.pattern.regex.test(value)) return { ok: false, error: rule.pattern.key };
  if (rule.refine && !rule.refine.test(value)) return { ok: false, error: rule.refine.key };
  return { ok: true, value };
}

export const emailRule: TextRule = {
  requiredKey: 'form.email_required',
  emptyKey: 'form.email_required',
  clean: ['lowercase'],
  maxLength: { length: 254, key: 'form.email_too_long' },
  pattern: { regex: EMAIL_PATTERN, key: 'form.email_invalid' },
};

export const otpRule: TextRule = {
  requiredKey: 'form.code_required',
  emptyKey: 'form.code_required',
  pattern: { regex: new RegExp(`^\\d{${OTP_LENGTH}}$`), key: 'form.code_length' },
};

/** Names are shown to others: look-alike forms normalised, invisible characters removed before the required check. */
export const nameCleaning: readonly TextCleaner[] = ['nfkc', 'withoutInvisible'];

const nameRule = (requiredKey: string, emptyKey: string): TextRule => ({
  requiredKey,
  emptyKey,
  clean: nameCleaning,
  maxLength: { length: 100, key: 'form.name_too_long' },
});
export const firstNameRule = nameRule('form.first_name_required', 'form.first_name_empty');
export const lastNameRule = nameRule('form.last_name_required', 'form.last_name_empty');

/** E.164-ish: optional +, 6 to 15 digits, spaces and dashes tolerated and removed. */
export const phoneNumberRule: TextRule = {
  requiredKey: 'form.phone_required',
  emptyKey: 'form.phone_required',
  clean: ['withoutSpacesAndDashes'],
  pattern: { regex: /^\+?\d{6,15}$/, key: 'form.phone_invalid' },
};

export const redeemCodeRule: TextRule = {
  requiredKey: 'code_is_required',
  emptyKey: 'code_is_required',
  maxLength: { length: 64, key: 'form.code_too_long' },
};

/** A form: its fields' rules. */
export type FormRules<F extends string> = Record<F, TextRule>;

export const loginForm = { email: emailRule } satisfies FormRules<'email'>;
export const otpForm = { otp: otpRule } satisfies FormRules<'otp'>;
export const personalDataForm = { givenName: firstNameRule, familyName: lastNameRule } satisfies FormRules<'givenName' | 'familyName'>;
export const phoneForm = { phoneNumber: phoneNumberRule } satisfies FormRules<'phoneNumber'>;
export const giftEmailForm = { email: emailRule } satisfies FormRules<'email'>;
export const redeemForm = { code: redeemCodeRule } satisfies FormRules<'code'>;

/** The first error of each field that breaks its rule (locale keys); an empty object when the form is valid. */
export function formErrors<F extends string>(rules: FormRules<F>, values: { readonly [K in NoInfer<F>]?: unknown }): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const field of Object.keys(rules) as F[]) {
    const result = checkText(rules[field], values[field]);
    if (!result.ok) errors[field] = result.error;
  }
  return errors;
}

export function isFormValid<F extends string>(rules: FormRules<F>, values: { readonly [K in NoInfer<F>]?: unknown }): boolean {
  return Object.keys(formErrors(rules, values)).length === 0;
}
