// The live events of `GET /v1/events` (Server-Sent Events): what the server tells an open wallet about the signed-in
// user's own changes, and which cached reads each one makes stale. Shared by the server (which publishes them after
// the changing transaction commits) and the wallet's stream actor (which turns them into cache-tag invalidations).
//
// Wire format (text/event-stream, UTF-8):
//   id: <event id, a decimal string that grows>\n
//   event: wallet\n
//   data: <JSON of WalletEvent>\n\n
// A comment line (`: heartbeat`) is sent every STREAM_HEARTBEAT_MS. The client authenticates with the
// Authorization header (fetch-based SSE; never a token in the query string) and resumes with the `Last-Event-ID`
// header: the server replays what the user missed from its replay window, then streams live.
// A stream opens with `retry: <STREAM_RETRY_MS>\nid: <id>\n\n` (no data: nothing to dispatch, but the id a later
// reconnect resumes from). When the Last-Event-ID is older than the replay window (or unknown), the stream opens
// with `retry: …\nid: <id>\nevent: reset\ndata: {"id":"<id>"}\n\n` instead: events may have been missed, so the
// client treats every cached read as stale. On shutdown the server sends `retry: <ms>\n\n` and ends the stream.
// A stream lives no longer than the access token it was opened with: at the token's expiry the server sends
// `event: expired\ndata: {"at":"<ISO expiry>"}\n\n` and ends it; the client reconnects with a refreshed token and
// its Last-Event-ID, and misses nothing.
// Too many streams of one user answer 429 `api.events.too_many_streams`.
import type { CacheTag } from './base';

export const EVENTS_PATH = '/events';

/** The SSE `event:` name of every wallet event. */
export const WALLET_EVENT_NAME = 'wallet';
/** The SSE `event:` name of the signal that events may have been missed (a resume older than the window). */
export const RESET_EVENT_NAME = 'reset';
/** The SSE `event:` name of the stream's last block when the access token it was opened with expires. */
export const EXPIRED_EVENT_NAME = 'expired';

export const walletEventTypes = [
  /** A ticket arrived: gifted by someone, bought on a share page, redeemed, or the new ticket of a swap. */
  'ticket.received',
  /** The user gifted a ticket away. */
  'ticket.gifted',
  /** A ticket of the user was swapped for another type (the old one is gone, the new one arrived). */
  'ticket.swapped',
  'ticket.listed',
  /** A listing of the user was bought. */
  'ticket.sold',
  'ticket.unlisted',
  /** The entry QR was scanned at the gate. */
  'entry.used',
  'benefit.unlocked',
  'benefit.used',
  /** Name, picture, phone or language changed (possibly from another device). */
  'profile.changed',
  /** The session this stream belongs to was revoked (logout elsewhere, refresh reuse): the stream then closes. */
  'session.revoked',
] as const;
export type WalletEventType = (typeof walletEventTypes)[number];

export interface WalletEvent {
  /** Same as the SSE `id:`. */
  id: string;
  type: WalletEventType;
  /** The user ticket the event is about, when it is about one. */
  userTicketId?: number;
  /** ISO time of the commit that caused it. */
  at: string;
}

/** Which cached reads each event makes stale (the same tags the matching mutation invalidates). */
export const eventInvalidates: Readonly<Record<WalletEventType, readonly CacheTag[]>> = {
  'ticket.received': ['TICKETS', 'SINGLE_TICKET', 'SWAPPABLE_TICKETS', 'TICKETS_AVAILABLE_FOR_LISTING'],
  'ticket.gifted': ['TICKETS', 'SINGLE_TICKET', 'SWAPPABLE_TICKETS', 'TICKETS_AVAILABLE_FOR_LISTING'],
  'ticket.swapped': ['TICKETS', 'SINGLE_TICKET', 'TICKETS_SWAP', 'SWAPPABLE_TICKETS', 'TICKETS_AVAILABLE_FOR_LISTING'],
  'ticket.listed': ['TICKETS', 'SINGLE_TICKET', 'LISTED_TICKETS', 'TICKETS_AVAILABLE_FOR_LISTING', 'SWAPPABLE_TICKETS'],
  'ticket.sold': ['TICKETS', 'SINGLE_TICKET', 'LISTED_TICKETS', 'TICKETS_AVAILABLE_FOR_LISTING', 'SWAPPABLE_TICKETS'],
  'ticket.unlisted': ['TICKETS', 'SINGLE_TICKET', 'LISTED_TICKETS', 'TICKETS_AVAILABLE_FOR_LISTING', 'SWAPPABLE_TICKETS'],
  'entry.used': ['TICKETS', 'SINGLE_TICKET', 'ENTRY'],
  'benefit.unlocked': ['SINGLE_TICKET'],
  'benefit.used': ['SINGLE_TICKET'],
  'profile.changed': ['USER'],
  'session.revoked': [],
};

/** A comment line is sent this often so proxies keep the stream open and the client notices a dead one. */
export const STREAM_HEARTBEAT_MS = 15_000;
/** The server's `retry:` hint (ms): how long a client waits before it reconnects after the stream ends. */
export const STREAM_RETRY_MS = 3_000;
/** The client treats a stream that sent nothing (not even a heartbeat) for this long as dead and reconnects. */
export const STREAM_SILENCE_MS = 2 * STREAM_HEARTBEAT_MS + 5_000;
