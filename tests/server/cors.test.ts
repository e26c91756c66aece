// CORS for host pages of another origin. The wallet runs in the host page's document, so every request it makes is
// cross-origin: a header the client sends that the preflight does not allow makes the browser refuse the request
// (the live stream's Cache-Control and Last-Event-ID once did, and nothing updated live on a host page). The real
// client and the real stream reader are driven through every call of the contract here, the headers they send are
// collected, and the server's preflight must allow each one; then ALLOWED_ORIGINS in production: a listed origin gets
// the CORS headers, an unlisted one none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRoutes, createApiClient, routeOf } from '../../src/client/client';
import { readEventStream } from '../../src/client/event-stream';
import { type EndpointName, endpoints } from '../../src/contract/endpoints';
import { EVENTS_PATH } from '../../src/contract/events';
import { compactRoutes } from '../../src/contract/route-table';
import { corsAllowedHeaders } from '../../src/server/app';
import { call, createTestApp, type TestApp } from './helper';

/** Headers a browser sends cross-origin without a preflight (the Fetch standard's CORS-safelisted request headers). */
const SAFELISTED = new Set(['accept', 'accept-language', 'content-language']);

const LISTED = 'https://tickets.example.com';

/** Every header name the client and the stream reader send, over every call of the contract. */
async function headersTheClientSends(): Promise<Set<string>> {
  const sent = new Set<string>();
  const fakeFetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
    for (const name of new Headers(init?.headers).keys()) sent.add(name.toLowerCase());
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json', etag: '"1"' } });
  };
  const names = Object.keys(endpoints) as EndpointName[];
  addRoutes(compactRoutes(...names));
  const session = { accessToken: async () => 'access-token', refreshAfterUnauthorized: async () => null };
  const client = createApiClient({ baseUrl: 'https://wallet.example/v1', fetch: fakeFetch, session });
  for (const name of names) {
    const route = routeOf(name);
    const params = Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map((match) => [match[1], '1']));
    const args = {
      params,
      ...(route.method !== 'GET' ? { body: {}, idempotencyKey: 'key-1' } : {}),
      ...(route.multipart ? { formData: new FormData() } : {}),
      fresh: true,
    };
    const callIt = () => (client.call as (n: EndpointName, a: object) => Promise<unknown>)(name, args).catch(() => {});
    await callIt();
    // A revalidated read sends its last ETag back (If-None-Match) the second time.
    if (route.revalidate) await callIt();
  }
  // The live stream, resuming after an event (Last-Event-ID).
  await readEventStream({
    baseUrl: 'https://wallet.example/v1',
    fetch: async (_input, init) => {
      for (const name of new Headers(init?.headers).keys()) sent.add(name.toLowerCase());
      return new Response('', { status: 200, headers: { 'content-type': 'text/event-stream' } });
    },
    session,
    lastEventId: '42',
    signal: new AbortController().signal,
    onOpen: () => {},
    onActivity: () => {},
    onEvent: () => {},
  });
  return sent;
}

describe('CORS on a host page of another origin', () => {
  let t: TestApp;
  let sent: Set<string>;
  beforeAll(async () => {
    t = await createTestApp({
      env: { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.test:25', PAYMENTS_PROVIDER: 'local', ALLOWED_ORIGINS: LISTED },
    });
    sent = await headersTheClientSends();
  });
  afterAll(() => t?.close());

  const preflight = (origin: string, path: string, method: string, headers: string[]) =>
    call(t.app, {
      method: 'OPTIONS',
      url: path,
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers.join(', ') },
    });
  const allowed = (response: { headers: Record<string, unknown> }) =>
    String(response.headers['access-control-allow-headers'] ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean);

  it('collects what the client really sends: the token, JSON bodies, idempotency keys, ETags and the stream’s headers', () => {
    // The collection itself is what the next test relies on: these are the headers that need a preflight.
    for (const name of ['authorization', 'content-type', 'idempotency-key', 'if-none-match', 'cache-control', 'last-event-id']) {
      expect(sent).toContain(name);
    }
  });

  it('allows in the preflight every header the client and the live stream send', async () => {
    const needed = [...sent].filter((name) => !SAFELISTED.has(name));
    const answer = await preflight(LISTED, '/v1/auth/me', 'GET', needed);
    expect(answer.status).toBe(204);
    expect(answer.response.headers['access-control-allow-origin']).toBe(LISTED);
    const missing = needed.filter((name) => !allowed(answer.response).includes(name));
    expect(missing, 'headers the client sends but the server does not allow cross-origin').toEqual([]);
    // The server's list is what answers: nothing in it is left unanswered.
    expect(allowed(answer.response)).toEqual(corsAllowedHeaders.map((name) => name.toLowerCase()));
  });

  it('lets the live stream connect from a listed origin: its preflight passes and the stream answers with CORS headers', async () => {
    const streamHeaders = [...sent].filter((name) => ['authorization', 'cache-control', 'last-event-id'].includes(name));
    const answer = await preflight(LISTED, `/v1${EVENTS_PATH}`, 'GET', streamHeaders);
    expect(answer.response.headers['access-control-allow-origin']).toBe(LISTED);
    expect(allowed(answer.response)).toEqual(expect.arrayContaining(['authorization', 'cache-control', 'last-event-id']));
    // Unauthenticated, the stream answers 401, and still with the CORS header, so the page can read why.
    const refused = await call(t.app, { method: 'GET', url: `/v1${EVENTS_PATH}`, headers: { origin: LISTED } });
    expect(refused.status).toBe(401);
    expect(refused.response.headers['access-control-allow-origin']).toBe(LISTED);
  });

  it('gives an unlisted origin no CORS headers, in a preflight or an answer', async () => {
    const answer = await preflight('https://evil.example', `/v1${EVENTS_PATH}`, 'GET', ['authorization', 'cache-control']);
    expect(answer.response.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.response.headers['access-control-allow-credentials']).toBeUndefined();
    const read = await call(t.app, { method: 'GET', url: '/v1/auth/me', headers: { origin: 'https://evil.example' } });
    expect(read.response.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.response.headers['access-control-expose-headers']).toBeUndefined();
    // A listed origin reads the same answer's headers.
    const listed = await call(t.app, { method: 'GET', url: '/v1/auth/me', headers: { origin: LISTED } });
    expect(listed.response.headers['access-control-allow-origin']).toBe(LISTED);
  });
});
