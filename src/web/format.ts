// Dates and money as docs/product.md §9 shows them. Every date and amount on screen goes through here; the date
// formatters are src/contract/dates.ts, shared with the server (ticket PDF, e-mails, demo pages).
import { diffDays } from '@formkit/tempo';

export {
  EVENT_DATE_FORMAT,
  VALID_UNTIL_FORMAT,
  formatEventDate,
  formatEventDateRange,
  formatEventMoment,
  formatLocalDay,
  formatLocalMoment,
  formatLocalTime,
  formatValidUntil,
  localTimeOfDay,
  timeZoneLabel,
} from '../contract/dates';

type DateInput = string | Date;

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
