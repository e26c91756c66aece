// The zod/mini schemas of the form fields, made from the rules in forms.ts, for the API's request bodies (server,
// OpenAPI and tests). The browser validates with forms.ts itself and never loads this file.
import * as z from 'zod/mini';
import {
  CONTROL_CHARACTER,
  emailRule,
  INVALID_CHARACTERS_KEY,
  firstNameRule,
  lastNameRule,
  otpRule,
  phoneNumberRule,
  redeemCodeRule,
  textCleaners,
  type TextRule,
} from './forms';
import { hasAtMostTwoDecimals, MAX_MONEY, PRICE_DECIMALS_KEY, RESELL_PRICE_TOLERANCE } from './money-rule';
import { nicknameRule } from './nickname-rule';

/** No control character anywhere in the text (NUL would even fail the database). */
export const withoutControlCharacters = z.refine<string>((text) => !CONTROL_CHARACTER.test(text), INVALID_CHARACTERS_KEY);

/** The rule as a string schema: the same cleaning in the same order, the same checks, the same keys. */
export function textSchema(rule: TextRule) {
  const checks: z.core.$ZodCheck<string>[] = [
    z.trim(),
    ...(rule.clean ?? []).map((cleaner) => z.overwrite(textCleaners[cleaner])),
    z.trim(),
    withoutControlCharacters,
    z.minLength(1, rule.emptyKey),
  ];
  if (rule.maxLength) checks.push(z.maxLength(rule.maxLength.length, rule.maxLength.key));
  if (rule.pattern) checks.push(z.regex(rule.pattern.regex, rule.pattern.key));
  if (rule.refine) checks.push(z.refine(rule.refine.test, rule.refine.key));
  return z.string({ error: (issue) => (issue.input === undefined ? rule.requiredKey : 'form.invalid_type') }).check(...checks);
}

/** An amount of money on the wire: above zero, at most MAX_MONEY, at most 2 decimals. */
export const moneySchema = z.number().check(z.positive(), z.lte(MAX_MONEY), z.refine(hasAtMostTwoDecimals, PRICE_DECIMALS_KEY));

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
      z.refine(hasAtMostTwoDecimals, PRICE_DECIMALS_KEY),
    );
}
