// Dates and money as docs/product.md §9 shows them. Every date and amount on screen goes through here.
import { diffDays, format } from '@formkit/tempo';

export const EVENT_DATE_FORMAT = 'ddd, DD MMM hh:mmA';
export const VALID_UNTIL_FORMAT = 'DD.MM.YYYY';

type DateInput = string | Date;
interface DateOptions {
  locale?: string;
  /** IANA time zone; the viewer's own zone when absent. */
  tz?: string;
}

/**
 * Spanish writes the meridiem apart and in lower case ("01:00 p. m."); tempo's `A` gives "01:00P. M.".
 * English keeps the spec's compact "01:00PM".
 */
function localMeridiem(text: string, locale: string): string {
  if (!locale.startsWith('es')) return text;
  return text.replace(/(\d{2}:\d{2})\s?([AP])\.\s?M\./g, (_, time: string, letter: string) => `${time} ${letter.toLowerCase()}. m.`);
}

/** Event dates: 'ddd, DD MMM hh:mmA', e.g. "Sat, 14 Jun 08:30PM" ("sáb, 14 jun 08:30 p. m." in Spanish). */
export function formatEventDate(date: DateInput, { locale = 'en', tz }: DateOptions = {}): string {
  return localMeridiem(format({ date, format: EVENT_DATE_FORMAT, locale, ...(tz ? { tz } : {}) }), locale);
}

/** An event's start and end; the end shows only its time when both fall on the same day. */
export function formatEventDateRange(start: DateInput, end: DateInput, options: DateOptions = {}): string {
  const zone = options.tz ? { tz: options.tz } : {};
  const day = (date: DateInput) => format({ date, format: 'YYYY-MM-DD', ...zone });
  const endText =
    day(start) === day(end)
      ? localMeridiem(format({ date: end, format: 'hh:mmA', locale: options.locale ?? 'en', ...zone }), options.locale ?? 'en')
      : formatEventDate(end, options);
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

/** Benefit valid-until dates: DD.MM.YYYY. */
export function formatValidUntil(date: DateInput, { tz }: Pick<DateOptions, 'tz'> = {}): string {
  return format({ date, format: VALID_UNTIL_FORMAT, locale: 'en', ...(tz ? { tz } : {}) });
}

const moneyFormatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money: en-US grouping, exactly two decimals, the currency symbol in front ("$1,234.50", "-€3.00"). */
export function formatMoney(amount: number, currencySymbol: string): string {
  const cents = Math.round(amount * 100);
  const sign = cents < 0 ? '-' : '';
  return `${sign}${currencySymbol}${moneyFormatter.format(Math.abs(cents) / 100)}`;
}

/** Whole days between two moments, always positive: "in 3 days" and "3 days ago" both read 3. */
export function daysBetween(date: DateInput, now: DateInput = new Date()): number {
  return Math.abs(diffDays(date, now));
}
