// Charging the user: a swap's difference and resale purchases. Stripe PaymentIntents when configured; otherwise the
// local provider, which charges nothing real and mirrors Stripe's states with Stripe's documented test payment methods
// (LOCAL_TEST_METHODS: succeeded, declined, disputed, processing then succeeded or failed; refunds and disputes by hand),
// so every branch of checkout works offline and in tests. The local provider runs only outside production or with an
// explicit PAYMENTS_PROVIDER=local (src/server/config.ts).
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { ApiError } from '../../contract/errors';
import { purposeFromMetadata, purposeToMetadata, type PaymentPurpose } from '../../contract/payment-purpose';
import { constructSignedEvent, fromStripe, STRIPE_API_VERSION, stripeOptions } from './payouts';

export interface ChargeRequest {
  amountMinor: number;
  /** ISO 4217, upper case. */
  currencyCode: string;
  paymentMethod: string;
  description: string;
  /** The same key never charges twice (a retried request). */
  idempotencyKey: string;
  /**
   * What the charge pays for. Only a charge that names it may end `processing`: the provider's later word that it
   * succeeded must say what to settle (as a Stripe intent's metadata does). Without it a delayed method is declined.
   */
  purpose?: PaymentPurpose;
}

export type ChargeResult =
  | { status: 'succeeded'; providerPaymentId: string; providerChargeId: string | null; amountMinor: number; currencyCode: string }
  | { status: 'declined'; reason: string }
  /** Not declined and not yet paid (a bank debit): the provider's event settles it later, or tells it failed. */
  | { status: 'processing'; providerPaymentId: string };

/** A PaymentIntent as the server checks it: what Stripe says was received, never what the page says. */
export interface IntentState {
  id: string;
  status: string;
  /** amount_received: what was actually taken (0 until it succeeded). */
  amountReceivedMinor: number;
  currencyCode: string;
  /** What the intent pays for, from its metadata; null for an intent that is not ours. */
  purpose: PaymentPurpose | null;
  /** The charge that took the money (a separate transfer names it as its source); null until one exists. */
  chargeId: string | null;
}

/**
 * A payments provider's webhook event, as the services see it: what happened and to which object, never the
 * provider's own event type. Handlers read the object's state again from the provider (or derive it from every stored
 * event of that object), so events that arrive twice or out of order end in the same state.
 */
export type PaymentEvent = { id: string } & (
  | { type: 'payment_intent.succeeded' | 'payment_intent.processing' | 'payment_intent.payment_failed' | 'payment_intent.canceled'; intentId: string }
  | { type: 'charge.refunded'; intentId: string; chargeId: string; amountRefundedMinor: number }
  /** One refund changed (Stripe: a refund that failed or was cancelled gives its amount back to the platform's balance). */
  | { type: 'charge.refund.updated'; intentId: string; chargeId: string; refundId: string; amountMinor: number; status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'other' }
  | { type: 'charge.dispute.created' | 'charge.dispute.funds_withdrawn'; intentId: string; chargeId: string; disputeId: string }
  | { type: 'charge.dispute.updated' | 'charge.dispute.closed'; intentId: string; chargeId: string; disputeId: string; outcome: 'won' | 'lost' | 'other' }
  | { type: 'transfer.reversed'; transferId: string }
  | { type: 'account.updated' | 'capability.updated'; accountId: string }
  /** Stripe could not send a connected account's balance to its bank (or, paid, did): the seller is told. */
  | { type: 'payout.failed' | 'payout.paid'; accountId: string; payoutId: string; amountMinor: number; currencyCode: string; failureCode: string | null; at: string }
);
export type PaymentEventType = PaymentEvent['type'];
export const PAYMENT_EVENT_TYPES = [
  'payment_intent.succeeded',
  'payment_intent.processing',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
  'charge.refund.updated',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.closed',
  'transfer.reversed',
  'account.updated',
  'capability.updated',
  'payout.failed',
  'payout.paid',
] as const satisfies readonly PaymentEventType[];

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? ''));

