// One clock for dates (issue 23): the shared formatters of src/contract/dates.ts, which the wallet, the ticket PDF,
// the e-mails and the demo pages all use, on a fixed zone (Australia/Sydney) in both languages.
import { describe, expect, it } from 'vitest';
import { formatEventDateRange, formatEventMoment, formatLocalDay, formatLocalTime, formatValidUntil, localTimeOfDay, timeZoneLabel } from '../../src/contract/dates';

const sydney = 'Australia/Sydney';
// 13:00 UTC on 18 Dec is midnight in Sydney (daylight saving, GMT+11): the event's end, and its payout's release.
const eventEnd = '2026-12-18T13:00:00.000Z';

describe('formatEventMoment', () => {
  it("reads on the event's clock with the zone named, in English", () => {
    expect(formatEventMoment(eventEnd, { locale: 'en', tz: sydney })).toBe('Sat, 19 Dec 12:00AM GMT+11');
    expect(formatEventMoment('2026-12-18T01:00:00Z', { locale: 'en', tz: sydney })).toBe('Fri, 18 Dec 12:00PM GMT+11');
  });

  it('and in Spanish', () => {
    expect(formatEventMoment(eventEnd, { locale: 'es', tz: sydney })).toMatch(/^sáb, 19 dic 12:00 a\. m\. GMT\+11$/i);
    expect(formatEventMoment('2026-12-18T01:00:00Z', { locale: 'es', tz: sydney })).toMatch(/^vie, 18 dic 12:00 p\. m\. GMT\+11$/i);
  });

  it('follows daylight saving: the same zone is GMT+10 in June', () => {
    expect(formatEventMoment('2026-06-13T09:00:00Z', { locale: 'en', tz: sydney })).toBe('Sat, 13 Jun 07:00PM GMT+10');
  });

  it('never says the day before: the UTC date of that moment is the 18th', () => {
    expect(eventEnd.slice(0, 10)).toBe('2026-12-18');
    expect(formatEventMoment(eventEnd, { tz: sydney })).toContain('19 Dec');
    expect(formatValidUntil(eventEnd, { tz: sydney })).toBe('19.12.2026');
  });

  it('names nothing without a zone (the viewer’s own clock)', () => {
    expect(formatEventMoment(eventEnd, { locale: 'en' })).not.toMatch(/GMT/);
  });
});

describe('formatEventDateRange', () => {
  it('is the same text the PDF prints and the wallet shows', () => {
    expect(formatEventDateRange('2026-12-18T01:00:00Z', '2026-12-18T13:00:00Z', { locale: 'en', tz: sydney })).toBe(
      'Fri, 18 Dec 12:00PM – Sat, 19 Dec 12:00AM GMT+11',
    );
    expect(formatEventDateRange('2026-12-18T01:00:00Z', '2026-12-18T05:00:00Z', { locale: 'es', tz: sydney })).toMatch(
      /^vie, 18 dic 12:00 p\. m\. – 04:00 p\. m\. GMT\+11$/i,
    );
  });
});

describe('timeZoneLabel', () => {
  it('spells a zero offset one way, and an unknown zone as itself', () => {
    expect(timeZoneLabel(eventEnd, 'UTC')).toBe('GMT');
    expect(timeZoneLabel(eventEnd, 'Mars/Olympus')).toBe('Mars/Olympus');
  });
});

describe('formatLocalTime', () => {
  it('writes a time on the viewer’s clock as the locale does: 12-hour in English, 24-hour in Spanish', () => {
    // 16:30 on the viewer's clock, whatever their zone.
    const at = new Date(2026, 10, 27, 16, 30);
    expect(formatLocalTime(at, { locale: 'en' })).toMatch(/^4:30\s?PM$/);
    expect(formatLocalTime(at, { locale: 'es' })).toBe('16:30');
  });
});

describe('localTimeOfDay', () => {
  it('gives the time and the hour it writes, the count a Spanish "la 1:05" / "las 13:05" agrees with', () => {
    const oneAm = new Date(2026, 10, 27, 1, 5);
    const onePm = new Date(2026, 10, 27, 13, 5);
    expect(localTimeOfDay(oneAm, { locale: 'es' })).toEqual({ time: '1:05', count: 1 });
    expect(localTimeOfDay(onePm, { locale: 'es' })).toEqual({ time: '13:05', count: 13 });
    expect(localTimeOfDay(new Date(2026, 10, 27, 0, 5), { locale: 'es' })).toEqual({ time: '0:05', count: 0 });
    // English writes 1 PM as 1 with a space before the meridiem.
    const english = localTimeOfDay(onePm, { locale: 'en' });
    expect(english.count).toBe(1);
    expect(english.time).toMatch(/^1:05\sPM$/u);
    expect(english.time).not.toMatch(/\dPM/);
  });
});

describe('formatLocalDay', () => {
  // Mid-morning UTC: the same day on any clock from UTC-10 to UTC+13.
  const move = '2026-05-01T10:00:00.000Z';
  it("writes a past day with its year and a time, as the locale does (a transfer history's moves)", () => {
    expect(formatLocalDay(move, { locale: 'en' })).toMatch(/^May 1, 2026, \d{1,2}:\d\d\s[AP]M$/);
    expect(formatLocalDay(move, { locale: 'es' })).toMatch(/^1 may 2026, \d{1,2}:\d\d$/);
  });
});
