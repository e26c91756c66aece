// Resale: which tickets may be listed, the price quote with the organiser's service fee, listing (needs a verified
// payout account), unlisting, and the seller's lists of tickets on sale and sold. Money is minor units inside.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Listing, PriceQuote, ResellableTicket, SoldEntry } from '../../../contract/entities';
import { ApiError } from '../../../contract/errors';
import { resellPriceSchema } from '../../../contract/form-schemas';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { events, listings, organisations, ticketTypes, userTickets } from '../../db/schema';
import type { PayoutService } from '../payouts/service';
import { transferableTickets } from '../tickets/service';

const toDecimal = (minor: number) => minor / 100;
const toMinor = (decimal: number) => Math.round(decimal * 100);

type ListingRow = typeof listings.$inferSelect & { name: string; ticketLogo: string | null };

export function createResellService({ db, config, now, payouts }: { db: Database; config: Config; now: () => Date; payouts: PayoutService }) {
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
      .select({ listing: listings, name: ticketTypes.name, ticketLogo: ticketTypes.logoUrl })
      .from(listings)
      .innerJoin(userTickets, eq(userTickets.id, listings.userTicketId))
      .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
      .where(and(eq(listings.sellerUserId, userId), eq(listings.status, status)))
      .orderBy(desc(status === 'sold' ? listings.soldAt : listings.listedAt), desc(listings.id));
    return rows.map(({ listing, name, ticketLogo }) => ({ ...listing, name, ticketLogo }));
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
  });

  return {
    /** Resellable tickets grouped by type; userTicketId is the first ticket of the group. */
    async available(userId: number): Promise<ResellableTicket[]> {
      const groups = new Map<number, ResellableTicket>();
      for (const { ticket, type } of await transferableTickets(db, userId, 'resell', now())) {
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
      return db.transaction(async (tx) => {
        const [chosen] = await tx
          .select({ ticket: userTickets, type: ticketTypes })
          .from(userTickets)
          .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
          .where(and(eq(userTickets.id, input.userTicketId), eq(userTickets.ownerUserId, userId)));
        if (!chosen) throw new ApiError('api.resell.ticket_not_found');
        if (chosen.ticket.status === 'listed') throw new ApiError('api.resell.create.already_listed');
        const { type } = chosen;
        if (!resellPriceSchema(toDecimal(type.maxResalePriceMinor)).safeParse(input.price).success || input.currencyCode !== type.currencyCode) {
          throw new ApiError('api.resell.invalid_price');
        }
        // The chosen ticket first, then the user's other tickets of the type, locked so no other move takes them.
        const candidates = (await transferableTickets(tx, userId, 'resell', now(), type.id)).sort((a, b) =>
          a.ticket.id === input.userTicketId ? -1 : b.ticket.id === input.userTicketId ? 1 : a.ticket.id - b.ticket.id,
        );
        const ids = candidates.slice(0, input.amountCount).map(({ ticket }) => ticket.id);
        if (ids.length === 0 || !ids.includes(input.userTicketId)) throw new ApiError('api.resell.ticket_not_found');
        const locked = await tx
          .select({ id: userTickets.id })
          .from(userTickets)
          .where(and(inArray(userTickets.id, ids), eq(userTickets.status, 'valid')))
          .for('update');
        if (locked.length < input.amountCount) {
          throw new ApiError(locked.length < ids.length ? 'api.resell.create.already_listed' : 'api.resell.ticket_not_found');
        }
        const rule = (await feeRule(tx, type.id))!;
        const priceMinor = toMinor(input.price);
        const { feeMinor } = quoteMinor(priceMinor, 1, rule);
        const shareCode = randomBytes(9).toString('base64url');
        await tx.update(userTickets).set({ status: 'listed' }).where(inArray(userTickets.id, ids));
        await tx.insert(listings).values(
          ids.map((userTicketId) => ({
            userTicketId,
            sellerUserId: userId,
            shareCode,
            priceMinor,
            serviceFeeMinor: feeMinor,
            currencyCode: type.currencyCode,
            currencySymbol: type.currencySymbol,
            listedAt: now(),
          })),
        );
        return { shareLinkUrl: shareLink(shareCode), userTicketIds: ids };
      });
    },

    async unlist(userId: number, userTicketId: number): Promise<{ ok: true }> {
      return db.transaction(async (tx) => {
        const [listing] = await tx
          .select()
          .from(listings)
          .where(and(eq(listings.userTicketId, userTicketId), eq(listings.sellerUserId, userId), eq(listings.status, 'on_sale')))
          .for('update');
        if (!listing) throw new ApiError('api.resell.listing_not_found');
        await tx.update(listings).set({ status: 'unlisted', unlistedAt: now() }).where(eq(listings.id, listing.id));
        await tx
          .update(userTickets)
          .set({ status: 'valid' })
          .where(and(eq(userTickets.id, userTicketId), eq(userTickets.status, 'listed')));
        return { ok: true as const };
      });
    },

    async onSale(userId: number): Promise<Listing[]> {
      return (await listingRows(userId, 'on_sale')).map(toListing);
    },

    async sold(userId: number): Promise<SoldEntry[]> {
      return (await listingRows(userId, 'sold')).map(toSold);
    },
  };
}