/** The provider-neutral event of a Stripe event; null for the types we do not handle. Stripe.Event stays here. */
export function paymentEventOf(event: Stripe.Event): PaymentEvent | null {
  const id = event.id;
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.processing':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
      return { id, type: event.type, intentId: event.data.object.id };
    case 'charge.refund.updated': {
      const refund = event.data.object;
      const status = (['pending', 'succeeded', 'failed', 'canceled'] as const).find((known) => known === refund.status) ?? 'other';
      return { id, type: event.type, intentId: idOf(refund.payment_intent), chargeId: idOf(refund.charge), refundId: refund.id, amountMinor: refund.amount, status };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return { id, type: event.type, intentId: idOf(charge.payment_intent), chargeId: charge.id, amountRefundedMinor: charge.amount_refunded ?? 0 };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.funds_withdrawn':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      const base = { id, intentId: idOf(dispute.payment_intent), chargeId: idOf(dispute.charge), disputeId: dispute.id };
      if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.funds_withdrawn') return { ...base, type: event.type };
      const outcome = dispute.status === 'won' ? 'won' : dispute.status === 'lost' ? 'lost' : 'other';
      return { ...base, type: event.type, outcome };
    }
    case 'transfer.reversed':
      return { id, type: event.type, transferId: event.data.object.id };
    case 'account.updated':
      return { id, type: event.type, accountId: event.data.object.id };
    case 'capability.updated':
      return { id, type: event.type, accountId: idOf(event.data.object.account) };
    case 'payout.failed':
    case 'payout.paid': {
      // A Connect event: the payout is the connected account's (event.account), from its balance to its bank.
      const payout = event.data.object;
      return {
        id,
        type: event.type,
        accountId: event.account ?? '',
        payoutId: payout.id,
        amountMinor: payout.amount ?? 0,
        currencyCode: (payout.currency ?? '').toUpperCase(),
        failureCode: payout.failure_code ?? null,
        at: new Date((event.created ?? 0) * 1000).toISOString(),
      };
    }
    default:
      return null;
  }
}

/**
 * An intent read back, refunded or cancelled: Stripe's PaymentIntents, or the local provider's own record of its
 * charges. What the services use to settle what the page, an event or reconciliation reports.
 */
export interface IntentLedger {
  retrieve(id: string): Promise<IntentState>;
  refund(id: string, idempotencyKey: string): Promise<void>;
  /**
   * Cancels an intent nobody paid (its swap expired, its purchase hold ended). Answers false for one the provider would
   * not cancel (it succeeded, is processing, or was cancelled before): it is left as it is.
   */
  cancel(id: string): Promise<boolean>;
}

/**
 * The PaymentIntent path (Stripe only): the server creates an intent, Stripe.js confirms it in the page with the
 * person's card, and the server retrieves it to verify before it confirms anything. Refunds give back a payment whose
 * order ended before it could be settled; the webhook tells of intents that succeeded after the page was closed.
 */
export interface PaymentIntents extends IntentLedger {
  /** Stripe.js needs it beside an intent's client secret. */
  publishableKey: string;
  create(request: {
    amountMinor: number;
    currencyCode: string;
    description: string;
    idempotencyKey: string;
    purpose: PaymentPurpose;
    /** Groups the charge with the transfers that later pay sellers from it. */
    transferGroup?: string;
    /** Stripe e-mails its receipt of the charge here (the payer's address). */
    receiptEmail?: string;
  }): Promise<{
    id: string;
    clientSecret: string;
  }>;
  /** The event of a signed webhook payload; throws on a bad signature, a signing time outside the tolerance or when no webhook secret is configured. Null for event types we do not handle. */
  verifyWebhook(rawBody: Buffer, signature: string): PaymentEvent | null;
}

export interface PaymentsProvider {
  kind: 'local' | 'stripe';
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Present only for Stripe with a publishable key (without one no page can run Stripe.js). */
  intents?: PaymentIntents;
  /** The intents the server reads back (a page's report, an event, reconciliation): Stripe's (as `intents`) or the local provider's. */
  ledger?: IntentLedger;
  /**
   * A provider that has no webhooks (the local one) hands its events to the listener instead, which stores and handles
   * them as the webhook route does. Answers a function that stops listening.
   */
  listen?(listener: (event: PaymentEvent) => Promise<unknown>): () => void;
}

