// The wallet's languages (docs/product.md §9: en, es; default en), in one place for the server, the machines, the views and the
// loader. A language is the first path segment of the host page's address (docs/product.md §2).

export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The language of an address: its first path segment when that is a language code, else the default. */
export function languageOf(pathname: string): Language {
  const first = pathname.split('/').filter(Boolean)[0]?.toLowerCase();
  return isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

/**
 * The first of an Accept-Language header's languages that the wallet speaks (`es-ES,es;q=0.9` → es), by the order the
 * header lists them; none: undefined, so the caller falls back to what it knows of the reader.
 */
export function acceptedLanguage(header: string | null | undefined): Language | undefined {
  for (const tag of (header ?? '').split(',')) {
    const code = tag.trim().slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return undefined;
}

/** A language from anything (a stored profile, a header), else the default. */
export function asLanguage(value: string | null | undefined): Language {
  const code = value?.slice(0, 2).toLowerCase();
  return isLanguage(code) ? code : DEFAULT_LANGUAGE;
}
