// What every local Stripe stub shares (tests/support/stripe-*-stub.ts): a node:http server on a free port that records
// each request (method, path, form body, Authorization, Idempotency-Key), answers a repeated POST with the same
// Idempotency-Key with its first answer (as Stripe does), answers 500 while `failing`, and otherwise what the stub's
// `answer` says — a 404 in Stripe's error shape for what it does not know.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  method: string;
  path: string;
  body: URLSearchParams;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  /** The Stripe-Version header: the API version the SDK pinned. */
  stripeVersion: string | undefined;
}

/** An answer: HTTP status and JSON body. */
export type StubAnswer = [status: number, body: unknown];

export interface StubServer {
  url: string;
  requests: StubRequest[];
  /** Stripe answers 500 to everything while true. */
  failing: boolean;
  /**
   * When set, it is called as each request arrives, and the request waits for the promise it answers (if any) before it
   * is answered: a test holds one request at "Stripe" until another arrives, so the two truly overlap. Meanwhile a POST with the same Idempotency-Key is answered as Stripe answers it,
   * `409 idempotency_error` (the SDK retries it after a pause and then gets the first one's answer).
   */
  hold: ((request: StubRequest) => Promise<void> | undefined) | null;
  close(): Promise<void>;
}

export const stripeError = (status: number, message: string, code?: string): StubAnswer => [
  status,
  { error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message, ...(code ? { code } : {}) } },
];

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(text));
  });

export async function startStubServer(answer: (request: StubRequest) => StubAnswer | undefined): Promise<StubServer> {
  const requests: StubRequest[] = [];
  const answered = new Map<string, unknown>();
  const inFlight = new Set<string>();
  const server: Server = createServer(async (incoming, response) => {
    const request: StubRequest = {
      method: incoming.method ?? 'GET',
      path: (incoming.url ?? '/').split('?')[0]!,
      body: new URLSearchParams(await readBody(incoming)),
      authorization: incoming.headers.authorization,
      idempotencyKey: incoming.headers['idempotency-key'] as string | undefined,
      stripeVersion: incoming.headers['stripe-version'] as string | undefined,
    };
    requests.push(request);
    const replayKey = request.method === 'POST' && request.idempotencyKey ? `${request.path}:${request.idempotencyKey}` : undefined;
    // Called at once, so a request arriving may let a held one go on (the held one still counts as in flight).
    const held = stub.hold?.(request);
    if (replayKey && inFlight.has(replayKey)) {
      const [status, body] = stripeError(409, 'There is currently another in-progress request using this Idempotent Key', 'idempotency_error');
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_stub_${requests.length}` });
      response.end(JSON.stringify({ error: { ...(body as { error: object }).error, type: 'idempotency_error' } }));
      return;
    }
    if (replayKey) inFlight.add(replayKey);
    if (held) await held;
    if (replayKey) inFlight.delete(replayKey);
    const replay = replayKey ? answered.get(replayKey) : undefined;
    const [status, body] = stub.failing
      ? stripeError(500, 'stub: failing')
      : replay
        ? [200, replay]
        : (answer(request) ?? stripeError(404, `stub: no ${request.method} ${request.path}`));
    if (replayKey && status === 200) answered.set(replayKey, body);
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_stub_${requests.length}` });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const stub: StubServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    failing: false,
    hold: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return stub;
}
