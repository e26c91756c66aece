// The open event streams of one instance: which user each belongs to, what each has sent, and the writes of the
// wire format (src/contract/events.ts). A notice from the bus makes that user's streams send the row it carries, or
// read their new rows when it is not the next one they are due; a resync (the bus connection came back) makes every
// stream read. One timer sends every stream its heartbeat; each stream has its own timer at the expiry of the access
// token it was opened with, when it ends with an `expired` block (a stream never outlives its token).
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { EXPIRED_EVENT_NAME, RESET_EVENT_NAME, STREAM_RETRY_MS, WALLET_EVENT_NAME, type WalletEvent, type WalletEventType } from '../../../contract/events';
import { ApiError } from '../../../contract/errors';
import type { EventBus } from './bus';
import { type EventNotice, TOUCH_EVENT_ID } from './record';
import { READ_BATCH, type EventRow, type EventStore } from './store';

/** A client this far behind (unsent bytes) is cut off; it resumes with Last-Event-ID and loses nothing. */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** setTimeout's longest delay (about 24.8 days); a longer one would fire at once, so a longer wait is chained. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function walletEventOf(row: EventRow): WalletEvent {
  return {
    id: String(row.id),
    type: row.type as WalletEventType,
    ...(row.userTicketId !== null ? { userTicketId: row.userTicketId } : {}),
    at: row.createdAt.toISOString(),
  };
}

export class EventStream {
  readonly body = new PassThrough();
  private closed = false;
  /** Notices before start (the cursor is not known yet) wait for it: start reads anyway. */
  private started = false;
  private reading = false;
  private again = false;
  /** The id of the last event sent (or skipped as another session's); set by start. */
  private cursor = 0;
  /** Fires when the stream's access token expires (expireAt); cleared when the stream closes first. */
  private expiry: NodeJS.Timeout | undefined;

  constructor(
    readonly userId: number,
    readonly familyId: string,
    private readonly hub: StreamHub,
  ) {
    // Fastify destroys the body when the connection goes: the stream then gives up its place.
    this.body.on('close', () => this.close());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * Opens the stream after `cursor`: the retry hint and that id (so a reconnect resumes from here), or the reset
   * signal when the client's Last-Event-ID could not be resumed; then whatever came after the cursor.
   */
  start(cursor: number, reset: boolean): void {
    this.cursor = cursor;
    if (reset) this.write(`retry: ${STREAM_RETRY_MS}\nid: ${this.cursor}\nevent: ${RESET_EVENT_NAME}\ndata: ${JSON.stringify({ id: String(this.cursor) })}\n\n`);
    else this.write(`retry: ${STREAM_RETRY_MS}\nid: ${this.cursor}\n\n`);
    this.started = true;
    void this.pull();
  }

  /**
   * Ends the stream `inMs` from now, when the access token it was opened with expires at `at`: an `expired` block
   * says why, and the client reconnects with a refreshed token and its Last-Event-ID. Without this a stream opened
   * with a token that has expired (or whose holder only kept a stolen copy) would keep streaming.
   */
  expireAt(at: Date, inMs: number): void {
    clearTimeout(this.expiry);
    if (this.closed) return;
    const wait = Math.max(0, inMs);
    this.expiry = setTimeout(() => {
      if (wait > MAX_TIMER_MS) this.expireAt(at, wait - MAX_TIMER_MS);
      else {
        this.write(`event: ${EXPIRED_EVENT_NAME}\ndata: ${JSON.stringify({ at: at.toISOString() })}\n\n`);
        this.close();
      }
    }, Math.min(wait, MAX_TIMER_MS));
    // An open stream keeps its connection (and the process) alive; its expiry need not.
    this.expiry.unref();
  }

  heartbeat(): void {
    // Not before the opening block: a stream being opened is already counted against the cap.
    if (this.started) this.write(': heartbeat\n\n');
  }

  /** Sends the user's rows after the cursor; called again while it reads, it reads once more afterwards. */
  async pull(): Promise<void> {
    if (this.closed || !this.started) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    try {
      do {
        this.again = false;
        let rows: EventRow[];
        do {
          rows = await this.hub.store.after(this.userId, this.cursor);
          for (const row of rows) {
            if (this.closed) return;
            this.send(row);
          }
        } while (rows.length === READ_BATCH && !this.closed);
      } while (this.again && !this.closed);
    } catch (error) {
      // The database went away mid-read: the client comes back with Last-Event-ID and gets the rest then.
      this.hub.log.warn({ err: error }, 'event stream read failed');
      this.close();
    } finally {
      this.reading = false;
    }
  }

  /**
   * A notice of this user's. When it carries its row and this stream has sent everything of the user's before it
   * (its cursor is at or past the user's previous event, and short of this one), the row is written at once: no
   * read of the table, no wait for a pool connection. Otherwise (a notice missed or still on its way, a read under
   * way, a notice without its row) the stream reads what is new after its cursor.
   */
  hear({ previousId, row }: EventNotice): void {
    if (row && previousId !== undefined && this.started && !this.reading && !this.closed) {
      // Sent already: a read found it before its notice came.
      if (row.id <= this.cursor) return;
      if (this.cursor >= previousId) {
        this.send(row);
        return;
      }
    }
    void this.pull();
  }

  private send(row: EventRow): void {
    this.cursor = row.id;
    // A revoked session's event goes to that session's streams alone.
    if (row.sessionFamily !== null && row.sessionFamily !== this.familyId) return;
    this.write(`id: ${row.id}\nevent: ${WALLET_EVENT_NAME}\ndata: ${JSON.stringify(walletEventOf(row))}\n\n`);
    if (row.type === 'session.revoked') this.close();
  }

  /** Ends the stream; with a retry hint, the client comes back after it (a server going down drains this way). */
  close(retryMs?: number): void {
    if (this.closed) return;
    if (retryMs !== undefined) this.write(`retry: ${retryMs}\n\n`);
    this.closed = true;
    clearTimeout(this.expiry);
    this.body.end();
    this.hub.forget(this);
  }

  private write(chunk: string): void {
    if (this.closed) return;
    this.body.write(chunk);
    if (this.body.writableLength > MAX_BUFFERED_BYTES) this.close();
  }
}

export class StreamHub {
  private readonly byUser = new Map<number, Set<EventStream>>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private closing = false;
  /** How notices reach this instance: postgres (LISTEN/NOTIFY), redis or memory (PGlite). */
  readonly busKind: EventBus['kind'];

