// A schema-aware fuzz test over every endpoint of the contract (issue 7), on PGlite and on Postgres. Requests are
// generated from each endpoint's own zod schemas (as JSON Schema): valid values, boundaries, malformed and oversized
// ones, and other users' ids. A signed-in attacker sends them. Never a 5xx, every refusal has a code, and nothing
// another user sees changes.
import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import * as z from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, type Endpoint, type EndpointName, endpoints, MAX_ID } from '../../src/contract/endpoints';
import { events, swapPairs, ticketTypes, userTicketBenefits, userTickets } from '../../src/server/db/schema';
import { call, createDemoApp, type DemoApp, signIn } from './helper';
import { TEST_TMP } from '../support/test-tmp';

const dataDir = `${TEST_TMP}/fuzz-data`;
/** Cases per endpoint; logout signs in afresh for each case, so it runs fewer. */
const RUNS = 120;
const RUNS_OF: Partial<Record<EndpointName, number>> = { logout: 25 };

let t: DemoApp;
let attacker: string;
type Json = Record<string, unknown>;
const pools = { ticketIds: [] as number[], benefitIds: [] as number[], typeIds: [] as number[], pairIds: [] as number[], eventIds: [] as number[], swapIds: [] as string[], shareCodes: [] as string[], qr: '', clientSecret: '' };
const casesRun: Partial<Record<EndpointName, { cases: number; statuses: Record<number, number> }>> = {};

const post = (url: string, token: string, payload?: object) => call(t.app, { method: 'POST', url: `${API_PREFIX}${url}`, token, payload });
const get = (url: string, token: string) => call(t.app, { method: 'GET', url: `${API_PREFIX}${url}`, token });

beforeAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  t = await createDemoApp({
    env: { DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '1000000', OTP_MAX_SENDS_PER_IP: '1000000', OTP_MAX_SENDS_PER_EMAIL: '1000000', OTP_MAX_SENDS_PER_EMAIL_ALL_CLIENTS: '1000000', OTP_MAX_SENDS_PER_EMAIL_OWNER: '1000000', OTP_MAX_FAILED_PER_EMAIL: '1000000', OTP_MAX_FAILED_PER_IP: '1000000' },
  });
  // The attacker (sam) holds a ticket (a gift from alex), a verified payout account, a listing and a started swap, so
  // valid requests reach deep into the services; alex has a swap of his own that the attacker may name.
  attacker = t.tokens.sam;
  const alexTickets = (await get('/list/ticket_listing?status=UPCOMING', t.tokens.alex)).json as Array<{ userTicketId: number; ticketName: string }>;
  const gifts = alexTickets.filter((ticket) => ticket.ticketName === 'General Admission');
  await post('/mobile/giftTicket', t.tokens.alex, { userTicketId: gifts[0]!.userTicketId, username: 'sam#1150' });
  const connected = await post('/resell/stripe/connect', attacker, { accountType: 'custom', country: 'AU' });
  pools.clientSecret = connected.json.clientSecret;
  await post('/resell/stripe/local/onboard', attacker, { clientSecret: pools.clientSecret, legalName: 'Sam', bankAccountLast4: '1111' });
  const base = ((await get('/ticket_swap/tickets', t.tokens.alex)).json as Array<{ id: number }>)[0]!;
  const pair = ((await get(`/ticket_swap/tickets/${base.id}`, t.tokens.alex)).json as Array<{ id: number }>)[0]!;
  pools.swapIds.push((await post('/ticket_swap/start_swap', t.tokens.alex, { baseTicketId: base.id, swapPairId: pair.id, swapQuantity: 1 })).json.orderIdentifier);
  const samTicket = ((await get('/list/ticket_listing?status=UPCOMING', attacker)).json as Array<{ userTicketId: number }>)[0]!;
  const listing = await post('/resell', attacker, { userTicketId: samTicket.userTicketId, amountCount: 1, price: 20, currencyCode: 'AUD', currencySymbol: '$' });
  pools.shareCodes.push((listing.json.shareLinkUrl as string).split('/').pop()!);
  pools.qr = (await get('/auth/access/qr', attacker)).response.body;

  const db = t.database.db;
  pools.ticketIds = (await db.select({ id: userTickets.id }).from(userTickets)).map((row) => row.id);
  pools.benefitIds = (await db.select({ id: userTicketBenefits.id }).from(userTicketBenefits)).map((row) => row.id);
  pools.typeIds = (await db.select({ id: ticketTypes.id }).from(ticketTypes)).map((row) => row.id);
  pools.pairIds = (await db.select({ id: swapPairs.id }).from(swapPairs)).map((row) => row.id);
  pools.eventIds = (await db.select({ id: events.id }).from(events)).map((row) => row.id);
});
afterAll(async () => {
  const lines = Object.entries(casesRun).map(([name, run]) => `  ${name}: ${run!.cases} cases ${JSON.stringify(run!.statuses)}`);
  console.info(`[fuzz] ${t.database.kind}: cases per endpoint\n${lines.join('\n')}`);
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Everything the victims (alex and jordan) can see through the API, as one comparable value. */
async function victimsView(): Promise<string> {
  const views: unknown[] = [];
  for (const token of [t.tokens.alex, t.tokens.jordan]) {
    const reads = ['/auth/me', '/list/ticket_listing?status=UPCOMING', '/list/ticket_listing?status=PAST', '/resell', '/resell/tickets/available', '/ticket_swap/tickets', '/resell/stripe/account'];
    for (const url of reads) views.push((await get(url, token)).json);
    for (const status of ['UPCOMING', 'PAST']) {
      for (const ticket of (await get(`/list/ticket_listing?status=${status}`, token)).json as Array<{ userTicketId: number }>) {
        views.push((await get(`/list/ticket_listing/${ticket.userTicketId}`, token)).json);
      }
    }
  }
  // A victim's swap that the attacker names must stay started.
  views.push(await t.database.db.query.swaps.findMany({ where: (swap, { eq: equals }) => equals(swap.orderIdentifier, pools.swapIds[0]!) }));
  return JSON.stringify(views);
}

// ── generators ────────────────────────────────────────────────────────────────────────────────────────────────────
type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
};

const nastyTexts = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u200B',
  '\u202Eevil',
  'line\nbreak',
  '%00',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '\uD800',
  'p\u0430ypal',
  '🎟️🎟️',
  'Ａｌｅｘ',
  '9'.repeat(40),
  'x'.repeat(5000),
);
const boundaryNumbers = fc.constantFrom(0, -1, 1, 0.004, 1.005, 1.5, 100, 101, MAX_ID, MAX_ID + 1, 2 ** 53, -(2 ** 31) - 1, 1.7e308, -1.7e308, 1e-7, 100_000, 100_000.01);
const wrongType = fc.oneof(fc.constant(null), fc.boolean(), fc.constant([]), fc.constant({}), fc.string({ maxLength: 10 }), fc.integer());

