// The entry pass: a QR code that encodes a short-lived signed token `TW1.<user>.<step>.<mac>`, where the step
// counts ttl-long windows and the MAC is keyed per user from the server secret. The gate scanner of the event's
// organisation verifies it, a token is good for one entry, and the entry marks one of the holder's tickets used.
// The gate also takes a wallet pass's static code `TW3.<userTicketId>.<mac>` and a Google pass's rotating code
// `TW4.<userTicketId>.<seconds>.<TOTP>` (src/server/modules/passes/barcode.ts): each admits only while that very
// ticket row may enter, so a pass of a ticket passed on no longer does.
import { createHash, createHmac } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { MAX_ID } from '../../../contract/endpoints';
import { ApiError } from '../../../contract/errors';
import type { Database, Transaction } from '../../db/client';
import { events, gateScans, organisations, ticketTypes, userTickets, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { sameHash } from '../auth/tokens';
import { qrPng } from './qr-png';
import { allows, heldStatuses, lockTicket, lockTickets, ownedBy, refusalOf, setTicketStatus } from '../lifecycle/service';
import { readPassCode, readRotatingCode } from '../passes/barcode';

const TOKEN_VERSION = 'TW1';
/** A token from the window before the current one is still accepted: the code may have been shown just before a rotation. */
const ACCEPTED_PAST_STEPS = 1;

/** The entry code's image: 320 px, medium error correction, a one-module quiet zone. */
export const ENTRY_QR_IMAGE = { errorCorrectionLevel: 'M', margin: 1, width: 320 } as const;

/** Entry codes kept drawn (one per user and window): 10,000 people at the doors, a few KB each. */
export const QR_CACHE_ENTRIES = 10_000;

/** One user's entry code for one window, drawn once. */
export interface EntryQr {
  /** The base64 PNG. */
  png: string;
  /** Strong validator: names the user's window (a hash, not the token). */
  etag: string;
  /** Seconds until the window ends and a new code is drawn (at least 1). */
  secondsLeft: number;
  /** The entry code of the holder's next event, read once per window with the image (a change shows a window later). */
  entryCode: EntryCode;
}

export type EntryCode = 'polling' | 'device';

export interface AccessDeps {
  db: Database;
  secret: Uint8Array;
  ttlMs: number;
  now: () => Date;
  /** The organiser's entry code for the holder's next event (door/service.ts); polling when absent. */
  entryCodeOf?: (userId: number, at: Date) => Promise<EntryCode>;
}

function userKey(secret: Uint8Array, userId: number): Buffer {
  return createHmac('sha256', secret).update(`entry-qr:${userId}`).digest();
}

function mac(secret: Uint8Array, userId: number, step: number): string {
  return createHmac('sha256', userKey(secret, userId)).update(`${TOKEN_VERSION}.${userId}.${step}`).digest('base64url').slice(0, 22);
}

/** How the gate names the person it admits: their given and family name, else their e-mail. */
async function holderName(tx: Transaction, userId: number): Promise<string> {
  const [holder] = await tx.select({ email: users.email, givenName: users.givenName, familyName: users.familyName }).from(users).where(eq(users.id, userId));
  return [holder!.givenName, holder!.familyName].filter(Boolean).join(' ') || holder!.email;
}

export function createAccessService({ db, secret, ttlMs, now, entryCodeOf }: AccessDeps) {
  const stepAt = (date: Date) => Math.floor(date.getTime() / ttlMs);

  function entryToken(userId: number): string {
    const step = stepAt(now());
    return `${TOKEN_VERSION}.${userId}.${step}.${mac(secret, userId, step)}`;
  }

  /** The user and time step of a token this server signed for the current or previous window, else null. */
  function readToken(token: string): { userId: number; step: number } | null {
    const [version, user, stepText, signature, ...rest] = token.trim().split('.');
    if (version !== TOKEN_VERSION || rest.length || !user || !stepText || !signature) return null;
    const userId = Number(user);
    const step = Number(stepText);
    if (!Number.isSafeInteger(userId) || userId <= 0 || userId > MAX_ID || !Number.isSafeInteger(step)) return null;
    const current = stepAt(now());
    if (step > current || step < current - ACCEPTED_PAST_STEPS) return null;
    return sameHash(signature, mac(secret, userId, step)) ? { userId, step } : null;
  }

  /**
   * Drawn codes by `user:step`, least recently used first (a Map keeps insertion order; a hit moves to the end). A
   * draw in progress is shared, so a burst of requests for a new window draws each code once.
   */
  const drawn = new Map<string, Promise<Omit<EntryQr, 'secondsLeft'>>>();

  function drawEntryQr(userId: number, step: number): Promise<Omit<EntryQr, 'secondsLeft'>> {
    const key = `${userId}:${step}`;
    const hit = drawn.get(key);
    if (hit) {
      drawn.delete(key);
      drawn.set(key, hit);
      return hit;
    }
    const token = `${TOKEN_VERSION}.${userId}.${step}.${mac(secret, userId, step)}`;
    // The entry code's query runs once per user and window too, so a cached image stays free of SQL.
    const drawing = Promise.all([
      Promise.resolve().then(() => ({
        png: qrPng(token, ENTRY_QR_IMAGE).toString('base64'),
        etag: `"qr-${step}-${createHash('sha256').update(token).digest('base64url').slice(0, 16)}"`,
      })),
      entryCodeOf ? entryCodeOf(userId, now()) : ('polling' as const),
    ]).then(([image, entryCode]) => ({ ...image, entryCode }));
    drawing.catch(() => drawn.delete(key));
    drawn.set(key, drawing);
    if (drawn.size > QR_CACHE_ENTRIES) drawn.delete(drawn.keys().next().value!);
    return drawing;
  }

  /** A wallet pass's code: its very ticket row, of this event, the machine lets through the gate now; used once. */
  async function scanPass(userTicketId: number, eventId: number) {
    const outcome = await inTransaction(db, async (tx) => {
      const at = now();
      const ticket = await lockTicket(tx, userTicketId, at);
      if (!ticket || ticket.eventId !== eventId) return { error: new ApiError('api.access.no_ticket') };
      // Passed on (gifted, sold, swapped, redeemed away), already used, listed or reserved: the machine says which.
      const refusal = refusalOf(ticket, 'scan', at);
      if (refusal) return { error: refusal };
      await setTicketStatus(tx, [ticket], 'scan', at, { eventAccessUsedAt: at });
      return { result: { userTicketId: ticket.id, ticketName: ticket.ticketName, holder: await holderName(tx, ticket.ownerUserId) } };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.result;
  }

  return {
    entryToken,

    /** The current window's code of the user, from the shared cache, with how long it stays current. */
    async entryQr(userId: number): Promise<EntryQr> {
      const at = now().getTime();
      const step = Math.floor(at / ttlMs);
      const { png, etag, entryCode } = await drawEntryQr(userId, step);
      return { png, etag, entryCode, secondsLeft: Math.max(1, Math.ceil(((step + 1) * ttlMs - at) / 1000)) };
    },

    /** How many codes the cache holds (tests: it stays bounded). */
    cachedCodes: () => drawn.size,

    /** A gate scan: organiser key, valid fresh token, an unused ticket of the holder for this event, never twice. */
    async scan(input: { organizerKey: string | undefined; eventId: number; token: string }) {
      const [event] = await db
        .select({ id: events.id, keyHash: organisations.organizerKeyHash })
        .from(events)
        .innerJoin(organisations, eq(organisations.id, events.organisationId))
        .where(eq(events.id, input.eventId));
      const presented = createHash('sha256').update(input.organizerKey ?? '').digest('hex');
      if (!event?.keyHash || !input.organizerKey || !sameHash(presented, event.keyHash)) {
        throw new ApiError('api.access.organizer_key_invalid');
      }
      // A wallet pass's code: the static one, or the rotating one Google Wallet draws (current step or a neighbour).
      const passTicketId = readPassCode(secret, input.token) ?? readRotatingCode(secret, input.token, now());
      if (passTicketId !== null) return scanPass(passTicketId, input.eventId);
      const read = readToken(input.token);
      if (!read) throw new ApiError('api.access.invalid_qr');

      const outcome = await inTransaction(db, async (tx) => {
        const at = now();
        // The holder's tickets for this event, locked; the first the machine lets through the gate is used.
        const tickets = await lockTickets(tx, and(ownedBy(read.userId), eq(ticketTypes.eventId, input.eventId), inArray(userTickets.status, heldStatuses)), at);
        const ticket = tickets.find((candidate) => allows(candidate, 'scan', at));
        if (!ticket) {
          // Either this very token already let the holder in, or no ticket of theirs can enter: say why.
          const [seen] = await tx
            .select({ id: gateScans.id })
            .from(gateScans)
            .where(and(eq(gateScans.userId, read.userId), eq(gateScans.eventId, input.eventId), eq(gateScans.timeStep, read.step)));
          if (seen) return { error: new ApiError('api.access.qr_replayed') };
          const blocked = tickets.find((candidate) => candidate.status !== 'used');
          return { error: (blocked && refusalOf(blocked, 'scan', at)) || new ApiError('api.access.no_ticket') };
        }
        const inserted = await tx
          .insert(gateScans)
          .values({ userId: read.userId, eventId: input.eventId, timeStep: read.step, userTicketId: ticket.id })
          .onConflictDoNothing()
          .returning({ id: gateScans.id });
        if (inserted.length === 0) return { error: new ApiError('api.access.qr_replayed') };
        await setTicketStatus(tx, [ticket], 'scan', at, { eventAccessUsedAt: at });
        return { result: { userTicketId: ticket.id, ticketName: ticket.ticketName, holder: await holderName(tx, read.userId) } };
      });
      if ('error' in outcome) throw outcome.error;
      return outcome.result;
    },
  };
}
