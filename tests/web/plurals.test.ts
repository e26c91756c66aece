// Counted strings take the language's plural form (Intl.PluralRules): "1 day", never "1 days", in English and Spanish.
import { afterAll, describe, expect, it } from 'vitest';
import { timingLabel } from '../../src/web/components/ticket-card';
import { i18n, loadStrings } from '../../src/web/i18n';
// Its English strings come with the panel's module, as in the wallet.
import '../../src/web/screens/qr-learn-more';

afterAll(() => i18n.locale('en'));

describe('counted strings (i18n.t with a count)', () => {
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
    await loadStrings(lang);
    i18n.locale(lang);
    expect(i18n.t('listings.listed_days', { count: count })).toBe(text);
  });

  it('uses the same forms for a sale', async () => {
    await loadStrings('es');
    i18n.locale('es');
    expect(i18n.t('listings.sold_days', { count: 1 })).toBe('Vendida hace 1 día');
    i18n.locale('en');
    expect(i18n.t('listings.sold_days', { count: 1 })).toBe('Sold 1 day ago');
  });
});

// A ticket card's day count (docs/product.md §2 My tickets): the same plural forms, "Today" / "Ended today" at 0.
describe('timingLabel', () => {
  it.each([
    ['en', 0, 'Today', 'Ended today'],
    ['en', 1, 'In 1 day', '1 day ago'],
    ['en', 2, 'In 2 days', '2 days ago'],
    ['en', 5, 'In 5 days', '5 days ago'],
    ['es', 0, 'Hoy', 'Terminó hoy'],
    ['es', 1, 'En 1 día', 'Hace 1 día'],
    ['es', 2, 'En 2 días', 'Hace 2 días'],
    ['es', 5, 'En 5 días', 'Hace 5 días'],
  ] as const)('%s, %i: %s / %s', async (lang, days, upcoming, past) => {
    await loadStrings(lang);
    i18n.locale(lang);
    expect(timingLabel({ kind: 'upcoming', days })).toBe(upcoming);
    expect(timingLabel({ kind: 'past', days })).toBe(past);
  });

  it('counts through Intl.PluralRules, not a comparison with 1', async () => {
    await loadStrings('en');
    i18n.locale('en');
    expect(i18n.t('tickets.in_days', { count: 0 })).toBe('In 0 days');
    expect(i18n.t('tickets.days_ago', { count: 1 })).toBe('1 day ago');
  });
});

// The other counted strings on screen: the resale and swap quantities ("1 disponible", never "1 disponibles") and the
// QR's refresh period.
describe('counted strings of the resale, swap and QR screens', () => {
  it.each([
    ['en', 0, '0 available', 'Updates automatically every 0 seconds'],
    ['en', 1, '1 available', 'Updates automatically every second'],
    ['en', 2, '2 available', 'Updates automatically every 2 seconds'],
    ['en', 5, '5 available', 'Updates automatically every 5 seconds'],
    ['es', 0, '0 disponibles', 'Se renueva cada 0 segundos'],
    ['es', 1, '1 disponible', 'Se renueva cada segundo'],
    ['es', 2, '2 disponibles', 'Se renueva cada 2 segundos'],
    ['es', 5, '5 disponibles', 'Se renueva cada 5 segundos'],
  ] as const)('%s, %i: %s / %s', async (lang, count, available, refresh) => {
    await loadStrings(lang);
    i18n.locale(lang);
    expect(i18n.t('resell.quantity_max', { count: count })).toBe(available);
    expect(i18n.t('swap.available', { count: count })).toBe(available);
    expect(i18n.t('qr.updates_every', { count: count })).toBe(refresh);
    // The grace window of the QR's "how does it work" panel.
    expect(i18n.t('qr_info.note', { count: count })).toContain(lang === 'en' ? `up to ${count} second${count === 1 ? '' : 's'} after` : `hasta ${count} segundo${count === 1 ? '' : 's'} después`);
  });
});
