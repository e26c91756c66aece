// Ticket PDFs with a secret redeem code, and redeeming such a code: whoever types the code from the PDF receives
// the ticket. Codes are stored hashed; a new PDF of a ticket retires the codes of its earlier PDFs.
import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { ApiError } from '../../../contract/errors';
import type { Database } from '../../db/client';
import { events, redeemSecrets, ticketTypes, userTickets, users } from '../../db/schema';
import { renderTicketPdf } from '../../adapters/pdf';
import { moveTicket } from '../tickets/service';

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

export function createRedeemService({ db, now }: { db: Database; now: () => Date }) {
  return {
    /** A PDF of a ticket the user holds, carrying a new secret code. */
    async ticketPdf(userId: number, userTicketId: number): Promise<Buffer> {
      const [row] = await db
        .select({ ticket: userTickets, type: ticketTypes, event: events, owner: users })
        .from(userTickets)
        .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
        .innerJoin(events, eq(events.id, ticketTypes.eventId))
        .innerJoin(users, eq(users.id, userTickets.ownerUserId))
        .where(and(eq(userTickets.id, userTicketId), eq(userTickets.ownerUserId, userId), eq(userTickets.status, 'valid')));
      if (!row || row.ticket.eventAccessUsedAt) throw new ApiError('api.ticket.not_found');
      const secret = generateSecret();
      await db.transaction(async (tx) => {
        await tx
          .update(redeemSecrets)
          .set({ redeemedAt: now() })
          .where(and(eq(redeemSecrets.userTicketId, userTicketId), isNull(redeemSecrets.redeemedAt)));
        await tx.insert(redeemSecrets).values({ codeHash: hashCode(secret), userTicketId, createdByUserId: userId, createdAt: now() });
      });
      return renderTicketPdf({
        eventName: row.event.name,
        ticketName: row.type.name,
        startsAt: row.event.startsAt,
        venue: `${row.event.venue}, ${row.event.city}`,
        holder: [row.owner.givenName, row.owner.familyName].filter(Boolean).join(' ') || row.owner.email,
        secret,
      });
    },

    /** Moves the ticket behind the code to the user; every failure is the same "Invalid code". */
    async redeem(userId: number, code: string): Promise<{ name: string; logo: string | null; userTicketId: number }> {
      return db.transaction(async (tx) => {
        const [secret] = await tx
          .select()
          .from(redeemSecrets)
          .where(and(eq(redeemSecrets.codeHash, hashCode(code)), isNull(redeemSecrets.redeemedAt)))
          .for('update');
        if (!secret || secret.createdByUserId === userId) throw new ApiError('api.redeem.invalid_code');
        const [row] = await tx
          .select({ ticket: userTickets, type: ticketTypes })
          .from(userTickets)
          .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
          .where(eq(userTickets.id, secret.userTicketId))
          .for('update', { of: userTickets });
        const usable = row && row.ticket.ownerUserId === secret.createdByUserId && row.ticket.status === 'valid' && !row.ticket.eventAccessUsedAt;
        if (!row || !usable) throw new ApiError('api.redeem.invalid_code');

        const received = await moveTicket(tx, row.ticket, { toUserId: userId, leftAs: 'redeemed_away', source: 'redeem', at: now() });
        await tx.update(redeemSecrets).set({ redeemedAt: now(), redeemedByUserId: userId }).where(eq(redeemSecrets.id, secret.id));
        return { name: row.type.name, logo: row.type.logoUrl, userTicketId: received };
      });
    },
  };
}