/** The local provider's record of what it charged, for tests that check money adds up. */
export interface LocalCharge {
  id: string;
  amountMinor: number;
  currencyCode: string;
  idempotencyKey: string;
}

/**
 * The local provider's test payment methods, Stripe's own test scheme: the cards' PaymentMethod ids (card numbers
 * 4242 4242 4242 4242, 4000 0000 0000 0002, 4000 0000 0000 0259), and for a delayed method Stripe's AU BECS Direct Debit
 * test accounts (BSB 000-000, account 000123456 succeeds after processing, 111111113 fails after it, account_closed).
 * A refund or the end of a dispute is a person's act at Stripe; here the dev route does it (POST /dev/payments/...).
 */
export const LOCAL_TEST_METHODS = {
  succeeds: 'pm_card_visa',
  declined: 'pm_card_chargeDeclined',
  /** Succeeds, then the charge is disputed (as fraudulent) a moment later, as at Stripe: the payout is held. */
  disputed: 'pm_card_createDispute',
  /** BECS 000-000 000123456: processing, then succeeded. */
  processingSucceeds: 'pm_au_becs_debit_000123456',
  /** BECS 000-000 111111113: processing, then failed (account_closed). */
  processingFails: 'pm_au_becs_debit_111111113',
} as const;

/** What the dev route may do to a local charge, as a person would in Stripe's dashboard. */
export const LOCAL_PAYMENT_ACTIONS = ['refund', 'dispute', 'dispute_won', 'dispute_lost'] as const;
export type LocalPaymentAction = (typeof LOCAL_PAYMENT_ACTIONS)[number];

interface LocalIntent {
  id: string;
  status: 'processing' | 'succeeded' | 'requires_payment_method' | 'canceled';
  amountMinor: number;
  currencyCode: string;
  purpose: PaymentPurpose | null;
  chargeId: string;
  refundedMinor: number;
  dispute: { id: string; status: 'open' | 'won' | 'lost' } | null;
}

/** What happens to a new intent later, by itself: a debit ends (succeeded or failed), a dispute card's dispute opens. */
interface LocalDue {
  outcome: 'succeeded' | 'failed' | 'disputed';
  /** Epoch ms; null: only at settleProcessing (tests). */
  at: number | null;
}

/**
 * One entry of the local provider's ledger: an event of one of its intents, in the order they happened. Besides the
 * events it delivers (PaymentEvent), `payment_intent.created` (the new intent, what is due to it later, and what the
 * charge answered under its idempotency key) and `payment_intent.canceled`, which only the ledger reads — as Stripe's
 * own events of those names.
 */
export type LocalLedgerEntry =
  | { eventId: string; intentId: string; type: 'payment_intent.created'; body: { intent: LocalIntent; due: LocalDue | null; idempotencyKey: string; result: ChargeResult } }
  | { eventId: string; intentId: string; type: 'payment_intent.canceled'; body: { intentId: string } }
  | { eventId: string; intentId: string; type: PaymentEventType; body: PaymentEvent };

/**
 * Where the local provider keeps its ledger so that a restart and every instance on one database see the same
 * charges (src/server/adapters/local-ledger-store.ts: the payment_events table). `find` and `findByKey` exist only
 * where another instance may write (Postgres): with one embedded database the ledger read at attach is complete, and
 * a read while a caller's transaction holds the only connection would wait forever.
 */
export interface LocalLedgerStore {
  append(entry: LocalLedgerEntry): Promise<void>;
  load(): Promise<LocalLedgerEntry[]>;
  find?(intentId: string): Promise<LocalLedgerEntry[]>;
  findByKey?(idempotencyKey: string): Promise<LocalLedgerEntry[]>;
}

export interface LocalPayments extends PaymentsProvider {
  kind: 'local';
  /** What this instance charged (tests that check money adds up). */
  charges: LocalCharge[];
  ledger: IntentLedger;
  listen(listener: (event: PaymentEvent) => Promise<unknown>): () => void;
  /** Keeps the ledger in `store` from now on, after reading what it holds (the charges of earlier runs and other instances). */
  attach(store: LocalLedgerStore): Promise<void>;
  /** A refund or a dispute's turn, as a person would make it in Stripe's dashboard; its event is delivered. */
  act(intentId: string, action: LocalPaymentAction): Promise<void>;
  /** Ends every processing intent now, and opens the disputes due (tests that run without the delay). */
  settleProcessing(): Promise<void>;
  /** Resolves once every event handed out (and every ledger entry written) so far was handled by the listeners. */
  idle(): Promise<void>;
}

