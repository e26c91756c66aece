// What a wallet pass of a ticket says, the same in Apple's and Google's: the event, the ticket type, its times in
// the event's time zone (src/contract/dates.ts, as the wallet and the PDF write them) and the entry code.
import { formatEventMoment } from '../../../contract/dates';
import { translate, type Locale } from '../../i18n';

export interface PassContent {
  userTicketId: number;
  serialNumber: string;
  /** Passed on, used or over: the pass no longer admits (Apple shows it void, Google expires it). */
  voided: boolean;
  locale: Locale;
  organisationId: number;
  organisationName: string;
  eventName: string;
  venue: string;
  city: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  latitude: number | null;
  longitude: number | null;
  ticketName: string;
  holder: string;
  /** The code the gate reads (src/server/modules/passes/barcode.ts). */
  code: string;
}

/** One labelled line of a pass, its label and value already in the holder's language. */
export interface PassLine {
  key: string;
  label: string;
  value: string;
}

/** The lines both wallets show, in order: event, ticket, start, end, venue, holder. */
export function passLines(content: PassContent): PassLine[] {
  const t = (key: string) => translate(content.locale, key);
  const moment = (date: Date) => formatEventMoment(date, { locale: content.locale, tz: content.timeZone });
  return [
    { key: 'event', label: t('pass.event'), value: content.eventName },
    { key: 'ticket', label: t('pass.ticket'), value: content.ticketName },
    { key: 'starts', label: t('pass.starts'), value: moment(content.startsAt) },
    { key: 'ends', label: t('pass.ends'), value: moment(content.endsAt) },
    { key: 'venue', label: t('pass.venue'), value: `${content.venue}, ${content.city}` },
    { key: 'holder', label: t('pass.holder'), value: content.holder },
  ];
}

/**
 * The moment as an ISO 8601 value with the event zone's offset at that moment ("2026-12-19T20:00:00+11:00"): what
 * Apple's date fields and semantic dates take, so the wallet formats it in the reader's language and, with
 * `ignoresTimeZone`, on the venue's clock.
 */
export function isoInZone(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  // "GMT+11:00", "GMT-03:30", or "GMT" for a zero offset.
  const offset = (parts.timeZoneName ?? 'GMT').replace(/^GMT$/, 'GMT+00:00').slice(3);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/** How long before the start a pass comes to the lock screen (doors usually open an hour or two before). */
export const RELEVANT_BEFORE_START_MS = 3 * 60 * 60_000;

/** The note under the code: how it is used, or that the pass no longer admits. */
export const passNote = (content: PassContent) => translate(content.locale, content.voided ? 'pass.void' : 'pass.entry');

export const passDescription = (content: PassContent) => translate(content.locale, 'pass.description', { event: content.eventName });
