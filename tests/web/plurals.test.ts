// Counted strings take the language's plural form (Intl.PluralRules): "1 day", never "1 days", in English and Spanish.
import { afterAll, describe, expect, it } from 'vitest';
import { loadLocale, setLocale, tPlural } from '../../src/web/i18n';

afterAll(() => setLocale('en'));

describe('tPlural', () => {
  it.each([
    ['en', 0, 'Listed 0 days ago'],
    ['en', 1, 'Listed 1 day ago'],
    ['en', 2, 'Listed 2 days ago'],
    ['en', 5, 'Listed 5 days ago'],
    ['es', 0, 'Anunciada hace 0 días'],
    ['es', 1, 'Anunciada hace 1 día'],
    ['es', 2, 'Anunciada hace 2 días'],
    ['es', 5, 'Anunciada hace 5 días'],
  ] as const)('%s, %i: %s', async (lang, count, text) => {
    await loadLocale(lang);
    setLocale(lang);
    expect(tPlural('listings.listed_days', count)).toBe(text);
  });

  it('uses the same forms for a sale', async () => {
    await loadLocale('es');
    setLocale('es');
    expect(tPlural('listings.sold_days', 1)).toBe('Vendida hace 1 día');
    setLocale('en');
    expect(tPlural('listings.sold_days', 1)).toBe('Sold 1 day ago');
  });
});