export const isLocalPayments = (payments: PaymentsProvider): payments is LocalPayments => payments.kind === 'local' && 'act' in payments;

/** An intent's state after one more ledger entry. */
function applyEntry(intents: Map<string, LocalIntent>, entry: LocalLedgerEntry): void {
  if (entry.type === 'payment_intent.created') {
    intents.set(entry.intentId, { ...entry.body.intent, dispute: null, refundedMinor: 0 });
    return;
  }
  const intent = intents.get(entry.intentId);
  if (!intent) return;
  if (entry.type === 'payment_intent.canceled') {
    intent.status = 'canceled';
    return;
  }
  const event = entry.body;
  if (event.type === 'payment_intent.succeeded') intent.status = 'succeeded';
  else if (event.type === 'payment_intent.payment_failed') intent.status = 'requires_payment_method';
  else if (event.type === 'charge.refunded') intent.refundedMinor = Math.max(intent.refundedMinor, event.amountRefundedMinor);
  else if (event.type === 'charge.dispute.created') intent.dispute ??= { id: event.disputeId, status: 'open' };
  else if (event.type === 'charge.dispute.closed' && intent.dispute) intent.dispute.status = event.outcome === 'lost' ? 'lost' : 'won';
}

/**
 * The local provider. `processingMs`: how long a delayed method stays processing before it succeeds or fails (null:
 * until settleProcessing). Its events go to the listeners one after another, after the call that caused them returned,
 * as webhooks would arrive. Its intents live in memory, and once attached to a store also in the database: written
 * behind, in order, on the same queue as the events (never inside a caller's transaction), read at attach and, where
 * other instances write too, when an intent or an idempotency key is not known here.
 */
