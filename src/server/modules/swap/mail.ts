// The receipt of a swap, sent once it is confirmed and committed (whether the checkout page, the payments webhook or
// reconciliation confirmed it): what the person now holds instead of what, for which event, and what they paid (an
// UPGRADE) or gave up (a DOWNGRADE), with a link to the wallet. A mail that fails is logged and changes nothing.
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Mailer } from '../../adapters/mail';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { events, swapPairs, swaps, ticketTypes, users } from '../../db/schema';
import { asLocale, translate } from '../../i18n';

type SwapMailDeps = { db: Database; mailer: Mailer; config: Pick<Config, 'publicBaseUrl'>; log: (message: string, error: unknown) => void };

/** The receipt for each kind of swap: an upgrade paid for, a downgrade refunded, a change at the same price. */
const receipts = {
  upgraded: { subject: 'mail.swap_upgraded.subject', text: 'mail.swap_upgraded.text' },
  downgraded: { subject: 'mail.swap_downgraded.subject', text: 'mail.swap_downgraded.text' },
  changed: { subject: 'mail.swap_changed.subject', text: 'mail.swap_changed.text' },
} as const;

const money = (minor: number, symbol: string) => `${symbol}${(minor / 100).toFixed(2)}`;

export function createSwapMail({ db, mailer, config, log }: SwapMailDeps) {
  const base = alias(ticketTypes, 'base');
  const target = alias(ticketTypes, 'target');
  return {
    /** Mails the receipt of swap `swapId`; never throws. */
    async sendSwapReceipt(swapId: number): Promise<void> {
      try {
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
        const upgrade = row.swapType === 'UPGRADE';
        const facts = {
          count: String(row.quantity),
          from: row.from,
          to: row.to,
          event: row.event,
          order: row.orderIdentifier,
          amount: `${money(Math.abs(row.amountDueMinor), row.symbol)} ${row.currencyCode}`,
          link: `${config.publicBaseUrl}/${locale}/?PANEL_TAB=MY_TICKET`,
        };
        const mail = upgrade ? receipts.upgraded : row.amountDueMinor < 0 ? receipts.downgraded : receipts.changed;
        await mailer.send({ to: row.email, subject: translate(locale, mail.subject, facts), text: translate(locale, mail.text, facts) });
      } catch (error) {
        log('swap: the swap receipt was not sent', error);
      }
    },
  };
}
