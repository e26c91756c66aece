// msw handlers typed from src/contract/endpoints.ts, plus a small in-memory sign-in API (codes, tokens, profiles)
// that behaves like the server for the web tests.
import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import {
  API_PREFIX,
  endpoints,
  type EndpointName,
  type ParsedBodyOf,
  type ResponseOf,
} from '../../src/contract/endpoints';
import type { UserProfile } from '../../src/contract/entities';
import { type ApiErrorBody, type ErrorCode, errorCatalogue } from '../../src/contract/errors';

export const apiOrigin = 'http://localhost:3000';

type Reply<N extends EndpointName> = ResponseOf<N> | HttpResponse<never>;

/** A handler for one contract endpoint: the body arrives parsed by the contract, the answer is typed by it. */
export function handle<N extends EndpointName>(
  name: N,
  resolver: (request: { body: ParsedBodyOf<N>; request: Request; params: Record<string, string> }) => Reply<N> | Promise<Reply<N>>,
) {
  const endpoint = endpoints[name];
  const method = endpoint.method === 'GET' ? http.get : http.post;
  const run: HttpResponseResolver = async ({ request, params }) => {
    const schema = 'body' in endpoint ? endpoint.body : undefined;
    const raw = request.method === 'GET' ? undefined : await request.clone().json().catch(() => undefined);
    const parsed = schema ? schema.safeParse(raw) : { success: true as const, data: undefined };
    if (!parsed.success) return apiError('api.invalid_request_body');
    const answer = await resolver({ body: parsed.data as ParsedBodyOf<N>, request, params: params as Record<string, string> });
    return answer instanceof Response ? answer : HttpResponse.json(answer as never);
  };
  return method(`${apiOrigin}${API_PREFIX}${endpoint.path}`, run);
}

export function apiError(code: ErrorCode, extra: Record<string, unknown> = {}): HttpResponse<never> {
  const { status, message } = errorCatalogue[code];
  const body: ApiErrorBody = { statusCode: status, code, message, ...extra };
  return HttpResponse.json(body, { status }) as unknown as HttpResponse<never>;
}

export const CORRECT_CODE = '123456';

/** The entry QR's ttl the fake API answers (GET /settings/qr), as the server's default. */
export const FAKE_QR_TTL_MS = 15_000;
/** A valid 1×1 PNG, base64: what GET /auth/access/qrCodeData answers (as text/plain, like the server). */
export const FAKE_QR_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** The entry QR pass for any bearer token: every signed-in wallet that shows the QR panel polls these. */
export function qrHandlers(isSignedIn: (request: Request) => boolean = (request) => request.headers.has('authorization')) {
  return [
    handle('qrSettings', () => ({ ttl: FAKE_QR_TTL_MS })),
    handle('qrCodeData', ({ request }) =>
      isSignedIn(request) ? (HttpResponse.text(FAKE_QR_PNG) as unknown as HttpResponse<never>) : apiError('api.auth.token_not_authorized'),
    ),
  ];
}

export function profileOf(email: string, names: Partial<UserProfile> = {}): UserProfile {
  const nickname = email.split('@')[0] ?? 'user';
  return {
    address: null,
    birthdate: null,
    email,
    familyName: null,
    gender: null,
    givenName: null,
    locale: 'en',
    middleName: null,
    name: null,
    nickname,
    picture: null,
    preferredUsername: `${nickname}#4821`,
    profile: null,
    website: null,
    zoneInfo: null,
    uniqueID: '#4821',
    phoneNumber: null,
    ...names,
  };
}

/** The sign-in API: any e-mail gets code 123456; known users keep their names. */
export function signInApi(users: Record<string, Partial<UserProfile>> = {}) {
  const profiles = new Map(Object.entries(users).map(([email, names]) => [email, profileOf(email, names)]));
  const accessTokens = new Map<string, string>();
  const refreshTokens = new Map<string, string>();
  const calls: string[] = [];
  let sequence = 0;
  const issueTokens = (email: string) => {
    sequence += 1;
    const tokens = { accessToken: `access-${sequence}`, refreshToken: `refresh-${sequence}` };
    accessTokens.set(tokens.accessToken, email);
    refreshTokens.set(tokens.refreshToken, email);
    return tokens;
  };
  const userOf = (request: Request) => accessTokens.get(request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '');

  const handlers = [
    handle('signIn', ({ body }) => {
      calls.push(`signIn ${body.email}`);
      return { session: `session-${++sequence}` };
    }),
    handle('verifyLogin', ({ body }) => {
      calls.push(`verifyLogin ${body.otp}`);
      if (body.otp !== CORRECT_CODE) return apiError('api.auth.wrong_otp', { session: `session-${++sequence}` });
      if (!profiles.has(body.email)) profiles.set(body.email, profileOf(body.email));
      return issueTokens(body.email);
    }),
    handle('refresh', ({ body }) => {
      calls.push('refresh');
      const email = refreshTokens.get(body.refreshToken);
      if (!email) return apiError('api.auth.refresh_invalid');
      refreshTokens.delete(body.refreshToken);
      return issueTokens(email);
    }),
    handle('me', ({ request }) => {
      calls.push('me');
      const email = userOf(request);
      return email ? profiles.get(email)! : apiError('api.auth.token_not_authorized');
    }),
    handle('updateProfile', ({ body, request }) => {
      calls.push('updateProfile');
      const email = userOf(request);
      if (!email) return apiError('api.auth.token_not_authorized');
      const updated = { ...profiles.get(email)!, ...body };
      profiles.set(email, updated);
      return updated;
    }),
    handle('logout', ({ request }) => {
      calls.push('logout');
      return userOf(request) ? { ok: true as const } : apiError('api.auth.token_not_authorized');
    }),
    // The QR pass that signed-in screens land on (not counted in `calls`: it polls).
    ...qrHandlers((request) => userOf(request) !== undefined),
  ];
  return {
    handlers,
    calls,
    /** Tokens for a user who signed in before the page loaded. */
    signedInStorage(email: string): Record<string, string> {
      if (!profiles.has(email)) profiles.set(email, profileOf(email));
      const tokens = issueTokens(email);
      return { 'tw.accessToken': tokens.accessToken, 'tw.refreshToken': tokens.refreshToken };
    },
  };
}
