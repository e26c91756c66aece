// Ticket PDFs with a secret redeem code, and redeeming such a code: whoever types the code from the PDF receives
// the ticket. Codes are stored hashed; a new PDF of a ticket retires the codes of its earlier PDFs. Both ask the
// lifecycle (pdf.issue, redeem) under the ticket's row lock: a PDF is a gift by code, so the type must be giftable,
// the event not over and the ticket held (not listed, reserved or used), when the PDF is made and again at redeem.
import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { ApiError } from '../../../contract/errors';
import type { Database } from '../../db/client';
import { events, redeemSecrets, ticketTypes, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { renderTicketPdf } from '../../adapters/pdf';
import { asLocale, type Locale } from '../../i18n';
import { assertTicketAllowed, heldStatuses, lockTicket, transferTicket } from '../lifecycle/service';

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Codes are compared without case, spaces or dashes, as people type them. */
export function normaliseCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

const hashCode = (code: string) => createHash('sha256').update(normaliseCode(code)).digest('hex');

function generateSecret(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

export interface Redeemed {
  /** The redeemer's new ticket. */
  userTicketId: number;
  /** Who made the PDF and held the ticket until now. */
  previousUserId: number;
  redeemerUserId: number;
}

export function createRedeemService({ db, now, onRedeemed }: { db: Database; now: () => Date; onRedeemed?: (redeemed: Redeemed) => Promise<void> }) {
  return {
    /**
     * A PDF of a ticket the user holds, carrying a new secret code, in `language` (the wallet's that asks for it),
     * else the holder's.
     */
    async ticketPdf(userId: number, userTicketId: number, language?: Locale): Promise<Buffer> {
      const secret = generateSecret();
      const row = await inTransaction(db, async (tx) => {
        const ticket = await lockTicket(tx, userTicketId, now());
        if (!ticket || ticket.ownerUserId !== userId || !heldStatuses.includes(ticket.status)) throw new ApiError('api.ticket.not_found');
        assertTicketAllowed(ticket, 'pdf.issue', now());
        const [details] = await tx
          .select({ type: ticketTypes, event: events, owner: users })
          .from(ticketTypes)
          .innerJoin(events, eq(events.id, ticketTypes.eventId))
          .innerJoin(users, eq(users.id, userId))
          .where(eq(ticketTypes.id, ticket.ticketTypeId));
        await tx
          .update(redeemSecrets)
          .set({ redeemedAt: now() })
          .where(and(eq(redeemSecrets.userTicketId, userTicketId), isNull(redeemSecrets.redeemedAt)));
        await tx.insert(redeemSecrets).values({ codeHash: hashCode(secret), userTicketId, createdByUserId: userId, createdAt: now() });
        return details!;
      });
      return renderTicketPdf({
        eventName: row.event.name,
        ticketName: row.type.name,
        startsAt: row.event.startsAt,
        endsAt: row.event.endsAt,
        timeZone: row.event.timeZone,
        venue: `${row.event.venue}, ${row.event.city}`,
        holder: [row.owner.givenName, row.owner.familyName].filter(Boolean).join(' ') || row.owner.email,
        secret,
        locale: language ?? asLocale(row.owner.locale),
      });
    },

    /**
     * Moves the ticket behind the code to the user. An unknown or retired code, or a ticket its maker no longer holds,
     * is the same "Invalid code"; a ticket they hold that may not go now (listed, reserved, used, the event over, the
     * type no longer giftable) says why (api.ticket.*) and the code stays, as the lifecycle asks again at each try.
     */
    async redeem(userId: number, code: string): Promise<{ name: string; logo: string | null; userTicketId: number }> {
      const redeemed = await inTransaction(db, async (tx) => {
        // The ticket is locked before its code (as a new PDF of it does), so the two never wait on each other in a circle.
        const [found] = await tx.select().from(redeemSecrets).where(eq(redeemSecrets.codeHash, hashCode(code)));
        // A code that worked once says so; one a newer PDF retired (redeemed by nobody) stays "Invalid code".
        if (found?.redeemedByUserId != null) throw new ApiError('api.redeem.already_redeemed');
        if (!found || found.redeemedAt || found.createdByUserId === userId) throw new ApiError('api.redeem.invalid_code');
        const ticket = await lockTicket(tx, found.userTicketId, now());
        const [secret] = await tx
          .select()
          .from(redeemSecrets)
          .where(and(eq(redeemSecrets.id, found.id), isNull(redeemSecrets.redeemedAt)))
          .for('update');
        // Redeemed by someone else (or retired) while this request waited for the ticket's lock.
        if (!secret) throw new ApiError('api.redeem.invalid_code');
        // A ticket that left the code's maker is as if the code did not exist; one they still hold says why it cannot go.
        if (!ticket || ticket.ownerUserId !== secret.createdByUserId || !heldStatuses.includes(ticket.status)) {
          throw new ApiError('api.redeem.invalid_code');
        }
        const received = await transferTicket(tx, ticket, { operation: 'redeem', toUserId: userId, source: 'redeem', at: now() });
        await tx.update(redeemSecrets).set({ redeemedAt: now(), redeemedByUserId: userId }).where(eq(redeemSecrets.id, secret.id));
        return { name: ticket.ticketName, logo: ticket.ticketLogo, userTicketId: received, previousUserId: secret.createdByUserId };
      });
      // Committed: the PDF's maker is told (their ticket left their wallet), never holding up the answer.
      await onRedeemed?.({ userTicketId: redeemed.userTicketId, previousUserId: redeemed.previousUserId, redeemerUserId: userId });
      return { name: redeemed.name, logo: redeemed.logo, userTicketId: redeemed.userTicketId };
    },
  };
}
