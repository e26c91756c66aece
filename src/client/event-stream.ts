// One connection to GET /v1/events (the wallet's live events, src/contract/events.ts) over fetch: the access token in
// the Authorization header (never in the URL), `Last-Event-ID` when resuming, a 401 answered through the session's
// refresh protocol (one refresh, one retry), and the body read and parsed as it arrives. Reconnecting, the silence
// timeout and pausing are the stream machine's (machines/stream.ts); this resolves when the server ends the stream
// (saying whether it ended because its token expired) and rejects when it fails.
import type { SessionPort } from './client';
import { createSseParser } from './sse';
import { EVENTS_PATH, EXPIRED_EVENT_NAME, WALLET_EVENT_NAME, type WalletEvent, walletEventTypes } from '../contract/events';

export interface EventStreamOptions {
  /** The API base ('/v1' or an absolute URL). */
  baseUrl: string;
  fetch: typeof globalThis.fetch;
  session: SessionPort;
  /** The id of the last event received, sent as Last-Event-ID so the server replays what was missed. */
  lastEventId: string | null;
  /**
   * The token an earlier stream was ended for (`event: expired`): when the session still holds it, it is refreshed
   * before connecting, as after a 401, instead of being sent to be refused.
   */
  expiredToken?: string | null;
  signal: AbortSignal;
  /** The server accepted the stream. */
  onOpen(): void;
  /** Bytes arrived (an event or a heartbeat): the stream is alive. */
  onActivity(): void;
  onEvent(event: WalletEvent): void;
  /** A wallet event the wallet cannot read (bad JSON, an unknown type): skipped. */
  onSkipped?(reason: string, data: string): void;
}

/** Why a connection failed; `status` is the HTTP status when the server answered with an error. */
export class EventStreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'EventStreamError';
  }
}

/**
 * How a stream the server ended came to its end: `expired`, the access token it was opened with (`token`) expired,
 * and `lastEventId` is where the next connection resumes (the id of the last event, or the stream's opening id);
 * `ended`, any other end (a server draining on shutdown).
 */
export type StreamEnd = { reason: 'expired'; token: string; lastEventId: string | null } | { reason: 'ended' };

/** A wallet event from an SSE `data:` field, or null when it is not one the wallet knows. */
export function parseWalletEvent(data: string): WalletEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const event = value as Partial<WalletEvent> | null;
  if (!event || typeof event !== 'object' || typeof event.id !== 'string') return null;
  if (!(walletEventTypes as readonly unknown[]).includes(event.type)) return null;
  if (event.userTicketId !== undefined && !Number.isSafeInteger(event.userTicketId)) return null;
  return event as WalletEvent;
}

async function request(options: EventStreamOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'text/event-stream', 'cache-control': 'no-cache' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  return options.fetch(`${options.baseUrl.replace(/\/+$/, '')}${EVENTS_PATH}`, { headers, signal: options.signal });
}

/** Opens the stream and reads it to its end. */
export async function readEventStream(options: EventStreamOptions): Promise<StreamEnd> {
  let token = await options.session.accessToken();
  // The server said this token expired: the same shared refresh a 401 starts (or the new token, if it ran already).
  if (token && token === options.expiredToken) token = await options.session.refreshAfterUnauthorized(token);
  if (!token) throw new EventStreamError('signed out', 401);
  let response = await request(options, token);
  if (response.status === 401) {
    await response.body?.cancel().catch(() => {});
    const renewed = await options.session.refreshAfterUnauthorized(token);
    if (!renewed) throw new EventStreamError('the session could not be refreshed', 401);
    token = renewed;
    response = await request(options, renewed);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => {});
    throw new EventStreamError(`the events stream answered ${response.status}`, response.status);
  }
  if (!/^text\/event-stream/i.test(response.headers.get('content-type') ?? '')) {
    await response.body.cancel().catch(() => {});
    throw new EventStreamError('the events stream is not text/event-stream', response.status);
  }
  options.onOpen();

  let expiredAt: { lastEventId: string | null } | undefined;
  const parser = createSseParser({
    onEvent(message) {
      if (message.event === EXPIRED_EVENT_NAME) expiredAt = { lastEventId: message.lastEventId || null };
      if (message.event !== WALLET_EVENT_NAME) return;
      const event = parseWalletEvent(message.data);
      if (event) options.onEvent(event);
      else options.onSkipped?.('not a wallet event', message.data);
    },
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    options.onActivity();
    parser.push(decoder.decode(value, { stream: true }));
  }
  parser.push(decoder.decode());
  return expiredAt ? { reason: 'expired', token, lastEventId: expiredAt.lastEventId } : { reason: 'ended' };
}
