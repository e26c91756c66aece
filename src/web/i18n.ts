// The wallet's strings: one rosetta instance, `i18n` (docs/decisions/0108-the-wallets-strings-on-rosetta.md).
// Callers use rosetta's own API: `i18n.t(key)`, `i18n.t(key, { count })`, `i18n.locale()`.
// The locale files are flat tables of dotted keys; `strings()` turns one into the tree rosetta looks keys up in, with
// each counted string a function that picks its plural form by Intl.PluralRules. English comes with the code that
// shows it: the frame's strings here, each lazy screen's in its chunk, merged in by `i18n.set('en', strings('en',
// screenStrings(…)))` when the chunk arrives (src/web/locale-strings.ts says which keys travel where). Another
// language is a chunk of its own, loaded whole (loadStrings) before the wallet mounts on a page in that language
// (src/embed/mount.tsx, docs/decisions/0011-screens-and-languages-load-on-demand.md).
import rosetta from 'rosetta';
import { frameStrings } from './locale-strings' with { type: 'macro' };
import { DEFAULT_LANGUAGE, type Language } from '../contract/languages';

/** A counted string: called by rosetta with the caller's params, `count` among them. */
export type Counted = (params: { count: number }) => string;

/** A language's strings as rosetta looks them up: each dotted key's segments nested. */
export interface Strings {
  [segment: string]: string | Counted | Strings;
}

const pluralForm = /^(.+)_(zero|one|two|few|many|other)$/;

/**
 * A locale file's flat table as rosetta's tree: a dotted key's segments nested, and the forms
 * of a counted string (`<key>_one`, `<key>_other`…) also become one function at `<key>` that asks rosetta for the
 * form Intl.PluralRules picks for `count` in `language` (`_other` when the language's file has no such form), so
 * `i18n.t('tickets.in_days', { count: 2 })` reads "In 2 days" and `{{count}}` is filled as in any string.
 */
export function strings(language: Language, table: Record<string, string>): Strings {
  const tree: Strings = {};
  const rules = new Intl.PluralRules(language);
  for (const [key, text] of Object.entries(table)) {
    const path = key.split('.');
    const name = path.pop() as string;
    let node = tree;
    for (const segment of path) node = (node[segment] ??= {}) as Strings;
    node[name] = text;
    const counted = pluralForm.exec(name)?.[1];
    if (counted) {
      const base = [...path, counted].join('.');
      node[counted] ??= ((params) =>
        i18n.t(`${base}_${rules.select(params.count)}`, params, language) || i18n.t(`${base}_other`, params, language)) satisfies Counted;
    }
  }
  return tree;
}

/**
 * The wallet's one instance, in English until the page's language is loaded and chosen (src/embed/mount.tsx: the
 * host's `data-locale` / `open({ locale })`, else the path's first segment). A key the current language does not
 * have reads `''` (rosetta's answer), so a code that arrives at run time falls back with `||`:
 * `i18n.t(code) || i18n.t('api.request_failed')`.
 */
export const i18n = rosetta<Strings>({ en: strings('en', frameStrings()) });
i18n.locale(DEFAULT_LANGUAGE);

/** The other languages' files, each its own chunk. */
const files: Record<Exclude<Language, 'en'>, () => Promise<Record<string, string> | { default: Record<string, string> }>> = {
  es: () => import('../../locales/es.json'),
};

/**
 * Loads a language's strings into `i18n` once (English is always there); the caller then makes it the current one
 * with `i18n.locale(language)`. A JSON chunk is the table itself in Parcel's build and a module with a default
 * export under vitest.
 */
export async function loadStrings(language: Language): Promise<void> {
  if (language === 'en' || i18n.table(language)) return;
  const file = await files[language]();
  const table = typeof file.default === 'object' ? file.default : (file as Record<string, string>);
  i18n.set(language, strings(language, table));
}
