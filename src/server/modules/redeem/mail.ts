// The e-mail of a redeem: whoever made the ticket's PDF learns, in their own language, that its code was redeemed,
// by whom, and that the ticket left their wallet. Sent once the redeem is committed; a mail that fails is logged and
// does not undo the redeem. What the flows' mails share is in ../flow-mail.ts.
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Mailer } from '../../adapters/mail';
import type { Database } from '../../db/client';
import { events, ticketTypes, userTickets, users } from '../../db/schema';
import { asLocale, translate } from '../../i18n';
import { displayName, personColumns } from '../flow-mail';

type RedeemMailDeps = { db: Database; mailer: Mailer; log: (message: string, error: unknown) => void };

export function createRedeemMail({ db, mailer, log }: RedeemMailDeps) {
  const previous = alias(users, 'previous');
  const redeemer = alias(users, 'redeemer');
  const person = personColumns;

  return {
    /** Tells `previousUserId` that the PDF code of `userTicketId` was redeemed by `redeemerUserId`; never throws. */
    async sendRedeemedMail({ userTicketId, previousUserId, redeemerUserId }: { userTicketId: number; previousUserId: number; redeemerUserId: number }) {
      try {
        const [row] = await db
          .select({ ticketName: ticketTypes.name, eventName: events.name, previous: person(previous), redeemer: person(redeemer) })
          .from(userTickets)
          .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
          .innerJoin(events, eq(events.id, ticketTypes.eventId))
          .innerJoin(previous, eq(previous.id, previousUserId))
          .innerJoin(redeemer, eq(redeemer.id, redeemerUserId))
          .where(eq(userTickets.id, userTicketId));
        if (!row) throw new Error(`no redeemed ticket ${userTicketId}`);
        const locale = asLocale(row.previous.locale);
        const facts = { ticket: row.ticketName, event: row.eventName, receiver: displayName(row.redeemer) };
        await mailer.send({
          to: row.previous.email,
          subject: translate(locale, 'mail.pdf_redeemed.subject', facts),
          text: translate(locale, 'mail.pdf_redeemed.text', facts),
        });
      } catch (error) {
        log('redeem: the redeemed e-mail was not sent', error);
      }
    },
  };
}
