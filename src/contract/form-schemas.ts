// The zod/mini schemas of the form fields, made from the rules in forms.ts, for the API's request bodies (server,
// OpenAPI and tests). The browser validates with forms.ts itself and never loads this file.
import * as z from 'zod/mini';
import {
  emailRule,
  firstNameRule,
  lastNameRule,
  nicknameRule,
  otpRule,
  phoneNumberRule,
  RESELL_PRICE_TOLERANCE,
  redeemCodeRule,
  textCleaners,
  type TextRule,
} from './forms';

/** The rule as a string schema: the same cleaning in the same order, the same checks, the same keys. */
export function textSchema(rule: TextRule) {
  const checks: z.core.$ZodCheck<string>[] = [
    z.trim(),
    ...(rule.clean ?? []).map((cleaner) => z.overwrite(textCleaners[cleaner])),
    z.minLength(1, rule.emptyKey),
  ];
  if (rule.maxLength) checks.push(z.maxLength(rule.maxLength.length, rule.maxLength.key));
  if (rule.pattern) checks.push(z.regex(rule.pattern.regex, rule.pattern.key));
  return z.string({ error: (issue) => (issue.input === undefined ? rule.requiredKey : 'form.invalid_type') }).check(...checks);
}

export const emailSchema = textSchema(emailRule);
export const otpSchema = textSchema(otpRule);
export const firstNameSchema = textSchema(firstNameRule);
export const lastNameSchema = textSchema(lastNameRule);
export const nicknameSchema = textSchema(nicknameRule);
export const phoneNumberSchema = textSchema(phoneNumberRule);
export const redeemCodeSchema = textSchema(redeemCodeRule);

/** Resell price per ticket: required, positive, below the maximum ticket price plus the tolerance. */
export function resellPriceSchema(maxTicketPrice: number) {
  return z
    .number({ error: 'form.price_required' })
    .check(
      z.positive('invalid_prices'),
      z.refine((price: number) => price < maxTicketPrice + RESELL_PRICE_TOLERANCE, 'invalid_prices'),
    );
}
