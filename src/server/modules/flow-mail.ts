// What the e-mails of the flows share (gift, swap, resale, redeem: each module's mail.ts): their dependencies, how a
// person is reached and named, the wallet's link to a ticket, money as the mails write it, and a mail written in its
// reader's language from its pair of locale keys. Every flow's mail is sent after its change is committed and never
// throws: a mail that fails is logged and undoes nothing (`mailsOrLog`). A mail that several instances could reach
// at once is claimed first (`claimMail`), in the transaction that changes the state, and only its claimer sends it.
import { encodeUserTicketId } from '../../../machines/ticket-id';
import type { MailMessage, Mailer } from '../adapters/mail';
import type { Config } from '../config';
import type { Database, Transaction } from '../db/client';
import { mailClaims } from '../db/schema';
import { asLocale, type Locale, translate } from '../i18n';

export type FlowMailDeps = { db: Database; mailer: Mailer; config: Pick<Config, 'publicBaseUrl'>; log: (message: string, error: unknown) => void };

/** A mail's subject and text keys, written out in full (tests/web/locales.test.ts finds every key by its quotes). */
export interface MailKeys {
  subject: string;
  text: string;
}

/** The mail `keys` to `to`, in `locale`, with `facts` in its placeholders. */
export function localisedMail(to: string, locale: Locale, keys: MailKeys, facts: Record<string, string>): MailMessage {
  return { to, subject: translate(locale, keys.subject, facts), text: translate(locale, keys.text, facts) };
}

/**
 * Sends the mails that `compose` writes (it reads what they say from the database); never throws. A mail that fails
 * is logged with `failure`, and the others still go.
 */
export async function mailsOrLog(deps: Pick<FlowMailDeps, 'mailer' | 'log'>, failure: string, compose: () => Promise<MailMessage[]>): Promise<void> {
  try {
    const results = await Promise.allSettled((await compose()).map((mail) => deps.mailer.send(mail)));
    for (const result of results) if (result.status === 'rejected') deps.log(failure, result.reason);
  } catch (error) {
    deps.log(failure, error);
  }
}

interface Person {
  email: string;
  locale: string;
  givenName: string | null;
  familyName: string | null;
  nickname: string;
  uniqueSuffix: string;
}

/** The columns of `users` (or an alias of it) a mail needs to reach and name a person. */
type PersonColumn = keyof Person;

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

/** An amount in minor units as the mails write it: the symbol, then two decimals ($140.00). */
export const mailMoney = (minor: number, symbol: string) => `${symbol}${(minor / 100).toFixed(2)}`;

/**
 * Claims the mail named `key` in `db` (the transaction that changes the state the mail tells of): true for exactly one
 * caller across every instance and every retry — the one whose insert of the key wins (a concurrent one waits for it on
 * the key's unique index and then finds it taken). The caller sends the mail after its transaction committed.
 */
export async function claimMail(db: Database | Transaction, key: string, at: Date): Promise<boolean> {
  const claimed = await db.insert(mailClaims).values({ key, claimedAt: at }).onConflictDoNothing().returning({ key: mailClaims.key });
  return claimed.length === 1;
}

/**
 * The key of the e-mail that a processing payment failed: one per intent and attempt (a Stripe intent can be confirmed
 * again with another method after a failure; each attempt is its own charge).
 */
export const paymentFailedMailKey = (provider: string, intent: { id: string; chargeId: string | null }) =>
  `payment_failed:${provider}:${intent.id}:${intent.chargeId ?? ''}`;

/**
 * The key of the e-mail that a processing payment which succeeded too late (what it paid for was gone) was refunded:
 * one per intent, since an intent is refunded once whatever charge took it.
 */
export const paymentRefundedMailKey = (provider: string, intent: { id: string }) => `payment_refunded:${provider}:${intent.id}`;