/** A value about one case in eight, else undefined. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: 7, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

const isIdKey = (key: string) => /(^id$|Id$|^ticketUserId$)/.test(key);

/** Values the attacker might try for a field, by its name: other users' ids, their swaps, test payment methods. */
function poolFor(key: string): fc.Arbitrary<unknown> | undefined {
  if (key === 'userTicketBenefitId') return fc.constantFrom(...pools.benefitIds);
  if (key === 'swapPairId') return fc.constantFrom(...pools.pairIds);
  if (key === 'baseTicketId' || key === 'ticketId') return fc.constantFrom(...pools.typeIds);
  if (key === 'eventId') return fc.constantFrom(...pools.eventIds);
  if (isIdKey(key)) return fc.constantFrom(...pools.ticketIds);
  if (key === 'swapIdentifier') return fc.constantFrom(...pools.swapIds, 'SW-000000000000');
  if (key === 'shareCode') return fc.constantFrom(...pools.shareCodes);
  if (key === 'paymentMethod') return fc.constantFrom('pm_card_visa', 'pm_card_chargeDeclined', 'pm_unknown');
  if (key === 'token') return fc.constant(pools.qr);
  if (key === 'clientSecret') return fc.constant(pools.clientSecret);
  // Gift receivers: fresh addresses and unknown names, never a victim (a gift to them would be a legitimate change).
  if (key === 'username') return fc.oneof(fc.nat(10_000).map((n) => `fuzz-${n}@example.com`), fc.constant('nobody#0000'), fc.stringMatching(/^[a-z]{1,8}$/));
  return undefined;
}