  constructor(
    readonly store: EventStore,
    bus: EventBus,
    private readonly options: { maxStreamsPerUser: number; heartbeatMs: number },
    readonly log: FastifyBaseLogger,
  ) {
    this.busKind = bus.kind;
    this.unsubscribe = bus.subscribe({
      notice: (notice) => {
        // A notice without a row (touchUser) is for cached reads alone.
        if (notice.eventId === TOUCH_EVENT_ID) return;
        for (const stream of this.byUser.get(notice.userId) ?? []) stream.hear(notice);
      },
      resync: () => this.each((stream) => void stream.pull()),
    });
    this.heartbeat = setInterval(() => this.each((stream) => stream.heartbeat()), options.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Open streams on this instance (tests, the bench). */
  get size(): number {
    let count = 0;
    for (const streams of this.byUser.values()) count += streams.size;
    return count;
  }

  /** Takes a place for a new stream of the user, or refuses one above the cap (429). */
  admit(userId: number, familyId: string): EventStream {
    if (this.closing) throw new ApiError('api.service_unavailable');
    const streams = this.byUser.get(userId) ?? new Set<EventStream>();
    if (streams.size >= this.options.maxStreamsPerUser) throw new ApiError('api.events.too_many_streams');
    const stream = new EventStream(userId, familyId, this);
    streams.add(stream);
    this.byUser.set(userId, streams);
    return stream;
  }

  forget(stream: EventStream): void {
    const streams = this.byUser.get(stream.userId);
    streams?.delete(stream);
    if (streams?.size === 0) this.byUser.delete(stream.userId);
  }

  /** Server shutdown: every stream ends with a retry hint, so clients reconnect (to another instance) after it. */
  close(retryMs: number): void {
    this.closing = true;
    clearInterval(this.heartbeat);
    this.unsubscribe();
    this.each((stream) => stream.close(retryMs));
  }

  private each(visit: (stream: EventStream) => void): void {
    for (const streams of [...this.byUser.values()]) for (const stream of [...streams]) visit(stream);
  }
}
