// Gifting a ticket to an e-mail or a username: permanent, once, only for giftable unused tickets.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transfers, users } from '../../src/server/db/schema';
import { encodeUserTicketId } from '../../machines/ticket-id';
import { call, createDemoApp, type DemoApp, signIn } from './helper';

let t: DemoApp;
let alex: string;
let jordan: string;
let sam: string;
beforeAll(async () => {
  t = await createDemoApp();
  ({ alex, jordan, sam } = t.tokens);
});
afterAll(() => t.close());

const list = async (token: string) =>
  (await call(t.app, { method: 'GET', url: '/v1/list/ticket_listing?status=UPCOMING', token })).json as Array<{ userTicketId: number; ticketName: string; isLive: boolean }>;
const detail = (id: number, token = alex) => call(t.app, { method: 'GET', url: `/v1/list/ticket_listing/${id}`, token });
const verify = (userTicketId: unknown, token = alex) => call(t.app, { method: 'POST', url: '/v1/mobile/gift/verify', token, payload: { userTicketId } });
const gift = (userTicketId: number, username: string, token = alex, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url: '/v1/mobile/giftTicket', token, payload: { userTicketId, username }, headers });

async function giftableTicket(token = alex) {
  for (const ticket of await list(token)) if ((await detail(ticket.userTicketId, token)).json.isGiftable) return ticket;
  throw new Error('no giftable ticket');
}

describe('POST /mobile/gift/verify', () => {
  it('says whether a ticket of mine can be gifted', async () => {
    const ticket = await giftableTicket();
    expect((await verify(ticket.userTicketId)).json).toEqual({ extras: { canBeGifted: true } });
  });

  it("refuses to verify someone else's ticket or a malformed id", async () => {
    const ticket = await giftableTicket();
    const refused = await verify(ticket.userTicketId, jordan);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'api.gift.not_authorized_verify', message: 'You are not authorized to verify this ticket' });
    expect((await verify('7')).json.code).toBe('api.invalid_request_body');
  });
});

