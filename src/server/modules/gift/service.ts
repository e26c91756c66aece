// Gifting: a ticket moves for good to another person, named by e-mail or by username (nickname#suffix).
// The giver's ticket row ends as `gifted`; the receiver gets a new row carrying the benefits' usage and codes.
import { and, asc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { ReceiverSuggestion } from '../../../contract/entities';
import { ApiError } from '../../../contract/errors';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { transfers, userTickets, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { asLocale } from '../../i18n';
import { createUser, pictureUrl } from '../profile/service';
import { allows, assertTicketAllowed, heldStatuses, lockTicket, ownedBy, selectTickets, transferTicket } from '../lifecycle/service';

const SUGGESTION_LIMIT = 8;

type GiftDeps = { db: Database; config: Config; now: () => Date };

export function createGiftService({ db, config, now }: GiftDeps) {
  /**
   * The receiver's user id: an existing account by e-mail or username, or a new account for an unknown e-mail (in
   * the giver's language, the best guess for the gift e-mail until the receiver signs in).
   */
  async function receiverOf(tx: Transaction, receiver: string, giverId: number): Promise<number> {
    const name = receiver.trim();
    if (name.includes('@')) {
      const email = name.toLowerCase();
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (user) return user.id;
      // An e-mail without an account gets one: signing in with it later finds the ticket waiting.
      const [giver] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, giverId));
      return createUser(tx, { email, locale: asLocale(giver?.locale) });
    }
    const hash = name.lastIndexOf('#');
    if (hash <= 0) throw new ApiError('api.gift.receiver_not_found');
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.nickname}) = ${name.slice(0, hash).toLowerCase()}`, eq(users.uniqueSuffix, name.slice(hash + 1))));
    if (!user) throw new ApiError('api.gift.receiver_not_found');
    return user.id;
  }

  return {
    async verify(userId: number, userTicketId: number): Promise<{ extras: { canBeGifted: boolean } }> {
      const [ticket] = await selectTickets(db, and(eq(userTickets.id, userTicketId), ownedBy(userId), inArray(userTickets.status, heldStatuses)));
      if (!ticket) throw new ApiError('api.gift.not_authorized_verify');
      return { extras: { canBeGifted: allows(ticket, 'gift', now()) } };
    },

    async gift(userId: number, input: { userTicketId: number; username: string }) {
      return inTransaction(db, async (tx) => {
        const ticket = await lockTicket(tx, input.userTicketId, now());
        if (!ticket || ticket.ownerUserId !== userId || !heldStatuses.includes(ticket.status)) throw new ApiError('api.gift.not_allowed');
        assertTicketAllowed(ticket, 'gift', now());
        const receiverId = await receiverOf(tx, input.username, userId);
        if (receiverId === userId) throw new ApiError('api.gift.self_gift');

        const receivedId = await transferTicket(tx, ticket, { operation: 'gift', toUserId: receiverId, source: 'gift', at: now() });
        await tx.insert(transfers).values({
          userTicketId: ticket.id,
          fromUserId: userId,
          toUserId: receiverId,
          receivedUserTicketId: receivedId,
          createdAt: now(),
        });
        return { userTicketId: ticket.id, ticketName: ticket.ticketName, ticketLogo: ticket.ticketLogo, receiver: input.username.trim() };
      });
    },

    /** Users whose nickname starts with the text, for the username tab's suggestions; never the searcher. */
    async suggest(userId: number, text: string): Promise<ReceiverSuggestion[]> {
      const prefix = text.trim().split('#')[0]!.replace(/[\\%_]/g, (char) => `\\${char}`);
      if (!prefix) return [];
      const rows = await db
        .select({ nickname: users.nickname, uniqueSuffix: users.uniqueSuffix, pictureKey: users.pictureKey })
        .from(users)
        .where(and(ilike(users.nickname, `${prefix}%`), ne(users.id, userId)))
        .orderBy(asc(users.nickname), asc(users.uniqueSuffix))
        .limit(SUGGESTION_LIMIT);
      return rows.map((row) => ({ username: `${row.nickname}#${row.uniqueSuffix}`, picture: pictureUrl(row.pictureKey, config.assetBaseUrl) }));
    },
  };
}
