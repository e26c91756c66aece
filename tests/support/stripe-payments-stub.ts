// A local HTTP stub of the Stripe endpoints the payments adapter calls (src/server/adapters/payments.ts): create a
// PaymentIntent (honouring Idempotency-Key, as Stripe does), retrieve one, and refund one. node:http; records every
// request. What Stripe.js would do in the browser — confirm the intent with a card — the test does with `succeed`
// (or `setIntent` for other outcomes), since Stripe's servers and Stripe.js cannot be reached offline.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  method: string;
  path: string;
  body: URLSearchParams;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

export interface StubIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
}

export interface StripePaymentsStub {
  url: string;
  requests: StubRequest[];
  intents: Map<string, StubIntent>;
  /** Stripe.js confirmed it with a good card: the whole amount received. */
  succeed(id: string): StubIntent;
  setIntent(id: string, fields: Partial<StubIntent>): void;
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

export async function startStripePaymentsStub(): Promise<StripePaymentsStub> {
  const requests: StubRequest[] = [];
  const intents = new Map<string, StubIntent>();
  const answered = new Map<string, unknown>();
  let next = 1;
  const stub: StripePaymentsStub = {
    url: '',
    requests,
    intents,
    failing: false,
    succeed(id) {
      const intent = intents.get(id)!;
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      return intent;
    },
    setIntent(id, fields) {
      Object.assign(intents.get(id)!, fields);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer(async (request, response) => {
    const text = await readBody(request);
    const path = (request.url ?? '/').split('?')[0]!;
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const form = new URLSearchParams(text);
    requests.push({ method: request.method ?? 'GET', path, body: form, authorization: request.headers.authorization, idempotencyKey });
    const send = (status: number, body: unknown) => {
      if (idempotencyKey && status === 200) answered.set(`${path}:${idempotencyKey}`, body);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_stub_${requests.length}` });
      response.end(JSON.stringify(body));
    };
    if (stub.failing) return send(500, { error: { type: 'api_error', message: 'stub: failing' } });
    const replay = idempotencyKey && answered.get(`${path}:${idempotencyKey}`);
    if (request.method === 'POST' && replay) return send(200, replay);
    if (request.method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_stub_${next++}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const intent: StubIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        amount_received: 0,
        currency: form.get('currency') ?? 'aud',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_stub`,
        description: form.get('description'),
        metadata,
      };
      intents.set(id, intent);
      return send(200, intent);
    }
    const retrieve = /^\/v1\/payment_intents\/([\w-]+)$/.exec(path);
    if (request.method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1]!);
      if (!intent) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
      return send(200, intent);
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
      return send(200, { id: `re_stub_${next++}`, object: 'refund', payment_intent: intent.id, amount: intent.amount_received, status: 'succeeded' });
    }
    return send(404, { error: { type: 'invalid_request_error', message: `stub: no ${request.method} ${path}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stub;
}
