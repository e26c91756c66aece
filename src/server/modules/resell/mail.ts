// The two e-mails of a resale, sent once the purchase is committed: the buyer learns what they bought and where it
// is (a link to the wallet on the first ticket), the seller that it sold and when the payout is made (held until the
// event has ended). A buyer whose processing payment failed later is told so, with the share page to try again; one
// whose payment succeeded when the listings were gone, that it is refunded.
// A mail that fails is logged and does not undo the sale. Shared parts: ../flow-mail.ts.
import { eq, inArray } from 'drizzle-orm';
import { formatEventMoment } from '../../../contract/dates';
import { alias } from 'drizzle-orm/pg-core';
import type { Mailer } from '../../adapters/mail';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { events, listings, ticketTypes, userTickets, users } from '../../db/schema';
import { asLocale, translate } from '../../i18n';
import { displayName, personColumns, ticketLink } from '../flow-mail';

type ResaleMailDeps = { db: Database; mailer: Mailer; config: Pick<Config, 'publicBaseUrl'>; log: (message: string, error: unknown) => void };

const money = (minor: number, symbol: string) => `${symbol}${(minor / 100).toFixed(2)}`;

export function createResaleMail({ db, mailer, config, log }: ResaleMailDeps) {
  const seller = alias(users, 'seller');
  const buyer = alias(users, 'buyer');
  const person = personColumns;

  /**
   * What both kinds of mail say about listings: price, fee, ticket and event, seller, and the buyer once sold (a
   * purchase whose payment failed has none yet).
   */
  const listingFacts = (listingIds: number[]) =>
    db
      .select({
        priceMinor: listings.priceMinor,
        feeMinor: listings.serviceFeeMinor,
        currencySymbol: listings.currencySymbol,
        ticketName: ticketTypes.name,
        eventName: events.name,
        eventEnd: events.endsAt,
        eventTimeZone: events.timeZone,
        seller: person(seller),
        buyer: person(buyer),
      })
      .from(listings)
      .innerJoin(userTickets, eq(userTickets.id, listings.userTicketId))
      .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
      .innerJoin(events, eq(events.id, ticketTypes.eventId))
      .innerJoin(seller, eq(seller.id, listings.sellerUserId))
      .leftJoin(buyer, eq(buyer.id, listings.buyerUserId))
      .where(inArray(listings.id, listingIds));

  return {
    /** Mails buyer and seller of the listings just bought (`receivedIds`: the buyer's new tickets). */
    async sendResaleMails(listingIds: number[], receivedIds: number[]): Promise<void> {
      try {
        const rows = await listingFacts(listingIds);
        const first = rows[0];
        if (!first?.buyer) throw new Error(`no sold listing ${listingIds.join(',')}`);
        const count = rows.length;
        const paid = rows.reduce((sum, row) => sum + row.priceMinor + row.feeMinor, 0);
        const payout = rows.reduce((sum, row) => sum + row.priceMinor, 0);
        const buyerLocale = asLocale(first.buyer.locale);
        const sellerLocale = asLocale(first.seller.locale);
        const facts = { ticket: first.ticketName, event: first.eventName, count: String(count) };
        const bought = { ...facts, seller: displayName(first.seller), total: money(paid, first.currencySymbol), link: ticketLink(config.publicBaseUrl, buyerLocale, receivedIds[0]!) };
        const sold = { ...facts, buyer: displayName(first.buyer), payout: money(payout, first.currencySymbol), date: formatEventMoment(first.eventEnd, { locale: sellerLocale, tz: first.eventTimeZone }) };
        const results = await Promise.allSettled([
          mailer.send({ to: first.buyer.email, subject: translate(buyerLocale, 'mail.resale_bought.subject', bought), text: translate(buyerLocale, 'mail.resale_bought.text', bought) }),
          mailer.send({ to: first.seller.email, subject: translate(sellerLocale, 'mail.resale_sold.subject', sold), text: translate(sellerLocale, 'mail.resale_sold.text', sold) }),
        ]);
        for (const result of results) if (result.status === 'rejected') log('resell: a resale e-mail was not sent', result.reason);
      } catch (error) {
        log('resell: the resale e-mails were not sent', error);
      }
    },

    /**
     * Tells a buyer that their processing payment for listings under `shareCode` failed, so nothing was bought, with
     * the share page (in their language) to try again while the tickets are on sale. Never throws.
     */
    sendPaymentFailed: (purpose: { shareCode: string; buyerId: number; listingIds: number[] }) => sendToBuyer(purpose, 'failed'),
    /** Tells the buyer that their processing payment succeeded when the listings were gone, and is refunded; never throws. */
    sendPaymentRefunded: (purpose: { shareCode: string; buyerId: number; listingIds: number[] }) => sendToBuyer(purpose, 'refunded'),
  };

  /** The buyer's mail of a processing payment's end that bought nothing: failed, or refunded; never throws. */
  async function sendToBuyer(purpose: { shareCode: string; buyerId: number; listingIds: number[] }, outcome: 'failed' | 'refunded'): Promise<void> {
    try {
      const rows = await listingFacts(purpose.listingIds);
      const [person] = await db.select(personColumns(users)).from(users).where(eq(users.id, purpose.buyerId));
      const first = rows[0];
      if (!first || !person) throw new Error(`no listing ${purpose.listingIds.join(',')} or buyer ${purpose.buyerId}`);
      const locale = asLocale(person.locale);
      const facts = {
        ticket: first.ticketName,
        event: first.eventName,
        count: String(rows.length),
        total: money(rows.reduce((sum, row) => sum + row.priceMinor + row.feeMinor, 0), first.currencySymbol),
        link: `${config.publicBaseUrl}/resale/${encodeURIComponent(purpose.shareCode)}?lang=${locale}`,
      };
      const keys =
        outcome === 'failed'
          ? { subject: 'mail.resale_payment_failed.subject', text: 'mail.resale_payment_failed.text' }
          : { subject: 'mail.resale_payment_refunded.subject', text: 'mail.resale_payment_refunded.text' };
      await mailer.send({ to: person.email, subject: translate(locale, keys.subject, facts), text: translate(locale, keys.text, facts) });
    } catch (error) {
      log(`resell: the ${outcome === 'failed' ? 'failed payment' : 'refund'} e-mail was not sent`, error);
    }
  }
}