function validValue(schema: JsonSchema, key: string): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'integer':
      return fc.integer({ min: schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1000), max: schema.maximum ?? 1000 });
    case 'number':
      // Path ids are typed as numbers before coercion; everything else numeric is money.
      return isIdKey(key) ? fc.integer({ min: 1, max: MAX_ID }) : fc.integer({ min: 1, max: 10_000_000 }).map((cents) => cents / 100);
    case 'string':
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length <= (schema.maxLength ?? 1000));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
    case 'object':
      return objectOf(schema);
    default:
      return fc.jsonValue();
  }
}

/** A field's value: mostly valid or from the attacker's pools, else a boundary, a nasty text or the wrong type. */
function fieldValue(schema: JsonSchema, key: string): fc.Arbitrary<unknown> {
  const pool = poolFor(key);
  const edges = schema.type === 'string' ? nastyTexts : schema.type === 'integer' || schema.type === 'number' ? boundaryNumbers : wrongType;
  return fc.oneof(
    { weight: 6, arbitrary: validValue(schema, key) },
    ...(pool ? [{ weight: 6, arbitrary: pool }] : []),
    { weight: 1, arbitrary: edges },
    { weight: 1, arbitrary: wrongType },
  );
}

function objectOf(schema: JsonSchema): fc.Arbitrary<Json> {
  const properties = schema.properties ?? {};
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, fieldValue(property, key)])),
    { requiredKeys: (schema.required ?? []).filter(() => true) },
  );
  const keys = Object.keys(properties);
  const extra = rarely(fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { minKeys: 1, maxKeys: 2 }));
  const dropped = keys.length ? rarely(fc.constantFrom(...keys)) : fc.constant(undefined);
  return fc.tuple(record, extra, dropped).map(([value, more, missing]) => {
    const result: Json = { ...(more ?? {}), ...value };
    // Sometimes a required field is missing.
    if (missing !== undefined) delete result[missing];
    return result;
  });
}

const jsonSchemaOf = (schema: unknown): JsonSchema => z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

interface FuzzRequest {
  params: Json;
  query: Json;
  body: unknown;
  raw?: string;
  contentType: string;
  auth: 'attacker' | 'none' | 'garbage';
  idempotencyKey?: string;
}

function requestsFor(endpoint: Endpoint): fc.Arbitrary<FuzzRequest> {
  const part = (schema: unknown) => (schema ? objectOf(jsonSchemaOf(schema)) : fc.constant({} as Json));
  const body = endpoint.body
    ? fc.oneof({ weight: 8, arbitrary: part(endpoint.body) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) })
    : fc.constant(undefined);
  return fc.record({
    params: part(endpoint.params),
    query: part(endpoint.query),
    body,
    raw: rarely(fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('{', '{"a":', '[1,', 'null', '{"__proto__":{"x":1}}'))),
    contentType: fc.oneof({ weight: 10, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded') }),
    auth: fc.oneof({ weight: 10, arbitrary: fc.constant('attacker' as const) }, { weight: 1, arbitrary: fc.constantFrom('none' as const, 'garbage' as const) }),
    idempotencyKey: rarely(fc.oneof({ weight: 3, arbitrary: fc.stringMatching(/^[\w.:-]{1,20}$/) }, { weight: 1, arbitrary: fc.constantFrom('bad key', '\u0000') })),
  });
}

/** Multipart bodies for the picture: a valid PNG head or junk, whole, truncated, without a boundary, over the limit. */
const multipartRequests = fc.record({
  bytes: fc.oneof(fc.uint8Array({ maxLength: 200 }), fc.uint8Array({ minLength: 1, maxLength: 100 }).map((tail) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), tail]))),
  oversize: fc.boolean(),
  cut: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(60) }),
  boundary: fc.oneof({ weight: 3, arbitrary: fc.constant('tw-fuzz') }, { weight: 1, arbitrary: fc.constantFrom('', 'a'.repeat(80)) }),
  field: fc.oneof({ weight: 3, arbitrary: fc.constant('picture') }, { weight: 1, arbitrary: fc.constant('avatar') }),
});

function safeComponent(value: unknown): string {
  try {
    return encodeURIComponent(String(value));
  } catch {
    return '%ED%A0%80';
  }
}

function urlOf(endpoint: Endpoint, request: FuzzRequest): string {
  const path = endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => safeComponent(request.params[name] ?? ''));
  const query = Object.entries(request.query)
    .map(([key, value]) => `${safeComponent(key)}=${safeComponent(value)}`)
    .join('&');
  return `${API_PREFIX}${path}${query ? `?${query}` : ''}`;
}

