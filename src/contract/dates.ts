// One clock for every date a person reads (docs/product.md §9): the wallet, the ticket PDF, the e-mails and the demo
// pages all format through here, in the event's own time zone and with that zone named ("GMT+11"), so the same moment
// never reads as "01:00:00 UTC" on paper and "12:00PM GMT+11" on screen. Pure functions of their inputs; the server
// and the browser share them.
import { format } from '@formkit/tempo';

export const EVENT_DATE_FORMAT = 'ddd, DD MMM hh:mmA';
export const VALID_UNTIL_FORMAT = 'DD.MM.YYYY';

export type DateInput = string | Date;
export interface DateOptions {
  locale?: string;
  /** IANA time zone (the event's); the viewer's own zone when absent. */
  tz?: string | undefined;
}

/**
 * Spanish writes the meridiem apart and in lower case ("01:00 p. m."); tempo's `A` gives "01:00P. M.".
 * English keeps the spec's compact "01:00PM".
 */
function localMeridiem(text: string, locale: string): string {
  if (!locale.startsWith('es')) return text;
  return text.replace(/(\d{2}:\d{2})\s?([AP])\.\s?M\./g, (_, time: string, letter: string) => `${time} ${letter.toLowerCase()}. m.`);
}

const zoneOf = (tz: string | undefined) => (tz ? { tz } : {});

/** Event dates: 'ddd, DD MMM hh:mmA', e.g. "Sat, 14 Jun 08:30PM" ("sáb, 14 jun 08:30 p. m." in Spanish). */
export function formatEventDate(date: DateInput, { locale = 'en', tz }: DateOptions = {}): string {
  return localMeridiem(format({ date, format: EVENT_DATE_FORMAT, locale, ...zoneOf(tz) }), locale);
}

/**
 * One moment of an event (its start, its end, a payout's release, a ticket's use) in the event's zone with the zone
 * named: "Sat, 19 Dec 12:00AM GMT+11". Without a zone it is the viewer's clock and carries no name.
 */
export function formatEventMoment(date: DateInput, options: DateOptions = {}): string {
  const text = formatEventDate(date, options);
  return options.tz ? `${text} ${timeZoneLabel(date, options.tz)}` : text;
}

/**
 * A moment that is not an event's date (a payout's release, a ticket's use): the spec fixes no format, so it is the
 * locale's own ("Sat, Dec 19, 12:00 AM" in English, "sáb, 19 dic, 0:00" in Spanish), never "12:00AM". In the event's
 * zone with the zone named, like formatEventMoment.
 */
export function formatLocalMoment(date: DateInput, { locale = 'en', tz }: DateOptions = {}): string {
  const text = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    ...(tz ? { timeZone: tz } : {}),
  }).format(new Date(date));
  return tz ? `${text} ${timeZoneLabel(date, tz)}` : text;
}

/**
 * A past moment that may be months or years back (a move in a ticket's transfer history): the spec fixes no format,
 * so it is the locale's own, with the year ("1 Jun 2026, 6:30 PM" in English, "2 jun 2026, 18:30" in Spanish), on
 * the viewer's clock.
 */
export function formatLocalDay(date: DateInput, { locale = 'en' }: Pick<DateOptions, 'locale'> = {}): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(date));
}

/**
 * A time later today on the viewer's own clock, as their locale writes it: "4:30 PM" in English, "16:30" in Spanish
 * (how long a swap holds its tickets: a deadline for the person, not an event's date).
 */
export function formatLocalTime(date: DateInput, { locale = 'en' }: Pick<DateOptions, 'locale'> = {}): string {
  return localTimeOfDay(date, { locale }).time;
}

/**
 * formatLocalTime's text and the hour it writes, as `count` for a counted string: Spanish says "hasta la 1:05" but
 * "hasta las 13:05" (the article agrees with the hour), so a string that names a time has `_one` and `_other` forms
 * and Intl.PluralRules picks one by this hour (docs/decisions/0116-forms-that-say-why-and-payouts-first.md).
 * English keeps its locale's format, the meridiem after a space: "12:00 PM", never "12:00PM".
 */
export function localTimeOfDay(date: DateInput, { locale = 'en' }: Pick<DateOptions, 'locale'> = {}): { time: string; count: number } {
  const formatter = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });
  const moment = new Date(date);
  // format(), not the parts joined: engines write the space before the meridiem differently in the two.
  const hour = formatter.formatToParts(moment).find((part) => part.type === 'hour')?.value ?? '0';
  return { time: formatter.format(moment), count: Number(hour) };
}

/** An event's start and end; the end shows only its time when both fall on the same day. */
export function formatEventDateRange(start: DateInput, end: DateInput, options: DateOptions = {}): string {
  const locale = options.locale ?? 'en';
  const day = (date: DateInput) => format({ date, format: 'YYYY-MM-DD', ...zoneOf(options.tz) });
  const endText =
    day(start) === day(end) ? localMeridiem(format({ date: end, format: 'hh:mmA', locale, ...zoneOf(options.tz) }), locale) : formatEventDate(end, options);
  const range = `${formatEventDate(start, options)} – ${endText}`;
  return options.tz ? `${range} ${timeZoneLabel(start, options.tz)}` : range;
}

/**
 * The event's zone as its offset at that moment ("GMT+11", "GMT-3", "GMT"): event times are the venue's, and a
 * person planning from elsewhere needs to see which clock they are on.
 */
export function timeZoneLabel(date: DateInput, tz: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'shortOffset' }).formatToParts(new Date(date));
    const label = parts.find((part) => part.type === 'timeZoneName')?.value ?? tz;
    // Engines differ on a zero offset ("GMT" or "GMT+0"): one spelling everywhere.
    return label.replace(/^GMT[+-]0(?::00)?$/, 'GMT');
  } catch {
    return tz;
  }
}

/** A day at the venue, DD.MM.YYYY (benefit valid-until dates): midnight in Sydney is still the day before in UTC. */
export function formatValidUntil(date: DateInput, { tz }: Pick<DateOptions, 'tz'> = {}): string {
  return format({ date, format: VALID_UNTIL_FORMAT, locale: 'en', ...zoneOf(tz) });
}
