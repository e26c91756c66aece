// Dates and money as docs/product.md §9 shows them.
import { describe, expect, it } from 'vitest';
import { daysBetween, formatEventDate, formatEventDateRange, formatLocalMoment, formatMoney, formatValidUntil } from '../../src/web/format';

describe('formatEventDate', () => {
  it("uses 'ddd, DD MMM hh:mmA'", () => {
    expect(formatEventDate('2026-06-13T20:30:00Z', { tz: 'UTC' })).toBe('Sat, 13 Jun 08:30PM');
    expect(formatEventDate('2026-01-05T09:05:00Z', { tz: 'UTC' })).toBe('Mon, 05 Jan 09:05AM');
  });

  it('follows the time zone', () => {
    expect(formatEventDate('2026-06-13T20:30:00Z', { tz: 'Australia/Sydney' })).toBe('Sun, 14 Jun 06:30AM');
  });

  it('names days and months in Spanish, with the meridiem written apart and in lower case', () => {
    expect(formatEventDate('2026-06-13T20:30:00Z', { tz: 'UTC', locale: 'es' })).toMatch(/^sáb, 13 jun 08:30 p\. m\.$/i);
    expect(formatEventDateRange('2026-06-13T09:00:00Z', '2026-06-13T13:00:00Z', { tz: 'UTC', locale: 'es' })).toMatch(
      /09:00 a\. m\. – 01:00 p\. m\. GMT$/,
    );
  });

  it('shows only the end time when a range ends the same day', () => {
    expect(formatEventDateRange('2026-06-13T18:00:00Z', '2026-06-13T23:00:00Z', { tz: 'UTC' })).toBe(
      'Sat, 13 Jun 06:00PM – 11:00PM GMT',
    );
    expect(formatEventDateRange('2026-06-13T18:00:00Z', '2026-06-14T02:00:00Z', { tz: 'UTC' })).toBe(
      'Sat, 13 Jun 06:00PM – Sun, 14 Jun 02:00AM GMT',
    );
  });

  it("labels the range with the event's zone, as it is on that date (daylight saving included)", () => {
    expect(formatEventDateRange('2026-12-05T09:00:00Z', '2026-12-05T12:00:00Z', { tz: 'Australia/Sydney' })).toBe(
      'Sat, 05 Dec 08:00PM – 11:00PM GMT+11',
    );
    expect(formatEventDateRange('2026-06-13T09:00:00Z', '2026-06-13T12:00:00Z', { tz: 'Australia/Sydney' })).toBe(
      'Sat, 13 Jun 07:00PM – 10:00PM GMT+10',
    );
    expect(formatEventDateRange('2026-06-13T18:00:00Z', '2026-06-13T23:00:00Z')).not.toMatch(/GMT/);
  });
});

describe('formatValidUntil', () => {
  it("shows the day at the venue: midnight in Sydney is still the day before in UTC", () => {
    expect(formatValidUntil('2026-12-30T13:00:00Z', { tz: 'Australia/Sydney' })).toBe('31.12.2026');
    expect(formatValidUntil('2026-12-30T13:00:00Z', { tz: 'UTC' })).toBe('30.12.2026');
  });
});

describe('formatValidUntil', () => {
  it('uses DD.MM.YYYY', () => {
    expect(formatValidUntil('2026-03-09T12:00:00Z', { tz: 'UTC' })).toBe('09.03.2026');
  });
});

describe('formatMoney', () => {
  it('has en-US grouping, exactly two decimals and the symbol in front', () => {
    expect(formatMoney(1234.5, '$')).toBe('$1,234.50');
    expect(formatMoney(0, '€')).toBe('€0.00');
    expect(formatMoney(12, 'A$')).toBe('A$12.00');
    expect(formatMoney(0.005, '$')).toBe('$0.01');
    expect(formatMoney(1999.999, '£')).toBe('£2,000.00');
  });

  it('puts the minus before the symbol and never shows -0.00', () => {
    expect(formatMoney(-3, '€')).toBe('-€3.00');
    expect(formatMoney(-0.001, '$')).toBe('$0.00');
  });
});

describe('daysBetween', () => {
  const now = '2026-06-10T12:00:00Z';
  it('is the absolute number of whole days', () => {
    expect(daysBetween('2026-06-13T12:00:00Z', now)).toBe(3);
    expect(daysBetween('2026-06-07T12:00:00Z', now)).toBe(3);
    expect(daysBetween('2026-06-10T18:00:00Z', now)).toBe(0);
  });
});

describe('formatLocalMoment', () => {
  const midnight = '2026-12-18T13:00:00Z'; // 12:00 AM on 19 Dec in Melbourne (GMT+11)
  it("writes the time in the locale's own format, never the spec's compact '12:00AM'", () => {
    const en = formatLocalMoment(midnight, { locale: 'en', tz: 'Australia/Melbourne' });
    const es = formatLocalMoment(midnight, { locale: 'es', tz: 'Australia/Melbourne' });
    expect(en).not.toMatch(/\d(AM|PM)/);
    expect(en).toMatch(/^Sat, Dec 19, 12:00\s(am|AM) GMT\+11$/);
    expect(es).toMatch(/^sáb, 19 dic, 0:00 GMT\+11$/);
    // Without a zone it is the viewer's clock and names none.
    expect(formatLocalMoment(midnight, { locale: 'en' })).not.toMatch(/GMT/);
  });
});
