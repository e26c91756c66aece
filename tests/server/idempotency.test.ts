// Idempotency-Key on authenticated mutations: a retry replays the first answer, another payload is refused.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from './helper';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t, 'retry@example.com')).accessToken;
});
afterAll(() => t.close());

const update = (payload: object, key?: string) =>
  call(t.app, {
    method: 'POST',
    url: '/v1/auth/profile',
    token,
    payload,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

it('replays the stored answer for a retry with the same key, without running the change again', async () => {
  const first = await update({ givenName: 'First' }, 'key-1');
  expect(first.status).toBe(200);
  await update({ givenName: 'Changed meanwhile' });
  const retry = await update({ givenName: 'First' }, 'key-1');
  expect(retry.status).toBe(200);
  expect(retry.json).toEqual(first.json);
  const me = await call(t.app, { method: 'GET', url: '/v1/auth/me', token });
  expect(me.json.givenName).toBe('Changed meanwhile');
});

it('refuses the same key with another payload', async () => {
  await update({ givenName: 'A' }, 'key-2');
  const conflict = await update({ givenName: 'B' }, 'key-2');
  expect(conflict.status).toBe(409);
  expect(conflict.json.code).toBe('api.idempotency_conflict');
});

it('refuses a malformed key', async () => {
  const bad = await update({ givenName: 'A' }, 'has spaces and / slashes');
  expect(bad.status).toBe(400);
  expect(bad.json.code).toBe('api.invalid_request_body');
});
