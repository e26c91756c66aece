// A ticket's history (GET /list/ticket_listing/:id/history): who held it and how it moved, oldest first, as far as
// the asking holder may see it. Alex gifts a ticket to Jordan, Jordan makes a PDF of it, and Sam redeems its code:
// each of the three sees the same moves, named only where they know the other side. Runs on PGlite, and on
// Postgres with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfTexts, SECRET_CODE_PATTERN } from '../support/pdf-text';
import { call, createDemoApp, type DemoApp } from './helper';

let t: DemoApp;
let alex: string;
let jordan: string;
let sam: string;
beforeAll(async () => {
  t = await createDemoApp();
  ({ alex, jordan, sam } = t.tokens);
});
afterAll(() => t.close());

type Listed = { userTicketId: number; ticketName: string };
const upcoming = async (token: string) =>
  (await call(t.app, { method: 'GET', url: '/v1/list/ticket_listing?status=UPCOMING', token })).json as Listed[];
const history = (id: number | string, token?: string) => call(t.app, { method: 'GET', url: `/v1/list/ticket_listing/${id}/history`, token });
const movesOf = (json: { entries: Array<{ move: string; holder: string | null }> }) => json.entries.map(({ move, holder }) => [move, holder]);

/** Alex's giftable ticket, gifted to Jordan, made a PDF by Jordan, redeemed by Sam: the three rows it went through. */
async function passedOn(): Promise<{ alexRow: number; jordanRow: number; samRow: number; name: string }> {
  let ticket: Listed | undefined;
  for (const candidate of await upcoming(alex)) {
    const detail = await call(t.app, { method: 'GET', url: `/v1/list/ticket_listing/${candidate.userTicketId}`, token: alex });
    if (detail.json.isGiftable) {
      ticket = candidate;
      break;
    }
  }
  expect(ticket).toBeDefined();
  const before = new Set((await upcoming(jordan)).map((x) => x.userTicketId));
  const gift = await call(t.app, { method: 'POST', url: '/v1/mobile/giftTicket', token: alex, payload: { userTicketId: ticket!.userTicketId, username: 'JORDAN#7310' } });
  expect(gift.status).toBe(200);
  const jordanRow = (await upcoming(jordan)).find((x) => !before.has(x.userTicketId) && x.ticketName === ticket!.ticketName)!.userTicketId;
  const pdf = await call(t.app, { method: 'POST', url: `/v1/resell/${jordanRow}`, token: jordan });
  expect(pdf.status).toBe(200);
  const code = pdfTexts(pdf.response.rawPayload).find((text) => SECRET_CODE_PATTERN.test(text))!;
  const redeemed = await call(t.app, { method: 'POST', url: `/v1/resell/redeem/${encodeURIComponent(code)}`, token: sam });
  expect(redeemed.status).toBe(200);
  return { alexRow: ticket!.userTicketId, jordanRow, samRow: redeemed.json.userTicketId as number, name: ticket!.ticketName };
}

describe('GET /list/ticket_listing/:id/history', () => {
  it('shows each holder the moves, oldest first with dates, naming only the other side of their own gifts', async () => {
    const { alexRow, jordanRow, samRow, name } = await passedOn();

    const sams = await history(samRow, sam);
    expect(sams.status).toBe(200);
    expect(sams.json).toMatchObject({ userTicketId: samRow, ticketName: name });
    // Alex and Jordan are earlier holders Sam never dealt with by name: a PDF's code names nobody.
    expect(movesOf(sams.json)).toEqual([
      ['issued', null],
      ['gifted', null],
      ['redeemed', 'you'],
    ]);
    const dates = (sams.json.entries as Array<{ at: string }>).map((entry) => Date.parse(entry.at));
    expect(dates.every((date) => Number.isFinite(date))).toBe(true);
    expect([...dates].sort((a, b) => a - b)).toEqual(dates);

    // Jordan received it from Alex as a gift (Alex is named), and it left Jordan by a redeemed code (Sam is not).
    expect(movesOf((await history(jordanRow, jordan)).json)).toEqual([
      ['issued', 'alex#4821'],
      ['gifted', 'you'],
      ['redeemed', null],
    ]);
    // Alex sees the gift to Jordan, and nothing after it.
    expect(movesOf((await history(alexRow, alex)).json)).toEqual([
      ['issued', 'you'],
      ['gifted', 'jordan#7310'],
    ]);
  });

  it("refuses another holder's ticket and a missing one with api.ticket.not_found, a malformed id, and no token", async () => {
    const [alexTicket] = await upcoming(alex);
    const refused = await history(alexTicket!.userTicketId, sam);
    expect(refused.status).toBe(404);
    expect(refused.json).toMatchObject({ statusCode: 404, code: 'api.ticket.not_found' });
    expect((await history(999_999, alex)).json.code).toBe('api.ticket.not_found');
    expect((await history('abc', alex)).json.code).toBe('api.invalid_request_body');
    expect((await history(alexTicket!.userTicketId)).status).toBe(401);
  });

  it('answers a ticket bought from the organiser with its one step', async () => {
    const [ticket] = await upcoming(alex);
    expect(movesOf((await history(ticket!.userTicketId, alex)).json)).toEqual([['issued', 'you']]);
  });
});
