// Server-side translations (e-mails), from the same locales/*.json as the web app.
import { readFileSync } from 'node:fs';
import rosetta from 'rosetta';

export type Locale = 'en' | 'es';
export const locales: readonly Locale[] = ['en', 'es'];

const load = (locale: Locale) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;

const i18n = rosetta<Record<string, string>>({ en: load('en'), es: load('es') });

/** Keys are flat and dotted ('mail.otp.text'); passed as a one-element path so rosetta does not split them. */
export function translate(locale: Locale, key: string, params?: Record<string, string | number>): string {
  return i18n.t([key], params ?? {}, locale) || i18n.t([key], params ?? {}, 'en') || key;
}

export function asLocale(value: string | null | undefined): Locale {
  return value === 'es' ? 'es' : 'en';
}
