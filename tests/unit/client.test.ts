// The typed API client: paths, query, headers, error classes, cached reads and invalidation; its route table.
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addRoutes, createApiClient, isCachedRead, routeOf } from '../../src/client/client';
import { ApiRequestError, errorCode } from '../../src/client/errors';
import { type EndpointName, endpoints } from '../../src/contract/endpoints';
import { compactRouteTable } from '../../src/contract/route-table';

// These tests call every kind of endpoint: the client knows every route, as a page that loaded every flow does.
addRoutes(compactRouteTable());
const routes = Object.fromEntries(Object.keys(endpoints).map((name) => [name, routeOf(name as EndpointName)])) as Record<
  EndpointName,
  ReturnType<typeof routeOf>
>;

const api = 'https://wallet.test/v1';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ok = { ok: true };
const resellable = {
  userTicketId: 1,
  ticketId: 2,
  ticketName: 'GA',
  ticketLogo: null,
  currencyCode: 'AUD',
  currencySymbol: '$',
  ticketPrice: 50,
  maxTicketPrice: 60,
  availableTicketCount: 2,
};

describe('api client', () => {
  it('fills path params and the query, sends the body, bearer and idempotency key', async () => {
    const seen: Record<string, unknown> = {};
    server.use(
      http.post(`${api}/mobile/unlock/:id`, async ({ request, params }) => {
        seen.id = params.id;
        seen.body = await request.json();
        seen.authorization = request.headers.get('authorization');
        seen.idempotency = request.headers.get('idempotency-key');
        return HttpResponse.json({ redeemCode: 'CODE-1' });
      }),
      http.get(`${api}/list/ticket_listing`, ({ request }) => {
        seen.status = new URL(request.url).searchParams.get('status');
        return HttpResponse.json([]);
      }),
    );
    const client = createApiClient({
      baseUrl: api,
      session: { accessToken: async () => 'token-1', refreshAfterUnauthorized: async () => null },
    });
    await expect(
      client.call('unlockBenefit', { params: { id: 7 }, body: { userTicketBenefitId: 7 }, idempotencyKey: 'key-1' }),
    ).resolves.toEqual({ redeemCode: 'CODE-1' });
    expect(seen).toMatchObject({ id: '7', body: { userTicketBenefitId: 7 }, authorization: 'Bearer token-1', idempotency: 'key-1' });
    await client.call('myTickets', { query: { status: 'PAST' } });
    expect(seen.status).toBe('PAST');
  });

  it('classes errors: HTTP status with body, FETCH_ERROR, PARSING_ERROR, TIMEOUT_ERROR', async () => {
    server.use(
      http.post(`${api}/resell/redeem/:secret`, () =>
        HttpResponse.json({ statusCode: 400, code: 'api.redeem.invalid_code', message: 'Invalid code' }, { status: 400 }),
      ),
      http.get(`${api}/resell/tickets/available`, () => HttpResponse.error()),
      http.get(`${api}/resell/ticket/sales`, () => new HttpResponse('{not json', { headers: { 'content-type': 'application/json' } })),
      http.get(`${api}/ticket_swap/tickets`, async () => {
        await delay(200);
        return HttpResponse.json([]);
      }),
    );
    const client = createApiClient({ baseUrl: api, timeoutMs: 50 });

    const http400 = await client.call('redeem', { params: { secret: 'x' } }).catch((error: unknown) => error);
    expect(http400).toBeInstanceOf(ApiRequestError);
    expect(http400).toMatchObject({ status: 400, data: { code: 'api.redeem.invalid_code' } });
    expect(errorCode(http400)).toBe('api.redeem.invalid_code');

    await expect(client.call('resellableTickets')).rejects.toMatchObject({ status: 'FETCH_ERROR' });
    await expect(client.call('listings')).rejects.toMatchObject({ status: 'PARSING_ERROR' });
    await expect(client.call('swapTickets')).rejects.toMatchObject({ status: 'TIMEOUT_ERROR' });
  });

  it('times out through ofetch even when the caller passes a signal; the caller aborting is FETCH_ERROR', async () => {
    server.use(
      http.get(`${api}/ticket_swap/tickets`, async () => {
        await delay(300);
        return HttpResponse.json([]);
      }),
    );
    const client = createApiClient({ baseUrl: api, timeoutMs: 50 });
    const caller = new AbortController();
    await expect(client.call('swapTickets', { signal: caller.signal, fresh: true })).rejects.toMatchObject({ status: 'TIMEOUT_ERROR' });
    const slow = createApiClient({ baseUrl: api, timeoutMs: 5_000 });
    const leaving = new AbortController();
    const left = slow.call('swapTickets', { signal: leaving.signal, fresh: true });
    leaving.abort();
    await expect(left).rejects.toMatchObject({ status: 'FETCH_ERROR' });
  });

  it('a 401 gets one refresh and one retry with the new token; a second 401 is the answer', async () => {
    const sent: (string | null)[] = [];
    let valid = 'token-2';
    server.use(
      http.get(`${api}/auth/me`, ({ request }) => {
        const token = request.headers.get('authorization');
        sent.push(token);
        return token === `Bearer ${valid}`
          ? HttpResponse.json({ id: 1 })
          : HttpResponse.json({ statusCode: 401, code: 'api.auth.token_not_authorized', message: 'x' }, { status: 401 });
      }),
    );
    const refreshes: (string | null)[] = [];
    const client = createApiClient({
      baseUrl: api,
      session: {
        accessToken: async () => 'token-1',
        refreshAfterUnauthorized: async (stale) => {
          refreshes.push(stale);
          return 'token-2';
        },
      },
    });
    await expect(client.call('me', { fresh: true })).resolves.toEqual({ id: 1 });
    expect(sent).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(refreshes).toEqual(['token-1']);

    valid = 'never';
    sent.length = 0;
    refreshes.length = 0;
    await expect(client.call('me', { fresh: true })).rejects.toMatchObject({ status: 401, data: { code: 'api.auth.token_not_authorized' } });
    expect(sent).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(refreshes).toEqual(['token-1']);
  });

  it('a failed refresh leaves the 401 as the answer; public calls never send a token or refresh', async () => {
    const sent: (string | null)[] = [];
    server.use(
      http.get(`${api}/auth/me`, ({ request }) => {
        sent.push(request.headers.get('authorization'));
        return HttpResponse.json({ statusCode: 401, code: 'api.auth.token_not_authorized', message: 'x' }, { status: 401 });
      }),
      http.post(`${api}/auth/refresh`, ({ request }) => {
        sent.push(request.headers.get('authorization'));
        return HttpResponse.json({ statusCode: 401, code: 'api.auth.refresh_invalid', message: 'x' }, { status: 401 });
      }),
    );
    let refreshes = 0;
    const client = createApiClient({
      baseUrl: api,
      session: {
        accessToken: async () => 'token-1',
        refreshAfterUnauthorized: async () => {
          refreshes += 1;
          return null;
        },
      },
    });
    await expect(client.call('me', { fresh: true })).rejects.toMatchObject({ status: 401 });
    expect(sent).toEqual(['Bearer token-1']);
    expect(refreshes).toBe(1);
    await expect(client.call('refresh', { body: { refreshToken: 'r' } })).rejects.toMatchObject({ status: 401 });
    expect(sent).toEqual(['Bearer token-1', null]);
    expect(refreshes).toBe(1);
  });

  it('requests that start during a refresh wait for it and go out once, with the new token', async () => {
    const sent: (string | null)[] = [];
    server.use(
      http.get(`${api}/auth/me`, ({ request }) => {
        sent.push(request.headers.get('authorization'));
        return request.headers.get('authorization') === 'Bearer token-2'
          ? HttpResponse.json({ id: 1 })
          : HttpResponse.json({ statusCode: 401, code: 'api.auth.token_not_authorized', message: 'x' }, { status: 401 });
      }),
      http.get(`${api}/ticket_swap/tickets`, ({ request }) => {
        sent.push(request.headers.get('authorization'));
        return HttpResponse.json([]);
      }),
    );
    // A session like machines/session.ts: one token, one refresh at a time, and accessToken() waits for it.
    let token = 'token-1';
    let refreshing: Promise<string> | null = null;
    let finishRefresh = () => {};
    let refreshes = 0;
    const client = createApiClient({
      baseUrl: api,
      session: {
        accessToken: async () => (refreshing ? refreshing : token),
        refreshAfterUnauthorized: async (stale) => {
          if (stale !== token) return token;
          refreshes += 1;
          refreshing ??= new Promise<string>((resolve) => {
            finishRefresh = () => {
              token = 'token-2';
              refreshing = null;
              resolve(token);
            };
          });
          return refreshing;
        },
      },
    });
    const first = client.call('me', { fresh: true });
    await expect.poll(() => refreshes).toBe(1);
    const during = client.call('swapTickets', { fresh: true });
    await delay(30);
    expect(sent).toEqual(['Bearer token-1']);
    finishRefresh();
    await expect(first).resolves.toEqual({ id: 1 });
    await expect(during).resolves.toEqual([]);
    expect(sent.sort()).toEqual(['Bearer token-1', 'Bearer token-2', 'Bearer token-2']);
    expect(refreshes).toBe(1);
  });

  it('reads PDF answers as a blob, and their JSON error bodies', async () => {
    server.use(
      http.post(`${api}/resell/1`, () => new HttpResponse('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } })),
      http.post(`${api}/resell/2`, () =>
        HttpResponse.json({ statusCode: 404, code: 'api.ticket.not_found', message: 'Ticket not found' }, { status: 404 }),
      ),
    );
    const client = createApiClient({ baseUrl: api });
    const pdf = await client.call('ticketPdf', { params: { id: 1 } });
    expect(pdf).toBeInstanceOf(Blob);
    expect(await pdf.text()).toBe('%PDF-1.7');
    const failure = await client.call('ticketPdf', { params: { id: 2 } }).catch((error: unknown) => error);
    expect(errorCode(failure)).toBe('api.ticket.not_found');
  });

  it("sends the wallet's language as Accept-Language on every call, and none without one", async () => {
    const seen: Array<string | null> = [];
    server.use(
      http.post(`${api}/resell/1`, ({ request }) => {
        seen.push(request.headers.get('accept-language'));
        return new HttpResponse('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
      }),
    );
    let language: 'en' | 'es' | undefined = 'es';
    const client = createApiClient({ baseUrl: api, language: () => language });
    await client.call('ticketPdf', { params: { id: 1 } });
    language = 'en';
    await client.call('ticketPdf', { params: { id: 1 } });
    await createApiClient({ baseUrl: api }).call('ticketPdf', { params: { id: 1 } });
    expect(seen.slice(0, 2)).toEqual(['es', 'en']);
    // Without a language the header is whatever the platform sends by itself, never one of ours.
    expect(seen[2] === null || !/^(es|en)$/.test(seen[2]!)).toBe(true);
  });

  it('reads text answers', async () => {
    server.use(http.get(`${api}/auth/access/qrCodeData`, () => HttpResponse.text('iVBORw0KGgo=')));
    const client = createApiClient({ baseUrl: api });
    await expect(client.call('qrCodeData')).resolves.toBe('iVBORw0KGgo=');
  });

  it('caches tagged reads, never the payments account, and invalidates after a mutation', async () => {
    const counts = { available: 0, account: 0 };
    server.use(
      http.get(`${api}/resell/tickets/available`, () => {
        counts.available += 1;
        return HttpResponse.json([resellable]);
      }),
      http.get(`${api}/resell/stripe/account`, () => {
        counts.account += 1;
        return HttpResponse.json({ clientSecret: '', provider: 'local', publishableKey: null, verified: false, country: null });
      }),
      http.post(`${api}/resell/unlist`, () => HttpResponse.json(ok)),
    );
    const client = createApiClient({ baseUrl: api });
    const invalidated: string[][] = [];
    client.onInvalidate(['TICKETS_AVAILABLE_FOR_LISTING'], (tags) => invalidated.push(tags));

    await Promise.all([client.call('resellableTickets'), client.call('resellableTickets')]);
    await client.call('resellableTickets');
    expect(counts.available).toBe(1);

    await client.call('paymentsAccount');
    await client.call('paymentsAccount');
    expect(counts.account).toBe(2);
    expect(isCachedRead(routes.paymentsAccount)).toBe(false);

    await client.call('unlist', { body: { userTicketId: 1 } });
    expect(invalidated).toEqual([['TICKETS_AVAILABLE_FOR_LISTING']]);
    await client.call('resellableTickets');
    expect(counts.available).toBe(2);
  });

  it('a failed mutation invalidates nothing', async () => {
    server.use(
      http.post(`${api}/resell/unlist`, () =>
        HttpResponse.json({ statusCode: 404, code: 'api.resell.listing_not_found', message: 'x' }, { status: 404 }),
      ),
    );
    const client = createApiClient({ baseUrl: api });
    const invalidated: unknown[] = [];
    client.onInvalidate(['LISTED_TICKETS'], (tags) => invalidated.push(tags));
    await expect(client.call('unlist', { body: { userTicketId: 1 } })).rejects.toMatchObject({ status: 404 });
    expect(invalidated).toEqual([]);
  });

  it('caches every GET endpoint that provides tags, and nothing else', () => {
    const cached = Object.entries(routes)
      .filter(([, route]) => isCachedRead(route))
      .map(([name]) => name)
      .sort();
    expect(cached).toEqual(
      ['heldSwaps', 'listings', 'me', 'myTickets', 'resellOverview', 'resellableTickets', 'soldTickets', 'swapTargets', 'swapTickets', 'ticketDetail', 'ticketHistory'].sort(),
    );
  });

  it('has one route per contract call, with its method, path, auth, tags and kind of answer', () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const route = routes[name as keyof typeof routes];
      expect(route, name).toMatchObject({ method: endpoint.method, path: endpoint.path, auth: endpoint.auth });
      expect(route.provides, name).toEqual('provides' in endpoint ? endpoint.provides : []);
      expect(route.invalidates, name).toEqual('invalidates' in endpoint ? endpoint.invalidates : []);
    }
    const byAnswer = (answer: string) => Object.entries(routes).filter(([, route]) => route.answer === answer).map(([name]) => name).sort();
    expect(byAnswer('text')).toEqual(['qrCodeData', 'qrText']);
    expect(byAnswer('pdf')).toEqual(['ticketPdf']);
    expect(routes.uploadPicture.multipart).toBe(true);
  });
});