export function createLocalPayments({ processingMs = null }: { processingMs?: number | null } = {}): LocalPayments {
  const charges: LocalCharge[] = [];
  const byKey = new Map<string, ChargeResult>();
  const intents = new Map<string, LocalIntent>();
  const refundKeys = new Set<string>();
  const listeners = new Set<(event: PaymentEvent) => Promise<unknown>>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let store: LocalLedgerStore | null = null;
  let delivering: Promise<void> = Promise.resolve();
  const newId = (prefix: string) => `${prefix}_local_${randomBytes(8).toString('hex')}`;

  /** Runs `step` after what is queued, after the current call returned. */
  function enqueue(step: () => Promise<void>) {
    delivering = delivering.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(step);
  }

  /** This instance's entries not written yet (behind, on the queue): a read-through applies them over the store's. */
  const unwritten: LocalLedgerEntry[] = [];

  /** Writes a ledger entry behind (a failed write is lost, as a webhook that never arrived: reconciliation reads the state again). */
  function keep(entry: LocalLedgerEntry) {
    if (!store) return;
    unwritten.push(entry);
    enqueue(() =>
      store!
        .append(entry)
        .catch(() => undefined)
        .finally(() => unwritten.splice(unwritten.indexOf(entry), 1)),
    );
  }

  function deliver(event: PaymentEvent extends infer E ? (E extends PaymentEvent ? Omit<E, 'id'> : never) : never): void {
    const full = { ...event, id: newId('evt') } as PaymentEvent & { intentId: string };
    keep({ eventId: full.id, intentId: full.intentId, type: full.type, body: full });
    enqueue(async () => {
      for (const listener of listeners) await listener(full).catch(() => undefined);
    });
  }

  /**
   * An intent as it is now. Where instances share the store (Postgres), read through every time: the store's entries
   * for it, with this instance's own not yet written on top, brought into the copy this instance holds (in place, as
   * its timers hold it) — so a refund, settlement or failure another instance made is never acted on stale.
   */
  async function known(id: string): Promise<LocalIntent> {
    if (store?.find) {
      const stored = await store.find(id);
      if (!intents.has(id)) remember(stored);
      else {
        const seen = new Set(stored.map((entry) => entry.eventId));
        const fresh = new Map<string, LocalIntent>();
        for (const entry of [...stored, ...unwritten.filter((own) => own.intentId === id && !seen.has(own.eventId))]) applyEntry(fresh, entry);
        const now = fresh.get(id);
        if (now) Object.assign(intents.get(id)!, now, { dispute: now.dispute && { ...now.dispute } });
      }
    }
    const intent = intents.get(id);
    // As Stripe answers an id it does not know: a payment that did not happen.
    if (!intent) throw new ApiError('api.payment.declined');
    return intent;
  }

  /** Takes entries read from the store into memory; what was due to their intents is scheduled again. */
  function remember(entries: LocalLedgerEntry[]) {
    for (const entry of entries) applyEntry(intents, entry);
    for (const entry of entries) {
      if (entry.type !== 'payment_intent.created') continue;
      byKey.set(entry.body.idempotencyKey, entry.body.result);
      const intent = intents.get(entry.intentId)!;
      const due = entry.body.due;
      if (due && (due.outcome === 'disputed' ? intent.status === 'succeeded' && !intent.dispute : intent.status === 'processing')) {
        schedule(intent, due, entry.body.idempotencyKey);
      }
    }
  }

  function succeeded(intent: LocalIntent, idempotencyKey: string) {
    intent.status = 'succeeded';
    charges.push({ id: intent.id, amountMinor: intent.amountMinor, currencyCode: intent.currencyCode, idempotencyKey });
  }

  function openDispute(intent: LocalIntent) {
    if (intent.dispute) return;
    intent.dispute = { id: newId('dp'), status: 'open' };
    deliver({ type: 'charge.dispute.created', intentId: intent.id, chargeId: intent.chargeId, disputeId: intent.dispute.id });
  }

  /** A processing intent's end: the bank debit cleared, or it failed. */
  function endProcessing(intent: LocalIntent, outcome: 'succeeded' | 'failed', idempotencyKey: string) {
    if (intent.status !== 'processing') return;
    if (outcome === 'succeeded') succeeded(intent, idempotencyKey);
    else intent.status = 'requires_payment_method';
    deliver({ type: outcome === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', intentId: intent.id });
  }

  function schedule(intent: LocalIntent, due: LocalDue, idempotencyKey: string) {
    const step = () => (due.outcome === 'disputed' ? openDispute(intent) : endProcessing(intent, due.outcome, idempotencyKey));
    // Where another instance may have ended it meanwhile, its state is read through first (known), then acted on.
    // On the queue, so that what it delivers follows in order and idle() waits for it.
    const readThenStep = async () => {
      await known(intent.id).catch(() => intent);
      step();
    };
    later(() => (store?.find ? enqueue(readThenStep) : step()), due.at);
  }

  const pending = new Set<() => void>();
  /** What happens at `at` (epoch ms; null: at settleProcessing), once. */
  function later(step: () => void, at: number | null) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      if (!pending.delete(run)) return;
      if (timer) timers.delete(timer);
      step();
    };
    pending.add(run);
    if (at === null) return;
    timer = setTimeout(run, Math.max(0, at - Date.now()));
    timer.unref();
    timers.add(timer);
  }

  async function idle() {
    // Events handed out while waiting are waited for too.
    let seen: Promise<void>;
    do {
      seen = delivering;
      await seen;
    } while (seen !== delivering);
  }

  const ledger: IntentLedger = {
    async retrieve(id) {
      const intent = await known(id);
      return {
        id: intent.id,
        status: intent.status,
        amountReceivedMinor: intent.status === 'succeeded' ? intent.amountMinor : 0,
        currencyCode: intent.currencyCode,
        purpose: intent.purpose,
        chargeId: intent.status === 'succeeded' ? intent.chargeId : null,
      };
    },
    async refund(id, idempotencyKey) {
      const intent = await known(id);
      if (refundKeys.has(idempotencyKey)) return;
      // Stripe refuses to refund a charge that is not paid, or twice over.
      if (intent.status !== 'succeeded' || intent.refundedMinor >= intent.amountMinor) throw new ApiError('api.payment.provider_unavailable');
      refundKeys.add(idempotencyKey);
      intent.refundedMinor = intent.amountMinor;
      deliver({ type: 'charge.refunded', intentId: intent.id, chargeId: intent.chargeId, amountRefundedMinor: intent.refundedMinor });
    },
    async cancel(id) {
      const intent = await known(id);
      if (intent.status !== 'requires_payment_method') return false;
      intent.status = 'canceled';
      keep({ eventId: newId('evt'), intentId: id, type: 'payment_intent.canceled', body: { intentId: id } });
      return true;
    },
  };

  return {
    kind: 'local',
    charges,
    ledger,
    async attach(attached) {
      remember(await attached.load());
      store = attached;
    },
    async charge(request) {
      if (!byKey.has(request.idempotencyKey) && store?.findByKey) remember(await store.findByKey(request.idempotencyKey));
      const knownResult = byKey.get(request.idempotencyKey);
      if (knownResult) return knownResult;
      const method = request.paymentMethod;
      const delayed = method === LOCAL_TEST_METHODS.processingSucceeds || method === LOCAL_TEST_METHODS.processingFails;
      const pays = method === LOCAL_TEST_METHODS.succeeds || method === LOCAL_TEST_METHODS.disputed;
      let result: ChargeResult;
      if (pays || (delayed && request.purpose)) {
        const id = newId('pi');
        const intent: LocalIntent = {
          id,
          status: 'processing',
          amountMinor: request.amountMinor,
          currencyCode: request.currencyCode,
          purpose: request.purpose ?? null,
          chargeId: id.replace('pi_local_', 'ch_local_'),
          refundedMinor: 0,
          dispute: null,
        };
        intents.set(id, intent);
        const at = processingMs === null ? null : Date.now() + processingMs;
        let due: LocalDue | null = null;
        if (pays) {
          succeeded(intent, request.idempotencyKey);
          // Opened a moment later, as at Stripe: after the sale it paid for was recorded.
          if (method === LOCAL_TEST_METHODS.disputed) due = { outcome: 'disputed', at };
          result = { status: 'succeeded', providerPaymentId: id, providerChargeId: intent.chargeId, amountMinor: request.amountMinor, currencyCode: request.currencyCode };
        } else {
          due = { outcome: method === LOCAL_TEST_METHODS.processingSucceeds ? 'succeeded' : 'failed', at };
          result = { status: 'processing', providerPaymentId: id };
        }
        keep({ eventId: newId('evt'), intentId: id, type: 'payment_intent.created', body: { intent: { ...intent }, due, idempotencyKey: request.idempotencyKey, result } });
        // As Stripe tells of a debit on its way; its end follows after the processing time.
        if (!pays) deliver({ type: 'payment_intent.processing', intentId: id });
        if (due) schedule(intent, due, request.idempotencyKey);
      } else {
        result = {
          status: 'declined',
          reason: method === LOCAL_TEST_METHODS.declined ? 'card_declined' : delayed ? 'payment_method_not_available' : 'unknown_payment_method',
        };
      }
      byKey.set(request.idempotencyKey, result);
      return result;
    },
    listen(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) for (const timer of timers) clearTimeout(timer);
      };
    },
    async act(intentId, action) {
      const intent = await known(intentId);
      if (intent.status !== 'succeeded') throw new ApiError('api.payment.declined');
      if (action === 'refund') await ledger.refund(intentId, newId('refund'));
      else if (action === 'dispute') openDispute(intent);
      else if (intent.dispute?.status === 'open') {
        intent.dispute.status = action === 'dispute_won' ? 'won' : 'lost';
        deliver({ type: 'charge.dispute.closed', intentId, chargeId: intent.chargeId, disputeId: intent.dispute.id, outcome: intent.dispute.status });
      }
      await delivering;
    },
    async settleProcessing() {
      for (const run of [...pending]) run();
      await idle();
    },
    idle,
  };
}

