// Property: random and malformed input to every auth call never causes a 5xx and never writes to the database.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Endpoint, endpoints } from '../../../src/contract/endpoints';
import { call, createTestApp, signIn, type TestApp } from '../helper';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ env: { OTP_MAX_SENDS_PER_IP: '100000' } });
  token = (await signIn(t, 'fuzz@example.com')).accessToken;
});
afterAll(() => t.close());

/** Every row of the tables sign-in can write, as one comparable string. */
async function snapshot(): Promise<string> {
  const tables = ['users', 'login_sessions', 'refresh_tokens'];
  const parts: string[] = [];
  for (const table of tables) {
    const result = await t.database.db.execute(sql.raw(`SELECT * FROM ${table} ORDER BY 1`));
    parts.push(JSON.stringify((result as unknown as { rows: unknown[] }).rows));
  }
  return parts.join('\n');
}

const bodyCalls = ['signIn', 'verifyLogin', 'refresh', 'updateProfile', 'username'] as const;

const jsonValue = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(fc.constantFrom('email', 'otp', 'session', 'refreshToken', 'givenName', 'familyName', 'nickname', 'phoneNumber', 'locale', 'username'), fc.jsonValue()),
);

it('never answers 5xx to malformed bodies and leaves the database unchanged', async () => {
  const before = await snapshot();
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...bodyCalls), jsonValue, async (name, value) => {
      const endpoint = endpoints[name];
      fc.pre(!endpoint.body.safeParse(value).success);
      const { status, json } = await call(t.app, {
        method: endpoint.method,
        url: `/v1${endpoint.path}`,
        token,
        payload: JSON.stringify(value),
        headers: { 'content-type': 'application/json' },
      });
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(typeof json.code).toBe('string');
    }),
    { numRuns: 300 },
  );
  expect(await snapshot()).toBe(before);
});

it('never answers 5xx to raw bytes, odd content types or forged tokens', async () => {
  const before = await snapshot();
  const calls = Object.values(endpoints as Record<string, Endpoint>).filter((e) => e.path.startsWith('/auth/') && !e.multipart);
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...calls),
      fc.string({ maxLength: 200 }),
      fc.constantFrom('application/json', 'text/plain', 'application/octet-stream', 'application/json; charset=latin1'),
      fc.oneof(fc.constant(undefined), fc.string({ maxLength: 300 }), fc.constant(`${token}x`)),
      async (endpoint, payload, contentType, authorization) => {
        const { status } = await call(t.app, {
          method: endpoint.method,
          url: `/v1${endpoint.path}`,
          payload: endpoint.method === 'GET' ? undefined : payload,
          headers: {
            ...(endpoint.method === 'GET' ? {} : { 'content-type': contentType }),
            ...(authorization !== undefined ? { authorization: `Bearer ${authorization}` } : {}),
          },
        });
        // Raw strings that happen to be valid bodies are legitimate requests; anything else is a 4xx.
        expect(status).toBeLessThan(500);
      },
    ),
    { numRuns: 300 },
  );
  // A raw payload can be a valid sign-in request only if it is JSON with a valid e-mail: not generated above.
  expect(await snapshot()).toBe(before);
});
