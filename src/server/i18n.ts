// Server-side translations (e-mails), from the same locales/*.json as the web app.
import { readFileSync } from 'node:fs';
import rosetta from 'rosetta';
import { asLanguage, DEFAULT_LANGUAGE, type Language, languages } from '../contract/languages';

export type Locale = Language;

const load = (locale: Locale) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;

const i18n = rosetta<Record<string, string>>(Object.fromEntries(languages.map((language) => [language, load(language)])));

/** Keys are flat and dotted ('mail.otp.subject'); passed as a one-element path so rosetta does not split them. */
export function translate(locale: Locale, key: string, params?: Record<string, string | number>): string {
  return i18n.t([key], params ?? {}, locale) || i18n.t([key], params ?? {}, DEFAULT_LANGUAGE) || key;
}

/**
 * A counted string: the key's plural form for the language (`<key>_one`, `<key>_other`…, as the wallet's counted strings, src/web/i18n.ts),
 * chosen by Intl.PluralRules; `{{count}}` is the number.
 */
export function translatePlural(locale: Locale, key: string, count: number, params: Record<string, string | number> = {}): string {
  const form = new Intl.PluralRules(locale).select(count);
  const table = i18n.table(locale) ?? {};
  return translate(locale, `${key}_${form}` in table ? `${key}_${form}` : `${key}_other`, { ...params, count });
}

export const asLocale = asLanguage;

/** A string with its {{placeholders}} left in, for a page's script to fill (translate() would empty them). */
export function template(locale: Locale, key: string): string {
  return i18n.table(locale)?.[key] ?? i18n.table(DEFAULT_LANGUAGE)?.[key] ?? key;
}