async function tokenFor(name: EndpointName, auth: FuzzRequest['auth']): Promise<string | undefined> {
  if (auth === 'none') return undefined;
  if (auth === 'garbage') return 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.';
  // Logging out would end the attacker's session for the endpoints after it: it gets a session of its own.
  return name === 'logout' ? (await signIn(t, 'sam@example.com')).accessToken : attacker;
}

function record(name: EndpointName, status: number) {
  const run = (casesRun[name] ??= { cases: 0, statuses: {} });
  run.cases += 1;
  run.statuses[status] = (run.statuses[status] ?? 0) + 1;
}

function expectClientAnswer(status: number, json: { code?: unknown } | undefined, context: string) {
  expect(status, context).toBeLessThan(500);
  if (status >= 400) expect(typeof json?.code, context).toBe('string');
}

describe('every endpoint of the contract, fuzzed', () => {
  const names = Object.keys(endpoints) as EndpointName[];

  it.each(names)('%s: never a 5xx, never a change another user sees', async (name) => {
    const endpoint: Endpoint = endpoints[name];
    const before = await victimsView();
    if (endpoint.multipart) {
      await fc.assert(
        fc.asyncProperty(multipartRequests, async (input) => {
          const file = input.oversize ? Buffer.concat([Buffer.from(input.bytes), Buffer.alloc(t.config.pictureLimitBytes + 10, 7)]) : Buffer.from(input.bytes);
          const whole = Buffer.concat([
            Buffer.from(`--tw-fuzz\r\nContent-Disposition: form-data; name="${input.field}"; filename="f.png"\r\nContent-Type: image/png\r\n\r\n`),
            file,
            Buffer.from('\r\n--tw-fuzz--\r\n'),
          ]);
          const payload = whole.subarray(0, Math.max(0, whole.length - input.cut));
          const { status, json } = await call(t.app, {
            method: 'POST',
            url: `${API_PREFIX}${endpoint.path}`,
            token: attacker,
            payload,
            headers: { 'content-type': input.boundary ? `multipart/form-data; boundary=${input.boundary}` : 'multipart/form-data' },
          });
          record(name, status);
          expectClientAnswer(status, json, `${name} ${JSON.stringify({ ...input, bytes: input.bytes.length })}`);
        }),
        { numRuns: RUNS_OF[name] ?? RUNS },
      );
    } else {
      await fc.assert(
        fc.asyncProperty(requestsFor(endpoint), async (request) => {
          const token = await tokenFor(name, request.auth);
          const hasBody = endpoint.method === 'POST';
          const { status, json } = await call(t.app, {
            method: endpoint.method,
            url: urlOf(endpoint, request),
            token,
            ...(hasBody ? { payload: request.raw ?? (endpoint.body ? JSON.stringify(request.body ?? {}) : undefined) } : {}),
            headers: {
              ...(hasBody && (endpoint.body || request.raw !== undefined) ? { 'content-type': request.contentType } : {}),
              ...(request.auth === 'garbage' ? { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' } : {}),
              ...(request.idempotencyKey !== undefined ? { 'idempotency-key': request.idempotencyKey } : {}),
              ...('organizerKey' in endpoint && endpoint.organizerKey ? { 'x-organizer-key': 'tw_ok_D6zugq-tikdCqBIZAYarPiXqhaRIG8wj' } : {}),
            },
          });
          record(name, status);
          expectClientAnswer(status, json, `${name} ${urlOf(endpoint, request)} ${request.raw ?? JSON.stringify(request.body)}`.slice(0, 600));
        }),
        { numRuns: RUNS_OF[name] ?? RUNS },
      );
    }
    expect(await victimsView(), `${name} changed what another user sees`).toBe(before);
    expect(casesRun[name]!.cases).toBeGreaterThanOrEqual(RUNS_OF[name] ?? RUNS);
  });

  it('left the victims’ tickets with them', async () => {
    const alexId = (await get('/auth/me', t.tokens.alex)).json.email;
    expect(alexId).toBe('alex@example.com');
    const held = await t.database.db.select().from(userTickets).where(eq(userTickets.ownerUserId, 1));
    expect(held.length).toBeGreaterThan(0);
  });
});
