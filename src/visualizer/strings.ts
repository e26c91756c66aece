// The visualiser's strings (locales/*.json, `visualizer.*`) and its language: ?lang=, else the browser's.
import en from '../../locales/en.json';
import es from '../../locales/es.json';

export type Language = 'en' | 'es';
const tables: Record<Language, Record<string, string>> = { en, es };

export function initialLanguage(search: string, browser: string): Language {
  const asked = new URLSearchParams(search).get('lang');
  if (asked === 'en' || asked === 'es') return asked;
  return browser.toLowerCase().startsWith('es') ? 'es' : 'en';
}

export function translator(language: Language) {
  return (key: string, values: Record<string, string | number> = {}) =>
    (tables[language][key] ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
