// The device-bound entry code on the server (src/door/code.ts is the format): the organisation's signing key,
// certificates for the devices of ticket holders (one live certificate per ticket: a new device revokes the one
// before), the organiser's choice of entry code, the revocation list scanners copy, and the admissions offline
// scanners sync, each checked again and merged, with every ticket admitted more than once flagged to staff.
import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import { and, asc, count, eq, gt, gte, inArray, isNotNull, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import {
  type Certificate,
  DoorCodeError,
  exportPublicKey,
  fromBase64Url,
  isPublicKey,
  signCertificate,
  toBase64Url,
  verifyCode,
} from '../../../door/code';
import { ApiError } from '../../../contract/errors';
import type { Database } from '../../db/client';
import { doorAdmissions, doorCertificates, events, organisations, ticketTypes, userTickets } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { sameHash } from '../auth/tokens';
import { allows, assertTicketAllowed, heldStatuses, type LifecycleTicket, lockTicket, setTicketStatus, statusesAllowing } from '../lifecycle/service';

/** Steps either side of the current one a scanner accepts (a code shown just before it rotated, clocks a little apart). */
export const DOOR_TOLERANCE_STEPS = 1;
/** A certificate is good from a little before it is made (a device clock behind the server's) to the end of the event. */
const CLOCK_SKEW_SECONDS = 300;
/** An admission a scanner says happened further ahead of the server's clock than this is refused (its clock is wrong). */
const FUTURE_ADMISSION_MS = 5 * 60_000;
/** The reason a synced admission is refused when its certificate was revoked before the time it claims. */
export const REVOKED_BEFORE_ADMISSION = 'door.revoked_before_admission';

export interface DoorDeps {
  db: Database;
  signing: { keyId: number; privateKeyPem: string } | undefined;
  ttlMs: number;
  now: () => Date;
}

interface SigningKey {
  keyId: number;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicKeyRaw: string;
}

const P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;

async function importSigningKey(signing: { keyId: number; privateKeyPem: string }): Promise<SigningKey> {
  const privateObject = createPrivateKey(signing.privateKeyPem);
  const pkcs8 = privateObject.export({ type: 'pkcs8', format: 'der' });
  const spki = createPublicKey(privateObject).export({ type: 'spki', format: 'der' });
  const privateKey = await crypto.subtle.importKey('pkcs8', new Uint8Array(pkcs8), P256, false, ['sign']);
  const publicKey = await crypto.subtle.importKey('spki', new Uint8Array(spki), P256, true, ['verify']);
  return { keyId: signing.keyId, privateKey, publicKey, publicKeyRaw: toBase64Url(await exportPublicKey(publicKey)) };
}

const iso = (date: Date) => date.toISOString();

/**
 * The entry code of the holder's next event (the earliest start among the held tickets whose event has not ended,
 * as the upcoming list orders them): its organiser's setting, `polling` when there is none. The entry QR's answer
 * carries it, so the wallet learns the setting without a request of its own (docs/decisions/0070-the-entry-code-comes-with-the-qr-image-the-qr-screens-hot.md).
 */
export function createNextEventEntryCode(db: Database) {
  const next = db
    .select({ entryCode: organisations.entryCode })
    .from(userTickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .innerJoin(organisations, eq(organisations.id, events.organisationId))
    .where(and(eq(userTickets.ownerUserId, sql.placeholder('userId')), inArray(userTickets.status, heldStatuses), gte(events.endsAt, sql.placeholder('at'))))
    .orderBy(asc(events.startsAt), asc(userTickets.id))
    .limit(1)
    .prepare('door_next_event_entry_code');
  return async (userId: number, at: Date): Promise<'polling' | 'device'> => (await next.execute({ userId, at }))[0]?.entryCode ?? 'polling';
}

export function createDoorService({ db, signing, ttlMs, now }: DoorDeps) {
  // Codes rotate every ttl: whole seconds in the certificate, at least one.
  const ttlSeconds = Math.max(1, Math.round(ttlMs / 1000));
  let key: Promise<SigningKey> | undefined;
  const signingKey = () => {
    if (!signing) throw new ApiError('api.door.unavailable');
    key ??= importSigningKey(signing);
    return key;
  };

  /** The organisation whose scanner key this is, or the stable refusal. */
  async function organisationOfKey(organizerKey: string | undefined): Promise<number> {
    if (!organizerKey) throw new ApiError('api.access.organizer_key_invalid');
    const hash = createHash('sha256').update(organizerKey).digest('hex');
    const [row] = await db.select({ id: organisations.id, keyHash: organisations.organizerKeyHash }).from(organisations).where(eq(organisations.organizerKeyHash, hash));
    if (!row?.keyHash || !sameHash(hash, row.keyHash)) throw new ApiError('api.access.organizer_key_invalid');
    return row.id;
  }

  /** The event, when it belongs to the organisation of the key (else the same refusal as a wrong key: nothing leaks). */
  async function eventOfKey(organizerKey: string | undefined, eventId: number) {
    const organisationId = await organisationOfKey(organizerKey);
    const [event] = await db.select({ id: events.id, endsAt: events.endsAt }).from(events).where(and(eq(events.id, eventId), eq(events.organisationId, organisationId)));
    if (!event) throw new ApiError('api.access.organizer_key_invalid');
    return event;
  }

  /** Certificates of the event a scanner must refuse: revoked, or their ticket passed on, used or otherwise not admissible. */
  async function revokedIds(eventId: number): Promise<number[]> {
    const rows = await db
      .select({ id: doorCertificates.id })
      .from(doorCertificates)
      .innerJoin(userTickets, eq(userTickets.id, doorCertificates.userTicketId))
      .where(
        and(
          eq(doorCertificates.eventId, eventId),
          gt(doorCertificates.notAfter, now()),
          or(
            isNotNull(doorCertificates.revokedAt),
            ne(userTickets.ownerUserId, doorCertificates.holderUserId),
            notInArray(userTickets.status, statusesAllowing('scan')),
          ),
        ),
      )
      .orderBy(asc(doorCertificates.id));
    return rows.map((row) => row.id);
  }

  return {
    ttlSeconds,

    /** The public keys scanners copy. */
    async keys() {
      const { keyId, publicKeyRaw } = await signingKey();
      return { keys: [{ keyId, algorithm: 'ES256' as const, publicKey: publicKeyRaw }], ttl: ttlSeconds, toleranceSteps: DOOR_TOLERANCE_STEPS };
    },

    /**
     * A device registers its public key for a ticket of the user: the ticket must be one the holder could take
     * through the door now, and its organisation must use the device-bound code. The ticket's row is locked, so two
     * devices registering at once end with exactly one live certificate, the later one's.
     */
    async register(userId: number, input: { userTicketId: number; publicKey: string }) {
      const signer = await signingKey();
      let raw: Uint8Array;
      try {
        raw = fromBase64Url(input.publicKey);
      } catch (error) {
        if (error instanceof DoorCodeError) throw new ApiError('api.door.public_key_invalid');
        throw error;
      }
      if (!(await isPublicKey(raw))) throw new ApiError('api.door.public_key_invalid');
      return inTransaction(db, async (tx) => {
        const at = now();
        const ticket = await lockTicket(tx, input.userTicketId, at);
        if (!ticket || ticket.ownerUserId !== userId) throw new ApiError('api.ticket.not_found');
        assertTicketAllowed(ticket, 'scan', at);
        const [event] = await tx
          .select({ entryCode: organisations.entryCode })
          .from(events)
          .innerJoin(organisations, eq(organisations.id, events.organisationId))
          .where(eq(events.id, ticket.eventId));
        if (event?.entryCode !== 'device') throw new ApiError('api.door.not_enabled');
        const revoked = await tx
          .update(doorCertificates)
          .set({ revokedAt: at })
          .where(and(eq(doorCertificates.userTicketId, ticket.id), isNull(doorCertificates.revokedAt)))
          .returning({ id: doorCertificates.id });
        const notBefore = new Date(Math.floor(at.getTime() / 1000 - CLOCK_SKEW_SECONDS) * 1000);
        const notAfter = new Date(Math.ceil(ticket.eventEndsAt.getTime() / 1000) * 1000);
        const [row] = await tx
          .insert(doorCertificates)
          .values({
            userTicketId: ticket.id,
            holderUserId: userId,
            eventId: ticket.eventId,
            keyId: signer.keyId,
            devicePublicKey: input.publicKey,
            notBefore,
            notAfter,
          })
          .returning({ id: doorCertificates.id });
        const certificate: Certificate = {
          keyId: signer.keyId,
          certificateId: row!.id,
          userTicketId: ticket.id,
          holderUserId: userId,
          eventId: ticket.eventId,
          notBefore: notBefore.getTime() / 1000,
          notAfter: notAfter.getTime() / 1000,
          ttlSeconds,
          devicePublicKey: raw,
        };
        const signed = await signCertificate(certificate, signer.privateKey);
        return {
          certificate: toBase64Url(signed.bytes),
          certificateId: row!.id,
          keyId: signer.keyId,
          notBefore: iso(notBefore),
          notAfter: iso(notAfter),
          ttl: ttlSeconds,
          revokedCertificateId: revoked[0]?.id ?? null,
        };
      });
    },

    /** The ticket's live certificate (null once another device took over) and its organisation's entry code. */
    async device(userId: number, userTicketId: number) {
      const [ticket] = await db
        .select({ ownerUserId: userTickets.ownerUserId, entryCode: organisations.entryCode })
        .from(userTickets)
        .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
        .innerJoin(events, eq(events.id, ticketTypes.eventId))
        .innerJoin(organisations, eq(organisations.id, events.organisationId))
        .where(eq(userTickets.id, userTicketId));
      if (!ticket || ticket.ownerUserId !== userId) throw new ApiError('api.ticket.not_found');
      const [live] = await db
        .select({ id: doorCertificates.id })
        .from(doorCertificates)
        .where(and(eq(doorCertificates.userTicketId, userTicketId), eq(doorCertificates.holderUserId, userId), isNull(doorCertificates.revokedAt)));
      return { certificateId: live?.id ?? null, entryCode: ticket.entryCode };
    },

    async setEntryCode(organizerKey: string | undefined, entryCode: 'polling' | 'device') {
      const organisationId = await organisationOfKey(organizerKey);
      await db.update(organisations).set({ entryCode }).where(eq(organisations.id, organisationId));
      return { entryCode };
    },

    /** What a scanner signing in with the key may choose from: its organisation's events that have not ended. */
    async events(organizerKey: string | undefined) {
      const organisationId = await organisationOfKey(organizerKey);
      const [organisation] = await db.select({ name: organisations.name, entryCode: organisations.entryCode }).from(organisations).where(eq(organisations.id, organisationId));
      const rows = await db
        .select({ eventId: events.id, name: events.name, venue: events.venue, startsAt: events.startsAt, endsAt: events.endsAt })
        .from(events)
        .where(and(eq(events.organisationId, organisationId), gt(events.endsAt, now())))
        .orderBy(asc(events.startsAt), asc(events.id));
      return {
        organisation: organisation!.name,
        entryCode: organisation!.entryCode,
        events: rows.map((row) => ({ ...row, startsAt: iso(row.startsAt), endsAt: iso(row.endsAt) })),
      };
    },

    async revocations(organizerKey: string | undefined, eventId: number) {
      await eventOfKey(organizerKey, eventId);
      return { eventId, certificateIds: await revokedIds(eventId), asOf: iso(now()) };
    },

    /**
     * A scanner's admissions: each code is verified again at the time the scanner says it admitted it (so a scanner
     * cannot make up an admission for a code it never read), stored once per scanner and code, and the ticket is
     * marked used when it still could be. Then every ticket of the event admitted more than once is flagged.
     */
    async sync(organizerKey: string | undefined, eventId: number, input: { scannerId: string; admissions: { code: string; admittedAt: string }[] }) {
      await eventOfKey(organizerKey, eventId);
      const signer = await signingKey();
      const organisationKeys = new Map([[signer.keyId, signer.publicKey]]);
      const refused: { index: number; reason: string }[] = [];
      const accepted: { index: number; certificateId: number; userTicketId: number; holderUserId: number; step: number; admittedAt: Date }[] = [];
      const serverNow = now().getTime();
      for (const [index, admission] of input.admissions.entries()) {
        const admittedAt = new Date(admission.admittedAt);
        if (admittedAt.getTime() > serverNow + FUTURE_ADMISSION_MS) {
          refused.push({ index, reason: 'door.admitted_in_future' });
          continue;
        }
        // Revocation is not checked here: an admission that happened offline is recorded whatever happened since.
        const verdict = await verifyCode(admission.code, {
          organisationKeys,
          eventId,
          revoked: new Set(),
          nowMs: admittedAt.getTime(),
          toleranceSteps: DOOR_TOLERANCE_STEPS,
        });
        if (!verdict.ok) {
          refused.push({ index, reason: verdict.reason });
          continue;
        }
        const { certificate, step } = verdict.code;
        accepted.push({ index, certificateId: certificate.certificateId, userTicketId: certificate.userTicketId, holderUserId: certificate.holderUserId, step, admittedAt });
      }
      let stored = 0;
      let alreadyStored = 0;
      if (accepted.length) {
        const outcome = await inTransaction(db, async (tx) => {
          // Certificates this server issued for the event (a signed id it has no row for is refused, not a 500).
          const ids = accepted.map((admission) => admission.certificateId);
          const certificates = await tx
            .select({ id: doorCertificates.id, revokedAt: doorCertificates.revokedAt, userTicketId: doorCertificates.userTicketId })
            .from(doorCertificates)
            .where(and(inArray(doorCertificates.id, ids), eq(doorCertificates.eventId, eventId)));
          const known = new Set(certificates.map((row) => row.id));
          // When each certificate stopped being good: revoked (another device took over), or its ticket passed on
          // (gift, resale, swap, redeem: the first row made from its ticket row), whichever came first.
          const ticketIds = [...new Set(certificates.map((row) => row.userTicketId))];
          const moves = ticketIds.length
            ? await tx
                .select({ from: userTickets.previousUserTicketId, at: sql<Date>`min(${userTickets.createdAt})`.mapWith(userTickets.createdAt) })
                .from(userTickets)
                .where(inArray(userTickets.previousUserTicketId, ticketIds))
                .groupBy(userTickets.previousUserTicketId)
            : [];
          const movedAt = new Map(moves.map((row) => [row.from!, row.at]));
          const revokedAt = new Map<number, Date>();
          for (const row of certificates) {
            const times = [row.revokedAt, movedAt.get(row.userTicketId)].filter((time): time is Date => time instanceof Date);
            if (times.length) revokedAt.set(row.id, new Date(Math.min(...times.map((time) => time.getTime()))));
          }
          const result = { inserted: 0, repeated: 0, unknown: [] as number[], revoked: [] as number[] };
          const sorted = [...accepted].sort((a, b) => a.userTicketId - b.userTicketId || a.index - b.index);
          // Every ticket is locked first, in id order, before any admission is written: an admission's row takes a
          // key-share lock on its ticket (the foreign key), so two scanners that each wrote one and then asked for
          // the ticket's update lock waited on each other in a circle (a deadlock, and a 500 after the retries).
          const tickets = new Map<number, LifecycleTicket | undefined>();
          for (const admission of sorted) {
            if (known.has(admission.certificateId) && !tickets.has(admission.userTicketId)) {
              tickets.set(admission.userTicketId, await lockTicket(tx, admission.userTicketId, admission.admittedAt));
            }
          }
          for (const admission of sorted) {
            if (!known.has(admission.certificateId)) {
              result.unknown.push(admission.index);
              continue;
            }
            // A code whose certificate was already revoked when the scanner says it let it in (the giver's old
            // device after a gift) is stored refused, with its reason, so staff learn of it; the ticket is not marked used.
            const revoked = revokedAt.get(admission.certificateId);
            const refusal = revoked && revoked.getTime() <= admission.admittedAt.getTime() ? REVOKED_BEFORE_ADMISSION : null;
            if (refusal) result.revoked.push(admission.index);
            const rows = await tx
              .insert(doorAdmissions)
              .values({
                eventId,
                userTicketId: admission.userTicketId,
                holderUserId: admission.holderUserId,
                certificateId: admission.certificateId,
                scannerId: input.scannerId,
                timeStep: admission.step,
                admittedAt: admission.admittedAt,
                refusal,
              })
              .onConflictDoNothing()
              .returning({ id: doorAdmissions.id });
            if (!rows.length) {
              result.repeated++;
              continue;
            }
            if (refusal) continue;
            result.inserted++;
            // setTicketStatus updates the locked ticket in place, so a second admission of it sees it used.
            const ticket = tickets.get(admission.userTicketId);
            if (ticket && ticket.ownerUserId === admission.holderUserId && allows(ticket, 'scan', admission.admittedAt)) {
              await setTicketStatus(tx, [ticket], 'scan', admission.admittedAt, { eventAccessUsedAt: admission.admittedAt });
            }
          }
          return result;
        });
        stored = outcome.inserted;
        alreadyStored = outcome.repeated;
        for (const index of outcome.unknown) refused.push({ index, reason: 'door.certificate_unknown' });
        for (const index of outcome.revoked) refused.push({ index, reason: REVOKED_BEFORE_ADMISSION });
        refused.sort((a, b) => a.index - b.index);
      }
      return { stored, alreadyStored, refused, flagged: await flagged(eventId) };
    },
  };

  /** Every ticket of the event with more than one admission, with each admission's scanner and time. */
  async function flagged(eventId: number) {
    const twice = await db
      .select({ userTicketId: doorAdmissions.userTicketId })
      .from(doorAdmissions)
      .where(and(eq(doorAdmissions.eventId, eventId), isNull(doorAdmissions.refusal)))
      .groupBy(doorAdmissions.userTicketId)
      .having(gt(count(), 1));
    if (!twice.length) return [];
    const rows = await db
      .select({ userTicketId: doorAdmissions.userTicketId, holderUserId: doorAdmissions.holderUserId, scannerId: doorAdmissions.scannerId, admittedAt: doorAdmissions.admittedAt })
      .from(doorAdmissions)
      .where(and(eq(doorAdmissions.eventId, eventId), isNull(doorAdmissions.refusal), inArray(doorAdmissions.userTicketId, twice.map((row) => row.userTicketId))))
      .orderBy(asc(doorAdmissions.userTicketId), asc(doorAdmissions.admittedAt), asc(doorAdmissions.id));
    const byTicket = new Map<number, { userTicketId: number; holderUserId: number; admissions: { scannerId: string; admittedAt: string }[] }>();
    for (const row of rows) {
      const entry = byTicket.get(row.userTicketId) ?? { userTicketId: row.userTicketId, holderUserId: row.holderUserId, admissions: [] };
      entry.admissions.push({ scannerId: row.scannerId, admittedAt: iso(row.admittedAt) });
      byTicket.set(row.userTicketId, entry);
    }
    return [...byTicket.values()];
  }
}
