// The two e-mails of a gift, sent once it is committed: the receiver learns who sent which ticket, in their own
// language, with a link that opens the wallet on the ticket now theirs; the giver gets a confirmation. A mail that
// fails is logged and does not undo the gift (the ticket is already in the receiver's wallet).
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { encodeUserTicketId } from '../../../../machines/ticket-id';
import type { Mailer } from '../../adapters/mail';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { events, ticketTypes, transfers, userTickets, users } from '../../db/schema';
import { asLocale, translate } from '../../i18n';

type GiftMailDeps = { db: Database; mailer: Mailer; config: Pick<Config, 'publicBaseUrl'>; log: (message: string, error: unknown) => void };

interface Person {
  email: string;
  locale: string;
  givenName: string | null;
  familyName: string | null;
  nickname: string;
  uniqueSuffix: string;
}

/** The columns of `users` (or an alias of it) a mail needs to reach and name a person. */
type PersonColumn = 'email' | 'locale' | 'givenName' | 'familyName' | 'nickname' | 'uniqueSuffix';

export function personColumns<T extends Record<PersonColumn, unknown>>(table: T): Pick<T, PersonColumn> {
  return {
    email: table.email,
    locale: table.locale,
    givenName: table.givenName,
    familyName: table.familyName,
    nickname: table.nickname,
    uniqueSuffix: table.uniqueSuffix,
  };
}

/** How a person is named in a mail: their full name, else their username (nickname#suffix). */
export function displayName(person: Omit<Person, 'email' | 'locale'>): string {
  const name = [person.givenName, person.familyName].filter((part) => part?.trim()).join(' ');
  return name || `${person.nickname}#${person.uniqueSuffix}`;
}

/** The wallet opened on a user ticket: the single ticket panel in the reader's language. */
export function ticketLink(publicBaseUrl: string, locale: string, userTicketId: number): string {
  return `${publicBaseUrl}/${asLocale(locale)}/?PANEL_TAB=TICKET&USER_TICKET_ID=${encodeUserTicketId(userTicketId)}`;
}

export function createGiftMail({ db, mailer, config, log }: GiftMailDeps) {
  const giver = alias(users, 'giver');
  const receiver = alias(users, 'receiver');
  const person = personColumns;

  return {
    /** Mails both sides of the transfer of `userTicketId` (the giver's ticket); never throws. */
    async sendGiftMails(userTicketId: number): Promise<void> {
      try {
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
        const fromLocale = asLocale(row.giver.locale);
        const facts = { ticket: row.ticketName, event: row.eventName };
        const received = {
          ...facts,
          giver: displayName(row.giver),
          link: ticketLink(config.publicBaseUrl, toLocale, row.receivedUserTicketId),
        };
        const sent = { ...facts, receiver: displayName(row.receiver) };
        const results = await Promise.allSettled([
          mailer.send({
            to: row.receiver.email,
            subject: translate(toLocale, 'mail.gift_received.subject', received),
            text: translate(toLocale, 'mail.gift_received.text', received),
          }),
          mailer.send({
            to: row.giver.email,
            subject: translate(fromLocale, 'mail.gift_sent.subject', sent),
            text: translate(fromLocale, 'mail.gift_sent.text', sent),
          }),
        ]);
        for (const result of results) if (result.status === 'rejected') log('gift: a gift e-mail was not sent', result.reason);
      } catch (error) {
        log('gift: the gift e-mails were not sent', error);
      }
    },
  };
}
