// The receipt of a swap, sent once it is confirmed and committed (whether the checkout page, the payments webhook or
// reconciliation confirmed it): what the person now holds instead of what, for which event, and what they paid (an
// UPGRADE) or gave up (a DOWNGRADE), with a link to the wallet; and the e-mail of an UPGRADE whose processing payment
// failed, which released the swap, or that succeeded when the upgrade could no longer be made, which was refunded. A
// mail that fails is logged and changes nothing. What the flows' mails share is in ../flow-mail.ts.
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { events, swapPairs, swaps, ticketTypes, users } from '../../db/schema';
import { asLocale } from '../../i18n';
import { type FlowMailDeps, type MailKeys, localisedMail, mailMoney, mailsOrLog } from '../flow-mail';

/** The receipt for each kind of swap: an upgrade paid for, a downgrade refunded, a change at the same price. */
const receipts = {
  upgraded: { subject: 'mail.swap_upgraded.subject', text: 'mail.swap_upgraded.text' },
  downgraded: { subject: 'mail.swap_downgraded.subject', text: 'mail.swap_downgraded.text' },
  changed: { subject: 'mail.swap_changed.subject', text: 'mail.swap_changed.text' },
} as const;
const paymentFailed = { subject: 'mail.swap_payment_failed.subject', text: 'mail.swap_payment_failed.text' } as const;
const paymentRefunded = { subject: 'mail.swap_payment_refunded.subject', text: 'mail.swap_payment_refunded.text' } as const;

export function createSwapMail(deps: FlowMailDeps) {
  const { db, config } = deps;
  const base = alias(ticketTypes, 'base');
  const target = alias(ticketTypes, 'target');

  /** The mail `pick` chooses for swap `swapId`, to its holder in their language; never throws. */
  const send = (swapId: number, pick: (swap: { swapType: string; amountDueMinor: number }) => MailKeys, failure: string) =>
    mailsOrLog(deps, failure, async () => {
      const [row] = await db
        .select({
          swapType: swaps.swapType,
          quantity: swaps.quantity,
          amountDueMinor: swaps.amountDueMinor,
          currencyCode: swaps.currencyCode,
          orderIdentifier: swaps.orderIdentifier,
          from: base.name,
          to: target.name,
          symbol: target.currencySymbol,
          event: events.name,
          email: users.email,
          locale: users.locale,
        })
        .from(swaps)
        .innerJoin(swapPairs, eq(swapPairs.id, swaps.swapPairId))
        .innerJoin(base, eq(base.id, swapPairs.baseTicketTypeId))
        .innerJoin(target, eq(target.id, swapPairs.targetTicketTypeId))
        .innerJoin(events, eq(events.id, base.eventId))
        .innerJoin(users, eq(users.id, swaps.userId))
        .where(eq(swaps.id, swapId));
      if (!row) throw new Error(`no swap ${swapId}`);
      const locale = asLocale(row.locale);
      const facts = {
        count: String(row.quantity),
        from: row.from,
        to: row.to,
        event: row.event,
        order: row.orderIdentifier,
        amount: `${mailMoney(Math.abs(row.amountDueMinor), row.symbol)} ${row.currencyCode}`,
        link: `${config.publicBaseUrl}/${locale}/?PANEL_TAB=MY_TICKET`,
      };
      return [localisedMail(row.email, locale, pick(row), facts)];
    });

  return {
    /** Mails the receipt of swap `swapId`; never throws. */
    sendSwapReceipt: (swapId: number) =>
      send(
        swapId,
        (swap) => (swap.swapType === 'UPGRADE' ? receipts.upgraded : swap.amountDueMinor < 0 ? receipts.downgraded : receipts.changed),
        'swap: the swap receipt was not sent',
      ),
    /** Tells the person that the processing payment of UPGRADE `swapId` failed and the swap was released; never throws. */
    sendPaymentFailed: (swapId: number) => send(swapId, () => paymentFailed, 'swap: the failed payment e-mail was not sent'),
    /** Tells the person that the payment of UPGRADE `swapId` succeeded after the swap ended, and is refunded; never throws. */
    sendPaymentRefunded: (swapId: number) => send(swapId, () => paymentRefunded, 'swap: the refund e-mail was not sent'),
  };
}