export function createStripePayments(
  secretKey: string,
  options: { publishableKey?: string | undefined; apiBase?: string | undefined; webhookSecret?: string | undefined } = {},
): PaymentsProvider {
  const stripe = new Stripe(secretKey, { ...stripeOptions(options.apiBase), apiVersion: STRIPE_API_VERSION, maxNetworkRetries: 1 });
  const intents = options.publishableKey ? stripeIntents(stripe, options.publishableKey, options.webhookSecret) : undefined;
  return {
    kind: 'stripe',
    ...(intents ? { intents, ledger: intents } : {}),
    async charge(request) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountMinor,
            currency: request.currencyCode.toLowerCase(),
            payment_method: request.paymentMethod,
            description: request.description,
            statement_descriptor_suffix: statementSuffixOf(request.purpose),
            confirm: true,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        // Verified here, not trusted from the client: the intent must have succeeded for the amount asked.
        if (intent.status !== 'succeeded' || intent.amount_received !== request.amountMinor) {
          return { status: 'declined', reason: intent.status };
        }
        return {
          status: 'succeeded',
          providerPaymentId: intent.id,
          providerChargeId: intent.latest_charge ? idOf(intent.latest_charge) : null,
          amountMinor: intent.amount_received,
          currencyCode: intent.currency.toUpperCase(),
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) {
          return { status: 'declined', reason: error.code ?? 'declined' };
        }
        // Stripe unreachable or failing: api.payment.provider_unavailable (502), not a 500.
        return fromStripe(() => Promise.reject(error));
      }
    },
  };
}

