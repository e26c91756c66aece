// The two e-mails of a gift, sent once it is committed: the receiver learns who sent which ticket, in their own
// language, with a link that opens the wallet on the ticket now theirs; the giver gets a confirmation. A mail that
// fails is logged and does not undo the gift (the ticket is already in the receiver's wallet). What the flows' mails
// share is in ../flow-mail.ts.
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { events, ticketTypes, transfers, userTickets, users } from '../../db/schema';
import { asLocale } from '../../i18n';
import { displayName, type FlowMailDeps, localisedMail, mailsOrLog, personColumns as person, ticketLink } from '../flow-mail';

const received = { subject: 'mail.gift_received.subject', text: 'mail.gift_received.text' } as const;
const sent = { subject: 'mail.gift_sent.subject', text: 'mail.gift_sent.text' } as const;

export function createGiftMail(deps: FlowMailDeps) {
  const { db, config } = deps;
  const giver = alias(users, 'giver');
  const receiver = alias(users, 'receiver');

  return {
    /** Mails both sides of the transfer of `userTicketId` (the giver's ticket); never throws. */
    sendGiftMails: (userTicketId: number): Promise<void> =>
      mailsOrLog(deps, 'gift: a gift e-mail was not sent', async () => {
        const [row] = await db
          .select({
            receivedUserTicketId: transfers.receivedUserTicketId,
            ticketName: ticketTypes.name,
            eventName: events.name,
            giver: person(giver),
            receiver: person(receiver),
          })
          .from(transfers)
          .innerJoin(userTickets, eq(userTickets.id, transfers.userTicketId))
          .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
          .innerJoin(events, eq(events.id, ticketTypes.eventId))
          .innerJoin(giver, eq(giver.id, transfers.fromUserId))
          .innerJoin(receiver, eq(receiver.id, transfers.toUserId))
          .where(eq(transfers.userTicketId, userTicketId));
        if (!row) throw new Error(`no transfer of user ticket ${userTicketId}`);
        const toLocale = asLocale(row.receiver.locale);
        const facts = { ticket: row.ticketName, event: row.eventName };
        return [
          localisedMail(row.receiver.email, toLocale, received, {
            ...facts,
            giver: displayName(row.giver),
            link: ticketLink(config.publicBaseUrl, toLocale, row.receivedUserTicketId),
          }),
          localisedMail(row.giver.email, asLocale(row.giver.locale), sent, { ...facts, receiver: displayName(row.receiver) }),
        ];
      }),
  };
}
