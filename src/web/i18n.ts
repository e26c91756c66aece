// Translation helper over rosetta. English, the default language and the fallback of every key, comes with the code
// that shows it: the frame's strings in the app's first chunk, each lazy screen's in its chunk (addStrings,
// src/web/locale-strings.ts). Another language is a chunk of its own, loaded whole before the wallet mounts on a page
// in that language (docs/decisions.md, "Screens and languages load on demand"). Locale files hold flat dotted keys ("api.auth.wrong_otp"), so
// keys are passed to rosetta as a one-element path: rosetta would otherwise split them on the dots.
import rosetta from 'rosetta';
import { frameStrings } from './locale-strings' with { type: 'macro' };
import { DEFAULT_LANGUAGE, isLanguage, type Language, languageOf, languages } from '../contract/languages';

export type Locale = Language;
export const locales = languages;
export const defaultLocale = DEFAULT_LANGUAGE;

type Table = Record<string, string>;
const i18n = rosetta<Table>({ en: frameStrings() });
i18n.locale(defaultLocale);

/** The other languages' tables, each its own chunk. */
const tables: Record<Exclude<Language, 'en'>, () => Promise<Table>> = {
  es: () => import('../../locales/es.json').then(tableOf),
};

/** A JSON chunk is the table itself in Parcel's build and a module with a default export under Vite/vitest. */
function tableOf(module: Table | { default: Table }): Table {
  return typeof module.default === 'object' ? module.default : (module as Table);
}
const loaded = new Set<Language>(['en']);

/** A lazy screen's English strings, added when its chunk arrives. */
export function addStrings(table: Table): void {
  i18n.set('en', table);
}

/** Loads a language's strings once (English is always there). */
export async function loadLocale(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return;
  i18n.set(locale, await tables[locale as Exclude<Language, 'en'>]());
  loaded.add(locale);
}

export const isLocale = isLanguage;

/** The language is the first path segment (docs/product.md §2); anything else means the default language. */
export const localeFromPath = languageOf;

/** Switches to a language whose strings are loaded (loadLocale); until then English shows. */
export function setLocale(locale: Locale): void {
  i18n.locale(loaded.has(locale) ? locale : defaultLocale);
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
 * Translate a count: the key's plural form for the current language, `<key>_one`, `<key>_other` (and `_zero`,
 * `_few`… where a language has them), chosen by Intl.PluralRules; `{{count}}` is the number.
 */
export function tPlural(key: string, count: number, params: Record<string, string | number> = {}): string {
  const form = new Intl.PluralRules(currentLocale()).select(count);
  return t(hasKey(`${key}_${form}`) ? `${key}_${form}` : `${key}_other`, { ...params, count });
}

/**
 * Translate a key that arrives at run time (an API error code, a form message) with a fallback key when the
 * locale files do not know it.
 */
export function translateCode(code: string | undefined | null, fallbackKey: string): string {
  return code && hasKey(code) ? t(code) : t(fallbackKey);
}