/**
 * The end of the line a card statement shows (Stripe's statement_descriptor_suffix, after the account's prefix; at
 * most 22 characters together, Latin letters, digits and spaces): what the charge paid for, so a payer who sees it
 * knows it and does not dispute it.
 */
export function statementSuffixOf(purpose: PaymentPurpose | undefined): string {
  return purpose?.kind === 'swap' ? 'TICKET SWAP' : 'TICKET RESALE';
}

/** The PaymentIntent path of the Stripe provider (see PaymentIntents). */
function stripeIntents(stripe: Stripe, publishableKey: string, webhookSecret: string | undefined): PaymentIntents {
  const stateOfIntent = (intent: Stripe.PaymentIntent): IntentState => ({
    id: intent.id,
    status: intent.status,
    amountReceivedMinor: intent.amount_received ?? 0,
    currencyCode: intent.currency.toUpperCase(),
    purpose: purposeFromMetadata(intent.metadata),
    chargeId: intent.latest_charge ? idOf(intent.latest_charge) : null,
  });
  return {
    publishableKey,
    async create(request) {
      const intent = await fromStripe(() =>
        stripe.paymentIntents.create(
          {
            amount: request.amountMinor,
            currency: request.currencyCode.toLowerCase(),
            description: request.description,
            metadata: purposeToMetadata(request.purpose),
            ...(request.transferGroup ? { transfer_group: request.transferGroup } : {}),
            ...(request.receiptEmail ? { receipt_email: request.receiptEmail } : {}),
            statement_descriptor_suffix: statementSuffixOf(request.purpose),
            // Confirmed in the page without leaving it (docs/decisions/0048-money-that-adds-up-webhooks-separate-charges-and-transfers.md): no redirect-based methods.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      if (!intent.client_secret) throw new ApiError('api.payment.provider_unavailable');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async retrieve(id) {
      try {
        return stateOfIntent(await fromStripe(() => stripe.paymentIntents.retrieve(id)));
      } catch (error) {
        // An id Stripe does not know (made up by the page) is a payment that did not happen.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new ApiError('api.payment.declined');
        throw error;
      }
    },
    async refund(id, idempotencyKey) {
      await fromStripe(() => stripe.refunds.create({ payment_intent: id }, { idempotencyKey }));
    },
    async cancel(id) {
      try {
        await fromStripe(() => stripe.paymentIntents.cancel(id));
        return true;
      } catch (error) {
        // Already succeeded, processing or cancelled: Stripe refuses, and there is nothing to cancel.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return false;
        throw error;
      }
    },
    verifyWebhook(rawBody, signature) {
      if (!webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not configured');
      return paymentEventOf(constructSignedEvent(stripe, rawBody, signature, webhookSecret));
    },
  };
}
