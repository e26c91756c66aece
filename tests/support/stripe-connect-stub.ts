// A local HTTP stub of the Stripe endpoints the payouts adapter calls (src/server/adapters/payouts.ts): create a
// Connect account, create an Account Session, retrieve an account, transfer a payout to an account. node:http, records every request (method, path,
// form body, Authorization) so tests can assert what was sent; `setAccount` changes what Stripe answers next.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  method: string;
  path: string;
  body: URLSearchParams;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

export interface StripeConnectStub {
  url: string;
  requests: StubRequest[];
  setAccount(id: string, fields: Record<string, unknown>): void;
  /** Stripe answers 500 to everything while true. */
  failing: boolean;
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(text));
  });

export async function startStripeConnectStub(): Promise<StripeConnectStub> {
  const requests: StubRequest[] = [];
  const accounts = new Map<string, Record<string, unknown>>();
  /** Transfers by idempotency key, as Stripe answers a repeated key with the first answer. */
  const transfers = new Map<string, Record<string, unknown>>();
  let next = 1;
  const account = (id: string) => ({
    id,
    object: 'account',
    type: 'custom',
    details_submitted: false,
    payouts_enabled: false,
    requirements: { currently_due: ['individual.verification.document'], past_due: [] },
    ...accounts.get(id),
  });
  const stub = { failing: false } as StripeConnectStub;
  const server: Server = createServer(async (request, response) => {
    const text = await readBody(request);
    const path = (request.url ?? '/').split('?')[0]!;
    requests.push({
      method: request.method ?? 'GET',
      path,
      body: new URLSearchParams(text),
      authorization: request.headers.authorization,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
    });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_stub_${requests.length}` });
      response.end(JSON.stringify(body));
    };
    if (stub.failing) return send(500, { error: { type: 'api_error', message: 'stub: failing' } });
    if (request.method === 'POST' && path === '/v1/accounts') {
      const id = `acct_stub_${next++}`;
      const form = new URLSearchParams(text);
      accounts.set(id, { country: form.get('country'), email: form.get('email') });
      return send(200, account(id));
    }
    if (request.method === 'POST' && path === '/v1/account_sessions') {
      const id = new URLSearchParams(text).get('account') ?? '';
      if (!accounts.has(id)) return send(404, { error: { type: 'invalid_request_error', message: 'No such account' } });
      return send(200, { object: 'account_session', account: id, client_secret: `accs_secret_${id}_${requests.length}`, expires_at: 0, livemode: false });
    }
    if (request.method === 'POST' && path === '/v1/transfers') {
      const form = new URLSearchParams(text);
      const destination = form.get('destination') ?? '';
      if (!accounts.has(destination)) return send(400, { error: { type: 'invalid_request_error', message: 'No such destination' } });
      const key = request.headers['idempotency-key'] as string | undefined;
      const known = key ? transfers.get(key) : undefined;
      if (known) return send(200, known);
      const transfer = { id: `tr_stub_${next++}`, object: 'transfer', amount: Number(form.get('amount')), currency: form.get('currency'), destination };
      if (key) transfers.set(key, transfer);
      return send(200, transfer);
    }
    const retrieve = /^\/v1\/accounts\/([\w-]+)$/.exec(path);
    if (request.method === 'GET' && retrieve && accounts.has(retrieve[1]!)) return send(200, account(retrieve[1]!));
    return send(404, { error: { type: 'invalid_request_error', message: `stub: no ${request.method} ${path}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}`,
    requests,
    setAccount: (id: string, fields: Record<string, unknown>) => void accounts.set(id, { ...accounts.get(id), ...fields }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
