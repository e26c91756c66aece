// GET /v1/events never outlives the access token it was opened with: with two-second tokens a stream ends with
// `event: expired` shortly after the token's exp (and not before), a stream closed earlier leaves nothing behind, and
// a reconnect with a refreshed token and the Last-Event-ID gets what happened in between, without a reset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { openSse, type SseStream } from '../support/sse';
import { call, createDemoApp, type DemoApp, signIn } from './helper';

/** The access tokens' lifetime here (ACCESS_TOKEN_TTL_SECONDS): short, so a stream's expiry comes within the test. */
const TTL_SECONDS = 2;
/** How late after its token's exp a stream may end (timers and a loaded test machine). */
const LATE_MS = 1_000;

let t: DemoApp;
let base: string;
const opened: SseStream[] = [];
beforeAll(async () => {
  t = await createDemoApp({ env: { ACCESS_TOKEN_TTL_SECONDS: String(TTL_SECONDS), STREAM_HEARTBEAT_MS: '200', RATE_LIMIT_PER_MINUTE: '100000' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  for (const stream of opened) stream.close();
  await t.close();
});

async function ready(token: string, headers: Record<string, string> = {}) {
  const sse = await openSse(base, token, headers);
  opened.push(sse);
  expect(sse.status).toBe(200);
  await sse.waitFor(() => true);
  return sse;
}

/** The real time until the token's exp: the app's clock stands still, so the server waits exp − clock in real time. */
const untilExpiry = (token: string) => decodeJwt(token).exp! * 1000 - t.clock.now.getTime();

describe('a stream ends when its token expires', () => {
  it('sends event: expired with the expiry shortly after exp, not before, and ends; its place is freed', async () => {
    const { accessToken } = await signIn(t, 'alex@example.com');
    const sent = Date.now();
    const stream = await ready(accessToken);
    const wait = untilExpiry(accessToken);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(TTL_SECONDS * 1000);

    const expired = await stream.waitFor((block) => block.event === 'expired', wait + LATE_MS + 2_000);
    const elapsed = Date.now() - sent;
    await stream.ended;
    // Not before the token's exp (the wait was counted from the request, so a little earlier is fine), and soon after.
    expect(elapsed).toBeGreaterThanOrEqual(wait - 100);
    expect(elapsed).toBeLessThanOrEqual(wait + LATE_MS);
    expect(JSON.parse(expired.data!)).toEqual({ at: new Date(decodeJwt(accessToken).exp! * 1000).toISOString() });
    // The expired block is the last one; heartbeats came while it was open.
    expect(stream.blocks.at(-1)).toBe(expired);
    expect(stream.blocks.some((block) => block.comments.includes('heartbeat'))).toBe(true);
    expect(t.app.eventStreams.size).toBe(0);
  });

  it('a stream closed before its expiry is simply gone (its timer does not fire into it)', async () => {
    const { accessToken } = await signIn(t, 'sam@example.com');
    const stream = await ready(accessToken);
    stream.close();
    await stream.ended;
    await expect.poll(() => t.app.eventStreams.size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, untilExpiry(accessToken) + 200));
    expect(stream.blocks.some((block) => block.event === 'expired')).toBe(false);
    expect(t.app.eventStreams.size).toBe(0);
  });

  it('the reconnect with a refreshed token and Last-Event-ID gets what happened meanwhile, with no reset', async () => {
    const first = await signIn(t, 'jordan@example.com');
    const stream = await ready(first.accessToken);
    const lastId = stream.blocks.findLast((block) => block.id !== undefined)!.id!;
    await stream.waitFor((block) => block.event === 'expired', untilExpiry(first.accessToken) + LATE_MS + 2_000);
    await stream.ended;

    // While no stream is open, Jordan's profile changes; the expired token is refused, the refreshed one works.
    const other = (await signIn(t, 'jordan@example.com')).accessToken;
    const profile = await call(t.app, { method: 'POST', url: '/v1/auth/profile', token: other, payload: { givenName: 'Jordy' } });
    expect(profile.status, JSON.stringify(profile.json)).toBe(200);
    t.clock.advance(TTL_SECONDS * 1000);
    const refused = await openSse(base, first.accessToken, { 'last-event-id': lastId });
    opened.push(refused);
    expect(refused.status).toBe(401);
    const refreshed = await call(t.app, { method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: first.refreshToken } });
    expect(refreshed.status).toBe(200);

    const again = await ready(refreshed.json.accessToken, { 'last-event-id': lastId });
    const changed = await again.waitFor((block) => block.event === 'wallet' && JSON.parse(block.data!).type === 'profile.changed', 5_000);
    expect(Number(changed.id)).toBeGreaterThan(Number(lastId));
    expect(again.blocks.some((block) => block.event === 'reset')).toBe(false);
    again.close();
  });
});
