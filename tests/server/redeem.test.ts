// Ticket PDFs with a secret code, and redeeming the code: the ticket moves to whoever redeems it, once.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatEventDateRange } from '../../src/contract/dates';
import { users } from '../../src/server/db/schema';
import { pdfTexts, SECRET_CODE_PATTERN } from '../support/pdf-text';
import { call, createDemoApp, type DemoApp } from './helper';

let t: DemoApp;
let alex: string;
let sam: string;
beforeAll(async () => {
  t = await createDemoApp();
  ({ alex, sam } = t.tokens);
});
afterAll(() => t.close());

const upcoming = async (token: string) =>
  (await call(t.app, { method: 'GET', url: '/v1/list/ticket_listing?status=UPCOMING', token })).json as Array<{ userTicketId: number; ticketName: string }>;
const pdfOf = (id: number, token = alex) => call(t.app, { method: 'POST', url: `/v1/resell/${id}`, token });
const redeem = (code: string, token = sam) => call(t.app, { method: 'POST', url: `/v1/resell/redeem/${encodeURIComponent(code)}`, token });

async function pdfCode(id: number): Promise<string> {
  const { response } = await pdfOf(id);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const code = pdfTexts(response.rawPayload).find((text) => SECRET_CODE_PATTERN.test(text));
  expect(code).toBeDefined();
  return code!;
}

describe('POST /resell/:id (ticket PDF)', () => {
  it('answers a PDF naming the event and ticket, with a secret code', async () => {
    const [ticket] = await upcoming(alex);
    const { response } = await pdfOf(ticket!.userTicketId);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const texts = pdfTexts(response.rawPayload);
    expect(texts).toContain(ticket!.ticketName);
    expect(texts).toContain('Holder: Alex Rivera');
    expect(texts).toContain('How to redeem');
    expect(texts.some((text) => text.includes('Redeem a ticket'))).toBe(true);
    // The QR code of the secret: one embedded image.
    expect(response.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it("names the wallet's own Redeem label in the holder's language (the HUB tile says the same)", async () => {
    const en = JSON.parse(readFileSync(new URL('../../locales/en.json', import.meta.url), 'utf8')) as Record<string, string>;
    const es = JSON.parse(readFileSync(new URL('../../locales/es.json', import.meta.url), 'utf8')) as Record<string, string>;
    const [ticket] = await upcoming(alex);
    const english = pdfTexts((await pdfOf(ticket!.userTicketId)).response.rawPayload);
    expect(english.some((text) => text.includes(`choose "${en['hub.redeem']}"`))).toBe(true);
    await call(t.app, { method: 'POST', url: '/v1/auth/profile', token: alex, body: { locale: 'es' } });
    try {
      const spanish = pdfTexts((await pdfOf(ticket!.userTicketId)).response.rawPayload);
      expect(spanish).toContain(es['pdf.how_title']);
      expect(spanish).toContain('Titular: Alex Rivera');
      expect(spanish.some((text) => text.includes(`elige "${es['hub.redeem']}"`))).toBe(true);
    } finally {
      await call(t.app, { method: 'POST', url: '/v1/auth/profile', token: alex, body: { locale: 'en' } });
    }
  });

  it("prints the event's dates on the event's clock with the zone named, as the wallet shows them", async () => {
    const [ticket] = (await call(t.app, { method: 'GET', url: '/v1/list/ticket_listing?status=UPCOMING', token: alex })).json as Array<{
      userTicketId: number;
      eventStartDateTime: string;
      eventEndDateTime: string;
      eventTimeZone: string;
    }>;
    expect(ticket!.eventTimeZone).not.toBe('UTC');
    const { response } = await pdfOf(ticket!.userTicketId);
    // WinAnsi's en dash is byte 0x96.
    const texts = pdfTexts(response.rawPayload).map((text) => text.replaceAll('\u0096', '–'));
    const wallet = formatEventDateRange(ticket!.eventStartDateTime, ticket!.eventEndDateTime, { locale: 'en', tz: ticket!.eventTimeZone });
    expect(wallet).toMatch(/ GMT[+-]\d+$/);
    expect(texts).toContain(wallet);
    expect(texts.some((text) => / UTC$/.test(text))).toBe(false);
  });

  it("refuses someone else's ticket", async () => {
    const [ticket] = await upcoming(alex);
    const refused = await pdfOf(ticket!.userTicketId, sam);
    expect(refused.status).toBe(404);
    expect(refused.json.code).toBe('api.ticket.not_found');
  });
});

describe('POST /resell/redeem/:secret', () => {
  it('moves the ticket to the redeemer once, whatever the case and dashes', async () => {
    const ticket = (await upcoming(alex)).at(-1)!;
    const code = await pdfCode(ticket.userTicketId);
    const typed = code.toLowerCase().replaceAll('-', ' ');
    const { status, json } = await redeem(typed);
    expect(status).toBe(200);
    expect(json).toMatchObject({ name: ticket.ticketName });
    expect((await upcoming(sam)).find((x) => x.userTicketId === json.userTicketId)?.ticketName).toBe(ticket.ticketName);
    expect((await upcoming(alex)).map((x) => x.userTicketId)).not.toContain(ticket.userTicketId);
    // The PDF's maker is told, in their language, who redeemed which ticket; the redeemer gets no such mail.
    const told = t.mailer.outbox!.filter((mail) => mail.to === 'alex@example.com' && mail.subject === `Your ticket PDF was redeemed: ${ticket.ticketName}`);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toMatch(/ redeemed the code of the PDF you made of your ticket /);
    expect(told[0]!.text).toContain('no longer in yours');
    expect(t.mailer.outbox!.some((mail) => mail.to === 'sam@example.com' && /PDF was redeemed/.test(mail.subject))).toBe(false);
    const again = await redeem(code);
    // Used once: it says it was already redeemed, not only "Invalid code".
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'api.redeem.already_redeemed', message: 'This code was already redeemed' });
  });

  it("tells the PDF's maker in their own language", async () => {
    await t.database.db.update(users).set({ locale: 'es' }).where(eq(users.email, 'alex@example.com'));
    try {
      const ticket = (await upcoming(alex)).at(-1)!;
      expect((await redeem(await pdfCode(ticket.userTicketId))).status).toBe(200);
      const told = t.mailer.outbox!.filter((mail) => mail.to === 'alex@example.com' && mail.subject === `Se canjeó el PDF de tu entrada: ${ticket.ticketName}`);
      expect(told).toHaveLength(1);
      expect(told[0]!.text).toContain('ya no en la tuya');
    } finally {
      await t.database.db.update(users).set({ locale: 'en' }).where(eq(users.email, 'alex@example.com'));
    }
  });

  it('a newer PDF retires the older code; the owner cannot redeem their own code', async () => {
    const [ticket] = await upcoming(alex);
    const older = await pdfCode(ticket!.userTicketId);
    const newer = await pdfCode(ticket!.userTicketId);
    expect(newer).not.toBe(older);
    expect((await redeem(older)).json.code).toBe('api.redeem.invalid_code');
    expect((await redeem(newer, alex)).json.code).toBe('api.redeem.invalid_code');
  });

  it('refuses unknown codes and needs a token', async () => {
    expect((await redeem('AAAA-BBBB-CCCC-DDDD')).json.code).toBe('api.redeem.invalid_code');
    expect((await call(t.app, { method: 'POST', url: '/v1/resell/redeem/AAAA' })).status).toBe(401);
  });
});
