// What the demo ticket site's pages show, read from the organisation's own data: the organisation (the first one, the
// demo's), its events in start order with their ticket types and prices, and per ticket type the cheapest ticket on
// resale (its share link is where "Buy" leads). Read-only.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events, listings, organisations, ticketTypes, userTickets } from '../../db/schema';
import type { SiteOrganisation } from '../../../host/site-layout';
import type { SiteEvent, SiteTicketType } from '../../../host/site-pages';

/** Without any organisation (an empty database) the site is the product's own. */
const PRODUCT: SiteOrganisation & { id: null } = { id: null, name: 'Ticket Wallet', logoUrl: null };

export async function siteOrganisation(db: Database): Promise<SiteOrganisation & { id: number | null }> {
  const [row] = await db
    .select({ id: organisations.id, name: organisations.name, logoUrl: organisations.logoUrl })
    .from(organisations)
    .orderBy(asc(organisations.id))
    .limit(1);
  return row ?? PRODUCT;
}

/** The organisation's events with their ticket types (price order) and resale offers; one event by slug when given. */
export async function siteEvents(db: Database, organisationId: number | null, slug?: string): Promise<SiteEvent[]> {
  if (organisationId === null) return [];
  const eventRows = await db
    .select()
    .from(events)
    .where(slug === undefined ? eq(events.organisationId, organisationId) : and(eq(events.organisationId, organisationId), eq(events.slug, slug)))
    .orderBy(asc(events.startsAt), asc(events.id));
  if (eventRows.length === 0) return [];
  const typeRows = await db
    .select()
    .from(ticketTypes)
    .where(inArray(ticketTypes.eventId, eventRows.map((event) => event.id)))
    .orderBy(asc(ticketTypes.priceMinor), asc(ticketTypes.id));
  const offers = typeRows.length
    ? await db
        .select({ ticketTypeId: userTickets.ticketTypeId, shareCode: listings.shareCode, priceMinor: listings.priceMinor, serviceFeeMinor: listings.serviceFeeMinor })
        .from(listings)
        .innerJoin(userTickets, eq(userTickets.id, listings.userTicketId))
        .where(and(eq(listings.status, 'on_sale'), inArray(userTickets.ticketTypeId, typeRows.map((type) => type.id))))
    : [];
  const cheapestOffer = new Map<number, { shareCode: string; totalMinor: number }>();
  for (const offer of offers) {
    const totalMinor = offer.priceMinor + offer.serviceFeeMinor;
    const known = cheapestOffer.get(offer.ticketTypeId);
    if (!known || totalMinor < known.totalMinor) cheapestOffer.set(offer.ticketTypeId, { shareCode: offer.shareCode, totalMinor });
  }
  return eventRows.map((event) => ({
    slug: event.slug,
    name: event.name,
    description: event.description,
    city: event.city,
    venue: event.venue,
    address: event.address1,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    timeZone: event.timeZone,
    logoUrl: event.logoUrl,
    featureImageUrl: event.featureImageUrl,
    ticketTypes: typeRows
      .filter((type) => type.eventId === event.id)
      .map(
        (type): SiteTicketType => ({
          name: type.name,
          descriptionHtml: type.descriptionHtml,
          logoUrl: type.logoUrl,
          priceMinor: type.priceMinor,
          currencyCode: type.currencyCode,
          currencySymbol: type.currencySymbol,
          resale: cheapestOffer.get(type.id) ?? null,
        }),
      ),
  }));
}
