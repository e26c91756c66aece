// Out-of-range ids answer 401 or 404, never 500: a validly signed access token whose `sub` is no id the users table
// can hold, and path ids at and past the integer edges.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDemoApp, type DemoApp, TEST_SECRET } from '../helper';

let t: DemoApp;
beforeAll(async () => {
  t = await createDemoApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
});
afterAll(() => t.close());

const EDGES = ['0', '-1', '2147483648', '4294967296', '9007199254740991', '9007199254740993', '1e3', '0x10', '01', ' 1', '1.5', '99999999999999999999999', 'NaN', ''];

async function tokenFor(sub: string) {
  const at = Math.floor(t.clock.now.getTime() / 1000);
  return new SignJWT({ fam: 'family-of-nobody' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuedAt(at)
    .setExpirationTime(at + 300)
    .setIssuer('ticket-wallet')
    .sign(new TextEncoder().encode(TEST_SECRET));
}

describe('out-of-range ids', () => {
  it('a signed token for the largest id, a user that does not exist, answers 401 or 404', async () => {
    const token = await tokenFor('2147483647');
    for (const url of ['/v1/auth/me', '/v1/wallet/tickets/1']) {
      const answer = await call(t.app, { method: 'GET', url, token });
      expect([401, 404], `${url} ${JSON.stringify(answer.json)}`).toContain(answer.status);
    }
  });

  it.each(EDGES)('a signed token with sub %j answers 401 on every kind of protected read', async (sub) => {
    const token = await tokenFor(sub);
    for (const url of ['/v1/auth/me', '/v1/wallet/tickets/1', '/v1/mobile/users/?username=al']) {
      const answer = await call(t.app, { method: 'GET', url, token });
      expect(answer.status, `${url} ${JSON.stringify(answer.json)}`).toBe(401);
      expect(answer.json.code).toBe('api.auth.token_not_authorized');
    }
  });

  it.each(['0', '-1', '2147483648', '9007199254740993', '1e400', '99999999999999999999', '-0', '1.5', 'NaN', 'Infinity'])(
    'path id %s answers 4xx, never 500',
    async (id) => {
      for (const [method, url] of [
        ['GET', `/v1/wallet/tickets/${id}`],
        ['GET', `/v1/ticket_swap/tickets/${id}`],
        ['POST', `/v1/mobile/unlock/${id}`],
        ['GET', `/v1/list/ticket_listing/${id}`],
        ['GET', `/v1/resell/${id}`],
      ] as const) {
        const answer = await call(t.app, { method, url, token: t.tokens.alex, ...(method === 'POST' ? { payload: {} } : {}) });
        expect(answer.status, `${method} ${url} ${JSON.stringify(answer.json)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${method} ${url}`).toBeLessThan(500);
      }
    },
  );
});
