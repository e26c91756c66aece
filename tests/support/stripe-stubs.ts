// Both Stripe stubs behind one address, as Stripe is one API: a server started with STRIPE_API_BASE at `url` reaches
// the PaymentIntent and refund endpoints (tests/support/stripe-payments-stub.ts) and the Connect ones
// (tests/support/stripe-connect-stub.ts). A forwarding node:http server, for tests that run the real server process.
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startStripeConnectStub, type StripeConnectStub } from './stripe-connect-stub';
import { startStripePaymentsStub, type StripePaymentsStub } from './stripe-payments-stub';

export interface StripeStubs {
  url: string;
  payments: StripePaymentsStub;
  connect: StripeConnectStub;
  close(): Promise<void>;
}

const paymentsPaths = /^\/v1\/(payment_intents|refunds)(\/|$)/;

export async function startStripeStubs(): Promise<StripeStubs> {
  const [payments, connect] = await Promise.all([startStripePaymentsStub(), startStripeConnectStub()]);
  const server: Server = createServer((incoming, outgoing) => {
    const target = new URL(paymentsPaths.test(incoming.url ?? '') ? payments.url : connect.url);
    const proxied = forward(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    proxied.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    payments,
    connect,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([payments.close(), connect.close()]);
    },
  };
}