describe('POST /mobile/giftTicket', () => {
  it('moves the ticket to the username for good, with its benefits', async () => {
    const ticket = await giftableTicket();
    const before = (await detail(ticket.userTicketId)).json;
    const { status, json } = await gift(ticket.userTicketId, 'JORDAN#7310');
    expect(status).toBe(200);
    expect(json).toMatchObject({ userTicketId: ticket.userTicketId, ticketName: ticket.ticketName, receiver: 'JORDAN#7310' });
    expect((await detail(ticket.userTicketId)).status).toBe(404);
    const received = (await list(jordan)).find((x) => x.ticketName === ticket.ticketName && !(x.userTicketId === ticket.userTicketId));
    expect(received).toBeDefined();
    const receivedDetail = (await detail(received!.userTicketId, jordan)).json;
    expect(receivedDetail.benefits.map((b: { name: string }) => b.name)).toEqual(before.benefits.map((b: { name: string }) => b.name));
    const [transfer] = await t.database.db.select().from(transfers).where(eq(transfers.userTicketId, ticket.userTicketId));
    expect(transfer?.receivedUserTicketId).toBe(received!.userTicketId);
    // Gifted away: it cannot be gifted again.
    expect((await gift(ticket.userTicketId, 'jordan#7310')).json.code).toBe('api.gift.not_allowed');
  });

  it('mails the receiver in their language with a link to the ticket, and the giver a confirmation', async () => {
    await call(t.app, { method: 'POST', url: '/v1/auth/profile', token: jordan, payload: { locale: 'es' } });
    const ticket = await giftableTicket();
    const before = t.mailer.outbox!.length;
    expect((await gift(ticket.userTicketId, 'jordan#7310')).status).toBe(200);
    const mails = t.mailer.outbox!.slice(before);
    const toJordan = mails.find((mail) => mail.to === 'jordan@example.com');
    const toAlex = mails.find((mail) => mail.to === 'alex@example.com');
    expect(toJordan?.subject).toBe(`Alex Rivera te ha enviado una entrada: ${ticket.ticketName}`);
    const [transfer] = await t.database.db.select().from(transfers).where(eq(transfers.userTicketId, ticket.userTicketId));
    const link = `http://wallet.test/es/?PANEL_TAB=TICKET&USER_TICKET_ID=${encodeUserTicketId(transfer!.receivedUserTicketId)}`;
    expect(toJordan?.text).toContain(link);
    expect(toJordan?.text).toContain('Harbour Lights');
    expect(toAlex?.subject).toBe(`You gifted ${ticket.ticketName}`);
    expect(toAlex?.text).toContain('Jordan Lee');
    // The link opens the received ticket for jordan.
    expect((await detail(transfer!.receivedUserTicketId, jordan)).status).toBe(200);
    // jordan gives it back; the request replayed with the same Idempotency-Key does not mail again.
    await gift(transfer!.receivedUserTicketId, 'alex#4821', jordan, { 'idempotency-key': 'gift-mail-1' });
    const count = t.mailer.outbox!.length;
    expect(t.mailer.outbox!.at(-1)?.subject).toBe(`Has regalado ${ticket.ticketName}`);
    const replay = await gift(transfer!.receivedUserTicketId, 'alex#4821', jordan, { 'idempotency-key': 'gift-mail-1' });
    expect(replay.status).toBe(200);
    expect(t.mailer.outbox!.length).toBe(count);
  });

  it('gifts to an e-mail without an account by creating one that finds the ticket on sign-in', async () => {
    const ticket = await giftableTicket();
    expect((await gift(ticket.userTicketId, 'New.Friend@Example.com')).status).toBe(200);
    const [friend] = await t.database.db.select().from(users).where(eq(users.email, 'new.friend@example.com'));
    expect(friend).toBeDefined();
    // The new account speaks the giver's language until it signs in, and is mailed a link in it.
    expect(friend?.locale).toBe('en');
    const invitation = t.mailer.outbox!.findLast((mail) => mail.to === 'new.friend@example.com');
    expect(invitation?.subject).toBe(`Alex Rivera sent you a ticket: ${ticket.ticketName}`);
    expect(invitation?.text).toMatch(/http:\/\/wallet\.test\/en\/\?PANEL_TAB=TICKET&USER_TICKET_ID=[A-Za-z0-9_-]+/);
    const token = (await signIn(t, 'new.friend@example.com')).accessToken;
    expect((await list(token)).map((x) => x.ticketName)).toContain(ticket.ticketName);
  });

  it('refuses unknown usernames, myself, and tickets that are not giftable', async () => {
    const ticket = await giftableTicket();
    expect((await gift(ticket.userTicketId, 'nobody#0000')).json.code).toBe('api.gift.receiver_not_found');
    expect((await gift(ticket.userTicketId, 'plainname')).json.code).toBe('api.gift.receiver_not_found');
    const self = await gift(ticket.userTicketId, 'alex@example.com');
    expect(self.status).toBe(400);
    expect(self.json.code).toBe('api.gift.self_gift');
    // The past ticket was used at the gate: the answer says so.
    const past = (await call(t.app, { method: 'GET', url: '/v1/list/ticket_listing?status=PAST', token: alex })).json[0];
    const notGiftable = await gift(past.userTicketId, 'jordan#7310');
    expect(notGiftable.status).toBe(409);
    expect(notGiftable.json).toMatchObject({ code: 'api.ticket.used', message: 'This ticket was already used at the gate' });
    expect((await verify(past.userTicketId)).json).toEqual({ extras: { canBeGifted: false } });
  });

  it('gifts a ticket once when two gifts race, and a retried request with the same key replays', async () => {
    const ticket = await giftableTicket();
    const results = await Promise.all([gift(ticket.userTicketId, 'jordan#7310'), gift(ticket.userTicketId, 'sam@example.com')]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const second = await giftableTicket();
    const first = await gift(second.userTicketId, 'jordan#7310', alex, { 'idempotency-key': 'gift-retry-1' });
    const retry = await gift(second.userTicketId, 'jordan#7310', alex, { 'idempotency-key': 'gift-retry-1' });
    expect(retry.status).toBe(200);
    expect(retry.json).toEqual(first.json);
  });
});

describe('GET /mobile/users/', () => {
  it('suggests users by nickname prefix, with picture, never myself', async () => {
    const { status, json } = await call(t.app, { method: 'GET', url: '/v1/mobile/users/?username=jo', token: alex });
    expect(status).toBe(200);
    expect(json).toContainEqual({ username: 'jordan#7310', picture: null });
    const mine = await call(t.app, { method: 'GET', url: '/v1/mobile/users/?username=alex', token: alex });
    expect(mine.json).toEqual([]);
    expect((await call(t.app, { method: 'GET', url: '/v1/mobile/users/', token: alex })).status).toBe(400);
  });

  it('takes %, _ and \\ in the text literally, not as LIKE wildcards', async () => {
    const search = async (text: string) =>
      (await call(t.app, { method: 'GET', url: `/v1/mobile/users/?username=${encodeURIComponent(text)}`, token: jordan })).json;
    expect(await search('al')).toContainEqual({ username: 'alex#4821', picture: null });
    for (const text of ['%', '%lex', 'a_ex', '_', 'al\\', '\\%']) expect(await search(text), text).toEqual([]);
  });

  it('limits the searches of each signed-in user, not of everyone at the address', async () => {
    const search = (token: string) => call(t.app, { method: 'GET', url: '/v1/mobile/users/?username=jo', token });
    for (let index = 0; index < t.config.userSearchPerMinute; index++) expect((await search(sam)).status).toBe(200);
    const refused = await search(sam);
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('api.too_many_requests');
    // Same address (inject), another user: not limited.
    expect((await search(alex)).status).toBe(200);
  });
});
