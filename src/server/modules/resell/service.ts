// Resale: which tickets may be listed, the price quote with the organiser's service fee, listing (needs a verified
// payout account), unlisting, buying through a share link, and the seller's lists of tickets on sale and sold. Money
// is minor units inside.
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { Listing, PaymentIntent, PriceQuote, PublicListing, ResellableTicket, SoldEntry } from '../../../contract/entities';
import { ApiError, unlessApiError } from '../../../contract/errors';
import { resellPriceSchema } from '../../../contract/form-schemas';
import type { Config } from '../../config';
import type { IntentLedger, IntentState, PaymentsProvider } from '../../adapters/payments';
import type { Database, Transaction } from '../../db/client';
import { events, listings, organisations, payments as paymentRows, payouts as payoutRows, ticketTypes, userTickets, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import {
  allows,
  assertTicketAllowed,
  factsAllow,
  heldStatuses,
  type LifecycleTicket,
  lockTicket,
  lockTickets,
  mayTake,
  ownedBy,
  refusalOf,
  setTicketStatus,
  transferTicket,
} from '../lifecycle/service';
import type { PayoutService } from '../payouts/service';
import { transferableTickets } from '../tickets/service';
import { endAttempt, openAttemptsOf, recordAttempt } from '../reconcile/attempts';
import { claimMail, paymentFailedMailKey, paymentRefundedMailKey } from '../flow-mail';
import type { PaymentPurpose } from '../../../contract/payment-purpose';

/** How long a buyer's PaymentIntent stays payable; afterwards reconciliation cancels it if nobody paid. */
export const PURCHASE_HOLD_MS = 30 * 60 * 1000;

const toDecimal = (minor: number) => minor / 100;
/** The group of a resale charge and the transfers that pay its sellers (Stripe's transfer_group). */
const transferGroupOf = (buyerId: number, listingIds: number[]) => `resale-${buyerId}-${listingIds.join('-')}`;
const toMinor = (decimal: number) => Math.round(decimal * 100);

type ListingRow = typeof listings.$inferSelect & { name: string; ticketLogo: string | null; payout: typeof payoutRows.$inferSelect | null; eventEnd: Date; eventTimeZone: string };

export function createResellService({
  db,
  config,
  now,
  payouts,
  payments,
  onPaymentRefunded,
}: {
  db: Database;
  config: Config;
  now: () => Date;
  payouts: PayoutService;
  payments: PaymentsProvider;
  /** After a purchase's payment that succeeded too late (the listings were gone) was refunded (committed): the buyer is told. */
  onPaymentRefunded?: (purpose: Extract<PaymentPurpose, { kind: 'resale' }>) => Promise<void>;
}) {
  async function feeRule(tx: Database | Transaction, ticketTypeId: number) {
    const [row] = await tx
      .select({ type: ticketTypes, basisPoints: organisations.resaleFeeBasisPoints, fixedMinor: organisations.resaleFeeFixedMinor })
      .from(ticketTypes)
      .innerJoin(events, eq(events.id, ticketTypes.eventId))
      .innerJoin(organisations, eq(organisations.id, events.organisationId))
      .where(eq(ticketTypes.id, ticketTypeId));
    return row;
  }

  function quoteMinor(priceMinor: number, quantity: number, rule: { basisPoints: number; fixedMinor: number }) {
    const baseMinor = priceMinor * quantity;
    const feeMinor = Math.round((baseMinor * rule.basisPoints) / 10_000) + rule.fixedMinor * quantity;
    return { baseMinor, feeMinor, totalMinor: baseMinor + feeMinor };
  }

  const shareLink = (shareCode: string) => `${config.publicBaseUrl}/resale/${shareCode}`;

  async function listingRows(userId: number, status: 'on_sale' | 'sold'): Promise<ListingRow[]> {
    const rows = await db
      .select({ listing: listings, name: ticketTypes.name, ticketLogo: ticketTypes.logoUrl, payout: payoutRows, eventEnd: events.endsAt, eventTimeZone: events.timeZone })
      .from(listings)
      .innerJoin(userTickets, eq(userTickets.id, listings.userTicketId))
      .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
      .innerJoin(events, eq(events.id, ticketTypes.eventId))
      .leftJoin(payoutRows, eq(payoutRows.listingId, listings.id))
      .where(and(eq(listings.sellerUserId, userId), eq(listings.status, status)))
      .orderBy(desc(status === 'sold' ? listings.soldAt : listings.listedAt), desc(listings.id));
    return rows.map(({ listing, ...rest }) => ({ ...listing, ...rest }));
  }

  const toListing = (row: ListingRow): Listing => ({
    userTicketId: row.userTicketId,
    name: row.name,
    ticketLogo: row.ticketLogo,
    price: toDecimal(row.priceMinor),
    currencySymbol: row.currencySymbol,
    listedDate: row.listedAt.toISOString(),
    shareLinkUrl: shareLink(row.shareCode),
  });

  const toSold = (row: ListingRow): SoldEntry => ({
    userTicketId: row.userTicketId,
    name: row.name,
    ticketLogo: row.ticketLogo,
    price: toDecimal(row.priceMinor),
    currencySymbol: row.currencySymbol,
    soldDate: (row.soldAt ?? row.listedAt).toISOString(),
    // A sale from before payouts were recorded reads as held until its event's end, as the seller's e-mail said.
    payoutStatus: row.payout?.status === 'held' && row.payout.holdReason ? 'on_hold' : (row.payout?.status ?? 'held'),
    payoutDate: (row.payout?.status === 'paid'
      ? row.payout.paidAt!
      : row.payout?.status === 'reversed'
        ? row.payout.reversedAt!
        : (row.payout?.releaseAfter ?? row.eventEnd)
    ).toISOString(),
    eventTimeZone: row.eventTimeZone,
  });

  const totalOf = (onSale: (typeof listings.$inferSelect)[]) => onSale.reduce((sum, listing) => sum + listing.priceMinor + listing.serviceFeeMinor, 0);

  /** A purchase of `quantity` from these on-sale listings of one share code: they exist, are not the buyer's, suffice. */
  function assertOffer(onSale: (typeof listings.$inferSelect)[], buyerId: number, quantity: number) {
    if (onSale.length === 0) throw new ApiError('api.resell.listing_not_found');
    if (onSale.some((listing) => listing.sellerUserId === buyerId)) throw new ApiError('api.resell.own_listing');
    if (onSale.length < quantity) throw new ApiError('api.resell.not_enough_on_sale');
  }

  /**
   * The sale, once paid: the payment row, each ticket to the buyer, each listing sold with the ticket the buyer got,
   * and each seller's payout recorded as held until the event has ended.
   */
  async function completeSale(
    tx: Transaction,
    sale: {
      buyerId: number;
      onSale: (typeof listings.$inferSelect)[];
      tickets: LifecycleTicket[];
      at: Date;
      provider: string;
      providerPaymentId: string;
      providerChargeId: string | null;
    },
  ) {
    const { buyerId, onSale, tickets, at } = sale;
    const [payment] = await tx
      .insert(paymentRows)
      .values({
        userId: buyerId,
        provider: sale.provider,
        providerPaymentId: sale.providerPaymentId,
        providerChargeId: sale.providerChargeId,
        transferGroup: transferGroupOf(buyerId, onSale.map((listing) => listing.id)),
        purpose: 'resale',
        amountMinor: totalOf(onSale),
        currencyCode: onSale[0]!.currencyCode,
        createdAt: at,
      })
      .returning({ id: paymentRows.id });
    const ends = new Map(
      (
        await tx
          .select({ typeId: ticketTypes.id, endsAt: events.endsAt })
          .from(ticketTypes)
          .innerJoin(events, eq(events.id, ticketTypes.eventId))
          .where(inArray(ticketTypes.id, tickets.map((ticket) => ticket.ticketTypeId)))
      ).map((row) => [row.typeId, row.endsAt]),
    );
    const received: number[] = [];
    for (const listing of onSale) {
      const ticket = tickets.find((candidate) => candidate.id === listing.userTicketId)!;
      const buyerUserTicketId = await transferTicket(tx, ticket, { operation: 'purchase', toUserId: buyerId, source: 'resale', at });
      received.push(buyerUserTicketId);
      await tx
        .update(listings)
        .set({ status: 'sold', soldAt: at, buyerUserId: buyerId, paymentId: payment!.id, buyerUserTicketId })
        .where(eq(listings.id, listing.id));
      await tx.insert(payoutRows).values({
        listingId: listing.id,
        sellerUserId: listing.sellerUserId,
        amountMinor: listing.priceMinor,
        currencyCode: listing.currencyCode,
        releaseAfter: ends.get(ticket.ticketTypeId)!,
        createdAt: at,
        paymentId: payment!.id,
      });
    }
    return { userTicketIds: received, listingIds: onSale.map((listing) => listing.id) };
  }

  /**
   * Settles a resale PaymentIntent Stripe.js confirmed. Verified with Stripe's own record: succeeded, for this buyer
   * and these listings, for their total in their currency — else declined. The listings are locked first, so a second
   * report of the same intent (the page and the webhook) waits and then finds it settled, answering the same tickets.
   * Money taken for listings that are no longer on sale (another buyer was first, the seller unlisted) is refunded;
   * the refund's e-mail is claimed in the transaction that records the refund, so of every caller that refunds it (the
   * page, a redelivery, another instance) one tells the buyer, after the commit.
   */
  async function settleIntent(intent: IntentState, intents: IntentLedger): Promise<{ userTicketIds: number[]; listingIds: number[] }> {
    const provider = payments.kind;
    const purpose = intent.purpose;
    // Not declined: the money is on its way, and the webhook settles the purchase once it arrives.
    if (intent.status === 'processing' && purpose?.kind === 'resale') throw new ApiError('api.payment.processing', { paymentIntentId: intent.id });
    if (intent.status !== 'succeeded' || purpose?.kind !== 'resale') throw new ApiError('api.payment.declined');
    const { listingIds: ids, buyerId, shareCode } = purpose;
    const outcome = await inTransaction(db, async (tx) => {
      const at = now();
      const rows = await tx
        .select()
        .from(listings)
        .where(and(inArray(listings.id, ids), eq(listings.shareCode, shareCode)))
        .orderBy(asc(listings.id))
        .for('update');
      const [known] = await tx
        .select({ id: paymentRows.id })
        .from(paymentRows)
        .where(and(eq(paymentRows.provider, provider), eq(paymentRows.providerPaymentId, intent.id)));
      if (known) {
        const sold = rows.filter((row) => row.paymentId === known.id);
        return { result: { userTicketIds: sold.map((row) => row.buyerUserTicketId!), listingIds: [] } };
      }
      if (rows.length !== ids.length || rows.some((row) => row.status !== 'on_sale')) return { refund: new ApiError('api.resell.not_enough_on_sale') };
      if (rows.some((row) => row.sellerUserId === buyerId)) return { refund: new ApiError('api.resell.own_listing') };
      if (totalOf(rows) !== intent.amountReceivedMinor || rows[0]!.currencyCode !== intent.currencyCode) return { refund: new ApiError('api.payment.declined') };
      const tickets = await lockTickets(tx, inArray(userTickets.id, rows.map((row) => row.userTicketId)), at);
      if (tickets.length !== rows.length) return { refund: new ApiError('api.resell.not_enough_on_sale') };
      const refused = tickets.map((ticket) => refusalOf(ticket, 'purchase', at)).find(Boolean);
      if (refused) return { refund: refused };
      const result = await completeSale(tx, { buyerId, onSale: rows, tickets, at, provider, providerPaymentId: intent.id, providerChargeId: intent.chargeId });
      await endAttempt(tx, provider, intent.id, 'settled', at);
      return { result };
    });
    if ('refund' in outcome) {
      await intents.refund(intent.id, `resale-refund:${intent.id}`);
      const tell = await inTransaction(db, async (tx) => {
        const at = now();
        await endAttempt(tx, provider, intent.id, 'refunded', at);
        return claimMail(tx, paymentRefundedMailKey(provider, intent), at);
      });
      if (tell) await onPaymentRefunded?.(purpose);
      throw outcome.refund;
    }
    return outcome.result;
  }

  return {
    /** Resellable tickets grouped by type; userTicketId is the first ticket of the group. */
    async available(userId: number): Promise<ResellableTicket[]> {
      const groups = new Map<number, ResellableTicket>();
      const tickets = await transferableTickets(db, userId, 'resell', now());
      if (tickets.length === 0) return [];
      const types = new Map(
        (await db.select().from(ticketTypes).where(inArray(ticketTypes.id, tickets.map((ticket) => ticket.ticketTypeId)))).map((type) => [type.id, type]),
      );
      for (const ticket of tickets) {
        const type = types.get(ticket.ticketTypeId)!;
        const group = groups.get(type.id);
        if (group) {
          group.availableTicketCount += 1;
          continue;
        }
        groups.set(type.id, {
          userTicketId: ticket.id,
          ticketId: type.id,
          ticketName: type.name,
          ticketLogo: type.logoUrl,
          currencyCode: type.currencyCode,
          currencySymbol: type.currencySymbol,
          ticketPrice: toDecimal(type.priceMinor),
          maxTicketPrice: toDecimal(type.maxResalePriceMinor),
          availableTicketCount: 1,
        });
      }
      return [...groups.values()];
    },

    /** Subtotal (price × quantity), the organiser's service fee, and the total a buyer pays. */
    async quote(input: { selectedPrice: number; quantity: number; ticketId: number }): Promise<PriceQuote> {
      const rule = await feeRule(db, input.ticketId);
      if (!rule || !rule.type.isResellable) throw new ApiError('api.resell.ticket_not_found');
      const { baseMinor, feeMinor, totalMinor } = quoteMinor(toMinor(input.selectedPrice), input.quantity, rule);
      return {
        basePrice: toDecimal(baseMinor),
        serviceFee: toDecimal(feeMinor),
        totalPrice: toDecimal(totalMinor),
        currencyCode: rule.type.currencyCode,
        currencySymbol: rule.type.currencySymbol,
      };
    },

    async list(
      userId: number,
      input: { userTicketId: number; amountCount: number; price: number; currencyCode: string; currencySymbol: string },
    ): Promise<{ shareLinkUrl: string; userTicketIds: number[] }> {
      if (!(await payouts.isVerified(userId))) throw new ApiError('api.resell.create.no_stripe');
      return inTransaction(db, async (tx) => {
        const at = now();
        // The chosen ticket and the user's other tickets of its type that may be listed, locked in one statement (id
        // order): two listings of overlapping tickets wait for each other instead of deadlocking.
        const [chosenRow] = await tx.select({ ticketTypeId: userTickets.ticketTypeId }).from(userTickets).where(eq(userTickets.id, input.userTicketId));
        const locked = chosenRow
          ? await lockTickets(
              tx,
              or(
                eq(userTickets.id, input.userTicketId),
                and(ownedBy(userId), eq(userTickets.ticketTypeId, chosenRow.ticketTypeId), mayTake('list', at), factsAllow('list', at)),
              ),
              at,
            )
          : [];
        const chosen = locked.find((ticket) => ticket.id === input.userTicketId);
        if (!chosen || chosen.ownerUserId !== userId || !heldStatuses.includes(chosen.status)) throw new ApiError('api.resell.ticket_not_found');
        if (chosen.status === 'listed') throw new ApiError('api.resell.create.already_listed');
        assertTicketAllowed(chosen, 'list', at);
        const [type] = await tx.select().from(ticketTypes).where(eq(ticketTypes.id, chosen.ticketTypeId));
        if (!resellPriceSchema(toDecimal(type!.maxResalePriceMinor)).safeParse(input.price).success || input.currencyCode !== type!.currencyCode) {
          throw new ApiError('api.resell.invalid_price');
        }
        // The chosen ticket first, then the others the machine lets go.
        const others = locked.filter((ticket) => ticket !== chosen && ticket.ownerUserId === userId && allows(ticket, 'list', at));
        const tickets = [chosen, ...others].slice(0, input.amountCount);
        if (tickets.length < input.amountCount) throw new ApiError('api.resell.ticket_not_found');
        const ids = tickets.map((ticket) => ticket.id);
        const rule = (await feeRule(tx, type!.id))!;
        const priceMinor = toMinor(input.price);
        const { feeMinor } = quoteMinor(priceMinor, 1, rule);
        const shareCode = randomBytes(9).toString('base64url');
        await setTicketStatus(tx, tickets, 'list', at);
        await tx.insert(listings).values(
          ids.map((userTicketId) => ({
            userTicketId,
            sellerUserId: userId,
            shareCode,
            priceMinor,
            serviceFeeMinor: feeMinor,
            currencyCode: type!.currencyCode,
            currencySymbol: type!.currencySymbol,
            listedAt: at,
          })),
        );
        return { shareLinkUrl: shareLink(shareCode), userTicketIds: ids };
      });
    },

    async unlist(userId: number, userTicketId: number): Promise<{ ok: true }> {
      return inTransaction(db, async (tx) => {
        const [listing] = await tx
          .select()
          .from(listings)
          .where(and(eq(listings.userTicketId, userTicketId), eq(listings.sellerUserId, userId), eq(listings.status, 'on_sale')))
          .for('update');
        if (!listing) throw new ApiError('api.resell.listing_not_found');
        const ticket = await lockTicket(tx, userTicketId, now());
        await setTicketStatus(tx, [ticket!], 'unlist', now());
        await tx.update(listings).set({ status: 'unlisted', unlistedAt: now() }).where(eq(listings.id, listing.id));
        return { ok: true as const };
      });
    },

    /**
     * The Stripe PaymentIntent for buying `quantity` tickets under a share link, for Stripe.js to confirm in the share
     * page. It names the buyer and the listings it pays for; nothing is reserved meanwhile, so a buyer who pays for
     * listings someone else bought first is refunded (purchase with the intent).
     */
    async purchaseIntent(buyerId: number, shareCode: string, quantity: number): Promise<PaymentIntent> {
      const intents = payments.intents;
      if (!intents) throw new ApiError('api.payment.stripe_not_configured');
      const onSale = await db
        .select()
        .from(listings)
        .where(and(eq(listings.shareCode, shareCode), eq(listings.status, 'on_sale')))
        .orderBy(asc(listings.id))
        .limit(quantity);
      assertOffer(onSale, buyerId, quantity);
      const listingIds = onSale.map((listing) => listing.id);
      const intent = await intents.create({
        amountMinor: totalOf(onSale),
        currencyCode: onSale[0]!.currencyCode,
        description: `Resale ${shareCode}`,
        idempotencyKey: `resale-intent:${buyerId}:${listingIds.join(',')}`,
        purpose: { kind: 'resale', shareCode, buyerId, listingIds },
        transferGroup: transferGroupOf(buyerId, listingIds),
        receiptEmail: (await db.select({ email: users.email }).from(users).where(eq(users.id, buyerId)))[0]?.email,
      });
      const at = now();
      await recordAttempt(db, {
        provider: 'stripe',
        intentId: intent.id,
        purpose: 'resale',
        amountMinor: totalOf(onSale),
        currencyCode: onSale[0]!.currencyCode,
        holdUntil: new Date(at.getTime() + PURCHASE_HOLD_MS),
        at,
        userId: buyerId,
        reference: shareCode,
      });
      return { paymentIntentId: intent.id, clientSecret: intent.clientSecret, publishableKey: intents.publishableKey };
    },

    /**
     * Buys `quantity` of the tickets on sale under a share link: the buyer pays price plus service fee per ticket
     * through the payments adapter, then each ticket moves to the buyer (the machine's purchase), in one transaction.
     * With a PaymentIntent Stripe.js confirmed, the intent is retrieved and verified instead (see settleIntent).
     * `listingIds` is empty when the purchase had already been settled (a repeated report): nothing new to mail.
     */
    async purchase(
      buyerId: number,
      shareCode: string,
      input: { quantity: number; paymentMethod: string } | { paymentIntentId: string },
    ): Promise<{ userTicketIds: number[]; listingIds: number[] }> {
      if ('paymentIntentId' in input) {
        // Stripe's intent Stripe.js confirmed, or a local charge that was processing (the page asks again until it ends).
        const intents = payments.ledger;
        if (!intents) throw new ApiError('api.payment.stripe_not_configured');
        const intent = await intents.retrieve(input.paymentIntentId);
        if (intent.purpose?.kind !== 'resale' || intent.purpose.shareCode !== shareCode || intent.purpose.buyerId !== buyerId) {
          throw new ApiError('api.payment.declined');
        }
        return settleIntent(intent, intents);
      }
      const outcome = await inTransaction(db, async (tx) => {
        const at = now();
        const onSale = await tx
          .select()
          .from(listings)
          .where(and(eq(listings.shareCode, shareCode), eq(listings.status, 'on_sale')))
          .orderBy(asc(listings.id))
          .limit(input.quantity)
          .for('update');
        assertOffer(onSale, buyerId, input.quantity);
        const tickets = await lockTickets(tx, inArray(userTickets.id, onSale.map((listing) => listing.userTicketId)), at);
        for (const ticket of tickets) assertTicketAllowed(ticket, 'purchase', at);
        const totalMinor = totalOf(onSale);
        const listingIds = onSale.map((listing) => listing.id);
        const charge = await payments.charge({
          amountMinor: totalMinor,
          currencyCode: onSale[0]!.currencyCode,
          paymentMethod: input.paymentMethod,
          description: `Resale ${shareCode}`,
          idempotencyKey: `resale:${buyerId}:${listingIds.join(',')}:${input.paymentMethod}`,
          purpose: { kind: 'resale', shareCode, buyerId, listingIds },
        });
        // A delayed method: nothing is reserved meanwhile, as with a Stripe intent; its success settles it (or refunds it).
        if (charge.status === 'processing') return { processing: { intentId: charge.providerPaymentId, totalMinor, currencyCode: onSale[0]!.currencyCode } };
        if (charge.status !== 'succeeded' || charge.amountMinor !== totalMinor) throw new ApiError('api.payment.declined');
        return completeSale(tx, {
          buyerId,
          onSale,
          tickets,
          at,
          provider: payments.kind,
          providerPaymentId: charge.providerPaymentId,
          providerChargeId: charge.providerChargeId,
        });
      });
      if (!('processing' in outcome)) return outcome;
      const { intentId, totalMinor, currencyCode } = outcome.processing;
      const at = now();
      // Reconciliation watches it like a Stripe intent: settled if its event is lost, cancelled if it failed.
      await recordAttempt(db, {
        provider: payments.kind,
        intentId,
        purpose: 'resale',
        amountMinor: totalMinor,
        currencyCode,
        holdUntil: new Date(at.getTime() + PURCHASE_HOLD_MS),
        at,
        userId: buyerId,
        reference: shareCode,
      });
      throw new ApiError('api.payment.processing', { paymentIntentId: intentId });
    },

    /**
     * The provider's word that a resale purchase's processing payment failed: nothing was reserved, so nothing changes
     * but the buyer is to be told — once. Answers what the intent was for when this caller claimed that e-mail (it then
     * sends it), null when it is not a resale intent or another caller (a redelivery, another instance) claimed it.
     */
    async intentFailed(intent: IntentState): Promise<Extract<PaymentPurpose, { kind: 'resale' }> | null> {
      if (intent.purpose?.kind !== 'resale') return null;
      return (await claimMail(db, paymentFailedMailKey(payments.kind, intent), now())) ? intent.purpose : null;
    },

    /**
     * Stripe's word (the signed webhook) that a resale PaymentIntent succeeded, for a buyer who paid and closed the
     * page before it reported back: settled as if the page had sent it. Other intents are left alone.
     */
    async intentSucceeded(intent: IntentState): Promise<{ userTicketIds: number[]; listingIds: number[] } | null> {
      const intents = payments.ledger;
      if (!intents || intent.purpose?.kind !== 'resale') return null;
      // Answered to Stripe as received: refunded or not ours to settle, and retrying changes nothing.
      return settleIntent(intent, intents).catch(unlessApiError(null));
    },

    /**
     * The buyer's payment for this share code that is still processing, if any (the share page, reloaded, says so and
     * keeps asking about it): the newest open attempt the provider still reports as processing, made for this buyer and
     * code. Null when there is none, or the provider cannot be asked now (the page then offers the form, as before).
     */
    async processingPurchase(buyerId: number, shareCode: string): Promise<{ paymentIntentId: string | null }> {
      const intents = payments.ledger;
      if (!intents) return { paymentIntentId: null };
      for (const intentId of await openAttemptsOf(db, payments.kind, buyerId, shareCode)) {
        const intent = await intents.retrieve(intentId).catch(unlessApiError(null));
        const purpose = intent?.purpose;
        if (intent?.status === 'processing' && purpose?.kind === 'resale' && purpose.buyerId === buyerId && purpose.shareCode === shareCode) {
          return { paymentIntentId: intent.id };
        }
      }
      return { paymentIntentId: null };
    },

    /** The share page's view of a listing: on sale while any ticket under the code is, else sold or unlisted. */
    async publicListing(shareCode: string): Promise<PublicListing> {
      const rows = await db
        .select({ listing: listings, type: ticketTypes, event: events, seller: users.nickname })
        .from(listings)
        .innerJoin(userTickets, eq(userTickets.id, listings.userTicketId))
        .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
        .innerJoin(events, eq(events.id, ticketTypes.eventId))
        .innerJoin(users, eq(users.id, listings.sellerUserId))
        .where(eq(listings.shareCode, shareCode))
        .orderBy(asc(listings.id));
      const first = rows[0];
      if (!first) throw new ApiError('api.resell.listing_not_found');
      const onSale = rows.filter((row) => row.listing.status === 'on_sale');
      const status = onSale.length > 0 ? 'on_sale' : rows.some((row) => row.listing.status === 'sold') ? 'sold' : 'unlisted';
      const { listing, type, event } = first;
      return {
        shareCode,
        status,
        eventName: event.name,
        eventStartDateTime: event.startsAt.toISOString(),
        eventTimeZone: event.timeZone,
        eventVenue: event.venue,
        ticketName: type.name,
        ticketLogo: type.logoUrl,
        sellerNickname: first.seller,
        price: toDecimal(listing.priceMinor),
        serviceFee: toDecimal(listing.serviceFeeMinor),
        totalPrice: toDecimal(listing.priceMinor + listing.serviceFeeMinor),
        originalPrice: toDecimal(type.priceMinor),
        currencyCode: listing.currencyCode,
        currencySymbol: listing.currencySymbol,
        quantity: onSale.length,
      };
    },

    async onSale(userId: number): Promise<Listing[]> {
      return (await listingRows(userId, 'on_sale')).map(toListing);
    },

    async sold(userId: number): Promise<SoldEntry[]> {
      return (await listingRows(userId, 'sold')).map(toSold);
    },
  };
}

export type ResellService = ReturnType<typeof createResellService>;
