// The wallet's translations: flat tables of dotted keys ("api.auth.wrong_otp") per language, `{{name}}` filled from
// the parameters. English, the default language and the fallback of every key, comes with the code that shows it:
// the frame's strings in the app's first chunk, each lazy screen's in its chunk (addStrings,
// src/web/locale-strings.ts). Another language is a chunk of its own, loaded whole before the wallet mounts on a page
// in that language (docs/decisions/0011-screens-and-languages-load-on-demand.md). A dozen lines of our own rather than
// rosetta, whose nested-path lookup the flat tables never used (docs/decisions/0050-the-first-panel-within-its-budget.md).
import { frameStrings } from './locale-strings' with { type: 'macro' };
import { DEFAULT_LANGUAGE, isLanguage, type Language, languageOf, languages } from '../contract/languages';

export type Locale = Language;
export const locales = languages;
export const defaultLocale = DEFAULT_LANGUAGE;

type Table = Record<string, string>;
const strings: Partial<Record<Language, Table>> = { en: frameStrings() };
let locale: Language = DEFAULT_LANGUAGE;

/** `{{name}}` (spaces allowed) becomes the parameter's value; an absent one becomes nothing. */
const fill = (text: string, params?: Record<string, string | number>): string =>
  params ? text.replace(/{{(.*?)}}/g, (_, name: string) => String(params[name.trim()] ?? '')) : text;

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
  strings.en = Object.assign(strings.en ?? {}, table);
}

/** Loads a language's strings once (English is always there). */
export async function loadLocale(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return;
  strings[locale] = Object.assign(strings[locale] ?? {}, await tables[locale as Exclude<Language, 'en'>]());
  loaded.add(locale);
}

export const isLocale = isLanguage;

/** The language is the first path segment (docs/product.md §2); anything else means the default language. */
export const localeFromPath = languageOf;

/** Switches to a language whose strings are loaded (loadLocale); until then English shows. */
export function setLocale(next: Locale): void {
  locale = loaded.has(next) ? next : defaultLocale;
}

export function currentLocale(): Locale {
  return locale;
}

export function hasKey(key: string, language: Locale = currentLocale()): boolean {
  return typeof strings[language]?.[key] === 'string';
}

/** Translate a key; falls back to English, then to the key itself so a missing string is visible, not blank. */
export function t(key: string, params?: Record<string, string | number>): string {
  const text = strings[locale]?.[key] || strings.en?.[key];
  return text ? fill(text, params) || key : key;
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
