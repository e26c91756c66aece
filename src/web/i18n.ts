// Translation helper over rosetta. Locale files hold flat dotted keys ("api.auth.wrong_otp"), so keys are
// passed to rosetta as a one-element path: rosetta would otherwise split them on the dots.
import rosetta from 'rosetta';
import en from '../../locales/en.json';
import es from '../../locales/es.json';

export const locales = ['en', 'es'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

type Table = Record<string, string>;
const i18n = rosetta<Table>({ en, es });
i18n.locale(defaultLocale);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The language is the first path segment (SPEC §2); anything else means the default language. */
export function localeFromPath(pathname: string): Locale {
  const first = pathname.split('/').filter(Boolean)[0]?.toLowerCase();
  return isLocale(first) ? first : defaultLocale;
}

export function setLocale(locale: Locale): void {
  i18n.locale(locale);
}

export function currentLocale(): Locale {
  const locale = i18n.locale();
  return isLocale(locale) ? locale : defaultLocale;
}

export function hasKey(key: string, locale: Locale = currentLocale()): boolean {
  return typeof (i18n.table(locale) ?? {})[key] === 'string';
}

/** Translate a key; falls back to English, then to the key itself so a missing string is visible, not blank. */
export function t(key: string, params?: Record<string, string | number>): string {
  const text = i18n.t([key], params);
  if (text) return text;
  return i18n.t([key], params, defaultLocale) || key;
}

/**
 * Translate a key that arrives at run time (an API error code, a form message) with a fallback key when the
 * locale files do not know it.
 */
export function translateCode(code: string | undefined | null, fallbackKey: string): string {
  return code && hasKey(code) ? t(code) : t(fallbackKey);
}
