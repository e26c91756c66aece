// The validation rules of SPEC §5, shared by the machines (forms) and the server (request bodies).
// Every message is a locale key, translated by locales/*.json.
import * as z from 'zod';

export const OTP_LENGTH = 6;
/** SPEC §9: the resale price may exceed the maximum ticket price by at most this much. */
export const RESELL_PRICE_TOLERANCE = 0.001;

const requiredString = (requiredKey: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? requiredKey : 'form.invalid_type') });

export const emailSchema = requiredString('form.email_required')
  .trim()
  .min(1, 'form.email_required')
  .max(254, 'form.email_invalid')
  .pipe(z.email('form.email_invalid'))
  .transform((email) => email.toLowerCase());

export const otpSchema = requiredString('form.code_required')
  .trim()
  .min(1, 'form.code_required')
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), 'form.code_length');

const nameSchema = (requiredKey: string, emptyKey: string) =>
  requiredString(requiredKey).trim().min(1, emptyKey).max(100, 'form.name_too_long');

export const firstNameSchema = nameSchema('form.first_name_required', 'form.first_name_empty');
export const lastNameSchema = nameSchema('form.last_name_required', 'form.last_name_empty');

/** Nickname: the part before the unchangeable '#suffix'; a hash inside would be ambiguous. */
export const nicknameSchema = requiredString('username_is_required')
  .trim()
  .min(1, 'form.username_empty')
  .max(32, 'form.username_too_long')
  .regex(/^[^#\s]+$/u, 'form.username_invalid');

/** E.164-ish: optional +, 6 to 15 digits, spaces and dashes tolerated and removed. */
export const phoneNumberSchema = requiredString('form.phone_required')
  .trim()
  .min(1, 'form.phone_required')
  .transform((phone) => phone.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{6,15}$/, 'form.phone_invalid'));

export const redeemCodeSchema = requiredString('code_is_required').trim().min(1, 'code_is_required').max(64, 'form.code_too_long');

/** Resell price per ticket: required, positive, below the maximum ticket price plus the tolerance. */
export function resellPriceSchema(maxTicketPrice: number) {
  return z
    .number({ error: 'form.price_required' })
    .finite('invalid_prices')
    .positive('invalid_prices')
    .refine((price) => price < maxTicketPrice + RESELL_PRICE_TOLERANCE, 'invalid_prices');
}

export const loginForm = z.object({ email: emailSchema });
export const otpForm = z.object({ otp: otpSchema });
export const personalDataForm = z.object({ givenName: firstNameSchema, familyName: lastNameSchema });
export const nicknameForm = z.object({ nickname: nicknameSchema });
export const phoneForm = z.object({ phoneNumber: phoneNumberSchema });
export const giftEmailForm = z.object({ email: emailSchema });
export const redeemForm = z.object({ code: redeemCodeSchema });

/** First issue message per field path, for showing beside touched fields. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}
