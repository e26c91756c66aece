// The swap checkout on another origin gets a single-use hand-over code, never a bearer token, in its address: the
// code is made for the session's own order, exchanged once within its minute for an access token that works for that
// order alone, and refused when reused (also by two exchanges at the same moment: run this file with DATABASE_URL on
// Postgres too), expired, made for another order, unknown, or of a session that has logged out since.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAND_OVER_CODE_TTL_SECONDS } from '../../src/server/modules/auth/checkout-hand-over';
import { call, createDemoApp, type DemoApp, signIn } from './helper';

let t: DemoApp;
let alex: string;
let sam: string;
beforeAll(async () => {
  t = await createDemoApp();
  ({ alex, sam } = t.tokens);
});
afterAll(() => t.close());

type Base = { id: number; name: string; quantity: number };
type Target = { id: number; name: string };

const post = (url: string, payload?: object, token?: string) => call(t.app, { method: 'POST', url, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });
const handOver = (id: string, token = alex) => post(`/v1/ticket_swap/hand_over/${encodeURIComponent(id)}`, undefined, token);
const exchange = (code: string, swapIdentifier: string) => post('/v1/auth/exchangeCheckoutHandOver', { code, swapIdentifier });

/** Starts an upgrade of one of the token's General Admission tickets to VIP; answers its order identifier. */
async function startUpgrade(token = alex): Promise<string> {
  const bases = (await call(t.app, { method: 'GET', url: '/v1/ticket_swap/tickets', token })).json as Base[];
  const ga = bases.find((base) => base.name === 'General Admission' && base.quantity > 0)!;
  const targets = (await call(t.app, { method: 'GET', url: `/v1/ticket_swap/tickets/${ga.id}`, token })).json as Target[];
  const vip = targets.find((target) => target.name === 'VIP')!;
  const started = await post('/v1/ticket_swap/start_swap', { baseTicketId: ga.id, swapPairId: vip.id, swapQuantity: 1 }, token);
  expect(started.status).toBe(200);
  return started.json.orderIdentifier as string;
}

describe('the checkout hand-over code', () => {
  let order: string;
  beforeAll(async () => {
    order = await startUpgrade();
  });

  it('is made for the session’s own order only, good for one minute, and is no token', async () => {
    const made = await handOver(order);
    expect(made.status).toBe(200);
    expect(made.json.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Not a JWT: nothing in it reads as a token of the wallet's.
    expect(made.json.code.split('.')).toHaveLength(1);
    expect(new Date(made.json.expiresAt).getTime() - t.clock.now.getTime()).toBe(HAND_OVER_CODE_TTL_SECONDS * 1000);
    expect(made.response.headers['cache-control']).toContain('no-store');
    // Another person's order, or none: not found. Signed out: 401.
    expect((await handOver(order, sam)).json.code).toBe('api.swap.not_found');
    expect((await handOver('SW-000000000000')).json.code).toBe('api.swap.not_found');
    expect((await post(`/v1/ticket_swap/hand_over/${order}`)).status).toBe(401);
  });

  it('is exchanged once for a token that works for that order alone; used again it is refused', async () => {
    const { code } = (await handOver(order)).json;
    const exchanged = await exchange(code, order);
    expect(exchanged.status).toBe(200);
    expect(Object.keys(exchanged.json)).toEqual(['accessToken']);
    const token = exchanged.json.accessToken as string;
    expect(exchanged.response.headers['cache-control']).toContain('no-store');

    // The order's own routes work with it…
    const shown = await call(t.app, { method: 'GET', url: `/v1/ticket_swap/order/${order}`, token });
    expect(shown.status).toBe(200);
    expect(shown.json.orderIdentifier).toBe(order);
    // …nothing else does: the tickets, the profile, another order, a new hand-over code, the live stream.
    for (const url of ['/v1/list/ticket_listing?status=UPCOMING', '/v1/auth/me', '/v1/ticket_swap/tickets', '/v1/ticket_swap/order/SW-000000000000', '/v1/events']) {
      const refused = await call(t.app, { method: 'GET', url, token });
      expect(refused.status, url).toBe(401);
      expect(refused.json.code, url).toBe('api.auth.token_not_authorized');
    }
    expect((await handOver(order, token)).status).toBe(401);

    const again = await exchange(code, order);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('api.auth.hand_over_used');
  });

  it('is refused once its minute is over, for another order (without spending it), and when unknown', async () => {
    const other = await startUpgrade();
    const { code } = (await handOver(order)).json;
    const wrongOrder = await exchange(code, other);
    expect(wrongOrder.status).toBe(400);
    expect(wrongOrder.json.code).toBe('api.auth.hand_over_other_order');
    // Not spent by the wrong order: its own order still takes it.
    expect((await exchange(code, order)).status).toBe(200);

    const late = (await handOver(order)).json.code as string;
    t.clock.advance(HAND_OVER_CODE_TTL_SECONDS * 1000);
    const expired = await exchange(late, order);
    expect(expired.status).toBe(400);
    expect(expired.json.code).toBe('api.auth.hand_over_expired');

    const unknown = await exchange('x'.repeat(43), order);
    expect(unknown.status).toBe(400);
    expect(unknown.json.code).toBe('api.auth.hand_over_invalid');
    // Bad input: a clear error, never a 500.
    expect((await post('/v1/auth/exchangeCheckoutHandOver', { code: '' })).json.code).toBe('api.invalid_request_body');
  });

  it('of two exchanges at the same moment exactly one gets the token', async () => {
    const { code } = (await handOver(order)).json;
    const answers = await Promise.all(Array.from({ length: 6 }, () => exchange(code, order)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.json.code === 'api.auth.hand_over_used')).toBe(true);
  });

  it('a code of a session that logged out since is refused, and the checkout’s token ends with the session', async () => {
    // A second session of alex's, on another device, for the same order: its logout ends its codes and tokens only.
    const device = (await signIn(t, 'alex@example.com')).accessToken;
    const first = (await handOver(order, device)).json.code as string;
    const second = (await handOver(order, device)).json.code as string;
    const token = (await exchange(first, order)).json.accessToken as string;
    expect((await call(t.app, { method: 'GET', url: `/v1/ticket_swap/order/${order}`, token })).status).toBe(200);

    expect((await call(t.app, { method: 'GET', url: '/v1/auth/logout', token: device })).status).toBe(200);
    expect((await exchange(second, order)).json.code).toBe('api.auth.hand_over_invalid');
    expect((await call(t.app, { method: 'GET', url: `/v1/ticket_swap/order/${order}`, token })).status).toBe(401);
    // The other session carries on.
    expect((await handOver(order, alex)).status).toBe(200);
  });
});
