// Every failure answers { statusCode, code, message }: unknown routes, malformed JSON, oversize bodies, wrong
// media types, and contract calls whose module has not arrived yet. The OpenAPI document lists every call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, endpoints } from '../../src/contract/endpoints';
import { call, createTestApp, signIn, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { BODY_LIMIT_BYTES: '2048' } });
});
afterAll(() => t.close());

const signInUrl = '/v1/auth/signInOrRegisterAndSignIn';

describe('error bodies', () => {
  it('unknown routes answer 404 api.not_found', async () => {
    for (const url of ['/v1/nope', '/v1/auth/me/extra', '/nothing-here.txt']) {
      const { status, json } = await call(t.app, { method: 'GET', url });
      expect(status).toBe(404);
      expect(json).toEqual({ statusCode: 404, code: 'api.not_found', message: 'Not found' });
    }
  });

  it('malformed JSON answers 400 api.invalid_json', async () => {
    for (const payload of ['{"email":', '{email: 1}', '', 'null x']) {
      const { status, json } = await call(t.app, {
        method: 'POST',
        url: signInUrl,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(status).toBe(400);
      expect(['api.invalid_json', 'api.invalid_request_body']).toContain(json.code);
    }
  });

  it('oversize bodies answer 413 api.payload_too_large', async () => {
    const { status, json } = await call(t.app, { method: 'POST', url: signInUrl, payload: { email: `${'a'.repeat(5000)}@x.co` } });
    expect(status).toBe(413);
    expect(json.code).toBe('api.payload_too_large');
  });

  it('an unsupported content type answers 415', async () => {
    const { status, json } = await call(t.app, {
      method: 'POST',
      url: signInUrl,
      payload: 'email=a@b.co',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(status).toBe(415);
    expect(json.code).toBe('api.unsupported_media_type');
  });

  it('protected calls answer 401 without a token', async () => {
    const { accessToken } = await signIn(t, 'later@example.com');
    expect((await call(t.app, { method: 'GET', url: '/v1/resell/tickets/sold' })).status).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/v1/resell/tickets/sold', token: accessToken })).status).toBe(200);
  });
});

describe('GET /v1/docs/json', () => {
  it('is an OpenAPI document with every call of the contract', async () => {
    const { status, json } = await call(t.app, { method: 'GET', url: '/v1/docs/json' });
    expect(status).toBe(200);
    expect(json.openapi).toMatch(/^3\./);
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const path = API_PREFIX + endpoint.path.replace(/:(\w+)/g, '{$1}');
      const operation = json.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation, `${name} ${endpoint.method} ${path}`).toBeDefined();
      expect(operation.operationId).toBe(name);
    }
    expect(json.paths['/v1/auth/verifyLoginRequest'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['otp', 'session', 'email']),
    );
    // The contract's named entities are shared components, not inlined copies.
    expect(Object.keys(json.components.schemas)).toEqual(expect.arrayContaining(['UserProfile', 'TicketDetail', 'Benefit', 'ApiError']));
  });
});
