// A local HTTP stub of the Stripe endpoints the payouts adapter calls (src/server/adapters/payouts.ts): create a
// Connect account, create an Account Session, retrieve an account, transfer a payout to an account. Records every
// request (tests/support/stripe-stub-server.ts); transfers may be reversed so tests can assert what was sent; `setAccount` changes what Stripe
// answers next.
import { startStubServer, stripeError, type StubServer } from './stripe-stub-server';

export interface StripeConnectStub extends StubServer {
  setAccount(id: string, fields: Record<string, unknown>): void;
  transfers: Map<string, { id: string; amount: number; reversed: boolean } & Record<string, unknown>>;
}

export async function startStripeConnectStub(): Promise<StripeConnectStub> {
  const accounts = new Map<string, Record<string, unknown>>();
  const transfers = new Map<string, { id: string; amount: number; reversed: boolean } & Record<string, unknown>>();
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
  const server = await startStubServer(({ method, path, body }) => {
    if (method === 'POST' && path === '/v1/accounts') {
      const id = `acct_stub_${next++}`;
      accounts.set(id, { country: body.get('country'), email: body.get('email') });
      return [200, account(id)];
    }
    if (method === 'POST' && path === '/v1/account_sessions') {
      const id = body.get('account') ?? '';
      if (!accounts.has(id)) return stripeError(404, 'No such account');
      return [200, { object: 'account_session', account: id, client_secret: `accs_secret_${id}_${server.requests.length}`, expires_at: 0, livemode: false }];
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const destination = body.get('destination') ?? '';
      if (!accounts.has(destination)) return stripeError(400, 'No such destination');
      const transfer = {
        id: `tr_stub_${next++}`,
        object: 'transfer',
        amount: Number(body.get('amount')),
        currency: body.get('currency'),
        destination,
        source_transaction: body.get('source_transaction'),
        transfer_group: body.get('transfer_group'),
        reversed: false,
      };
      transfers.set(transfer.id, transfer);
      return [200, transfer];
    }
    const reversal = /^\/v1\/transfers\/([\w-]+)\/reversals$/.exec(path);
    if (method === 'POST' && reversal) {
      const transfer = transfers.get(reversal[1]!);
      if (!transfer) return stripeError(404, 'No such transfer', 'resource_missing');
      transfer.reversed = true;
      return [200, { id: `trr_stub_${next++}`, object: 'transfer_reversal', amount: transfer.amount, transfer: transfer.id }];
    }
    const retrieve = /^\/v1\/accounts\/([\w-]+)$/.exec(path);
    if (method === 'GET' && retrieve && accounts.has(retrieve[1]!)) return [200, account(retrieve[1]!)];
    return undefined;
  });
  return Object.assign(server, {
    transfers,
    setAccount: (id: string, fields: Record<string, unknown>) => void accounts.set(id, { ...accounts.get(id), ...fields }),
  });
}
