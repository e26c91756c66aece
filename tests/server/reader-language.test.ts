// Each person's mail and documents are in the language they last used: the language of their last sign-in becomes
// their account's, so a gift to them is mailed in it and links to the wallet in it; a ticket's PDF is in the language
// of the wallet that asks for it (its Accept-Language), else the holder's.
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { pdfTexts } from '../support/pdf-text';
import { call, createDemoApp, type DemoApp, lastCode } from './helper';

const es = JSON.parse(readFileSync(new URL('../../locales/es.json', import.meta.url), 'utf8')) as Record<string, string>;
const en = JSON.parse(readFileSync(new URL('../../locales/en.json', import.meta.url), 'utf8')) as Record<string, string>;

let t: DemoApp;
beforeAll(async () => {
  t = await createDemoApp();
});
afterAll(() => t.close());

const localeOf = async (email: string) => (await t.database.db.select({ locale: users.locale }).from(users).where(eq(users.email, email)))[0]?.locale;

/** Signs in as the wallet does: the code asked for in the wallet's language. */
async function signInIn(email: string, locale: 'en' | 'es'): Promise<string> {
  const sent = await call(t.app, { method: 'POST', url: '/v1/auth/signInOrRegisterAndSignIn', payload: { email, locale } });
  expect(sent.status).toBe(200);
  const verified = await call(t.app, {
    method: 'POST',
    url: '/v1/auth/verifyLoginRequest',
    payload: { email, otp: lastCode(t.mailer, email), session: sent.json.session },
  });
  expect(verified.status).toBe(200);
  return verified.json.accessToken as string;
}

const upcoming = async (token: string) =>
  (await call(t.app, { method: 'GET', url: '/v1/list/ticket_listing?status=UPCOMING', token })).json as Array<{ userTicketId: number; ticketName: string }>;

async function giftableTicket(token: string) {
  for (const ticket of await upcoming(token)) {
    if ((await call(t.app, { method: 'GET', url: `/v1/list/ticket_listing/${ticket.userTicketId}`, token })).json.isGiftable) return ticket;
  }
  throw new Error('no giftable ticket');
}

describe("the reader's language", () => {
  it('is the language of the last sign-in: a gift to sam after a Spanish sign-in is mailed in Spanish, linking to /es/', async () => {
    expect(await localeOf('sam@example.com')).toBe('en');
    await signInIn('sam@example.com', 'es');
    expect(await localeOf('sam@example.com')).toBe('es');

    const ticket = await giftableTicket(t.tokens.alex);
    const before = t.mailer.outbox!.length;
    const gift = await call(t.app, { method: 'POST', url: '/v1/mobile/giftTicket', token: t.tokens.alex, payload: { userTicketId: ticket.userTicketId, username: 'sam@example.com' } });
    expect(gift.status).toBe(200);
    const toSam = t.mailer.outbox!.slice(before).find((mail) => mail.to === 'sam@example.com');
    expect(toSam?.subject).toBe(es['mail.gift_received.subject']!.replace('{{giver}}', 'Alex Rivera').replace('{{ticket}}', ticket.ticketName));
    expect(toSam?.text).toMatch(/\/es\/\?PANEL_TAB=TICKET&USER_TICKET_ID=/);
    expect(toSam?.text).not.toMatch(/\/en\//);
    // The giver's confirmation stays in the giver's language.
    const toAlex = t.mailer.outbox!.slice(before).find((mail) => mail.to === 'alex@example.com');
    expect(toAlex?.subject).toBe(en['mail.gift_sent.subject']!.replace('{{ticket}}', ticket.ticketName));
    expect(await localeOf('alex@example.com')).toBe('en');

    // Back in English: the next mail is English again.
    await signInIn('sam@example.com', 'en');
    expect(await localeOf('sam@example.com')).toBe('en');
  });

  it('leaves the account language alone when the sign-in names none', async () => {
    await call(t.app, { method: 'POST', url: '/v1/auth/profile', token: t.tokens.jordan, payload: { locale: 'es' } });
    const sent = await call(t.app, { method: 'POST', url: '/v1/auth/signInOrRegisterAndSignIn', payload: { email: 'jordan@example.com' } });
    await call(t.app, {
      method: 'POST',
      url: '/v1/auth/verifyLoginRequest',
      payload: { email: 'jordan@example.com', otp: lastCode(t.mailer, 'jordan@example.com'), session: sent.json.session },
    });
    expect(await localeOf('jordan@example.com')).toBe('es');
  });

  it("makes a ticket's PDF in the asking wallet's language, else the holder's", async () => {
    const [ticket] = await upcoming(t.tokens.alex);
    const pdf = (headers: Record<string, string>) =>
      call(t.app, { method: 'POST', url: `/v1/resell/${ticket!.userTicketId}`, token: t.tokens.alex, headers });
    expect(await localeOf('alex@example.com')).toBe('en');
    const spanish = pdfTexts((await pdf({ 'accept-language': 'es' })).response.rawPayload);
    expect(spanish).toContain(es['pdf.how_title']);
    expect(spanish).toContain('Titular: Alex Rivera');
    // A browser's own list: the first language the wallet speaks wins.
    expect(pdfTexts((await pdf({ 'accept-language': 'fr-FR, es-MX;q=0.8, en;q=0.5' })).response.rawPayload)).toContain(es['pdf.how_title']);
    expect(pdfTexts((await pdf({ 'accept-language': 'en-GB' })).response.rawPayload)).toContain(en['pdf.how_title']);
    // No language the wallet speaks: the holder's.
    expect(pdfTexts((await pdf({ 'accept-language': 'de' })).response.rawPayload)).toContain(en['pdf.how_title']);
    expect(pdfTexts((await pdf({})).response.rawPayload)).toContain(en['pdf.how_title']);
  });
});
