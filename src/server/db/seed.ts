// Demo data for an empty database: one organisation with a live, an upcoming and a past event, their ticket
// types, swap pairs and benefits, and three attendees (alex, jordan, sam). Run by `npm run seed` and on first start.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_DEMO_ORGANIZER_KEY, hashOrganizerKey } from '../organizer-key';
import type { Database, Transaction } from './client';
import * as schema from './schema';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * The demo organisation's gate-scanner key, documented so the gate-scan API can be tried locally; DEMO_ORGANIZER_KEY
 * configures another (src/server/organizer-key.ts).
 */
export const DEMO_ORGANIZER_KEY = DEFAULT_DEMO_ORGANIZER_KEY;
export const DEMO_ORGANISATION_SLUG = 'demo-fest';

type BenefitSeed = {
  name: string;
  shortDescription: string;
  fullDescriptionHtml: string;
  kind: 'digital' | 'physical';
  icon: string;
  iconColor: string;
  iconBgColor: string;
  amountPerTicket: number;
  isUnlockable: boolean;
  validUntil: Date;
  /** Digital benefits that are not unlockable hand out their code with the ticket. */
  codeOnPurchase?: boolean;
};

type TicketTypeSeed = {
  key: string;
  name: string;
  descriptionHtml: string;
  logo: string;
  priceMinor: number;
  isGiftable: boolean;
  isResellable: boolean;
  isSwappable: boolean;
  benefits: BenefitSeed[];
};

type EventSeed = Omit<typeof schema.events.$inferInsert, 'organisationId' | 'logoUrl' | 'featureImageUrl'> & {
  logo: string;
  featureImage: string;
  ticketTypes: TicketTypeSeed[];
};

type TicketSeed = {
  owner: 'alex' | 'jordan';
  ticketType: string;
  purchasedAt: Date;
  eventAccessUsedAt?: Date;
  /** Benefits (by name) already used up on this ticket, and when. */
  usedUp?: { benefit: string; at: Date }[];
};

/**
 * Writes the demo data into a database without an organisation. `organizerKey` is the demo organisation's key; on a
 * database seeded before, the demo organisation gets that key (its old one, maybe one too short, stops working).
 */
export async function seedDemoData(db: Database, options: { now?: Date; organizerKey?: string } = {}): Promise<{ seeded: boolean }> {
  const now = options.now ?? new Date();
  const organizerKey = options.organizerKey ?? DEMO_ORGANIZER_KEY;
  return db.transaction(async (tx) => {
    // Two processes starting on one empty Postgres must not both seed; the lock makes the second one wait and
    // then see the first one's organisation.
    await tx.execute(sql`lock table ${schema.organisations} in share row exclusive mode`);
    const existing = await tx.select({ id: schema.organisations.id }).from(schema.organisations).limit(1);
    if (existing.length > 0) {
      await tx
        .update(schema.organisations)
        .set({ organizerKeyHash: hashOrganizerKey(organizerKey) })
        .where(eq(schema.organisations.slug, DEMO_ORGANISATION_SLUG));
      return { seeded: false };
    }
    await writeDemoData(tx, now, organizerKey);
    return { seeded: true };
  });
}

function publicBaseUrl(): string {
  return (process.env.PUBLIC_BASE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
}

function assetBaseUrl(): string {
  return (process.env.ASSET_BASE_URL ?? `${publicBaseUrl()}/assets`).replace(/\/$/, '');
}

/** A fixed hour of that day reads better on event cards than the minute the seed happened to run. */
function atUtcHour(date: Date, hour: number): Date {
  const fixed = new Date(date);
  fixed.setUTCHours(hour, 0, 0, 0);
  return fixed;
}

function demoEvents(now: Date): EventSeed[] {
  const liveStart = new Date(now.getTime() - 2 * HOUR);
  const liveEnd = new Date(now.getTime() + 6 * HOUR);
  // 01:00 UTC is late morning in Melbourne and 06:00 UTC early evening in Auckland, matching the descriptions.
  const upcomingStart = atUtcHour(new Date(now.getTime() + 21 * DAY), 1);
  // Two festival days: from the first morning to the last set of the second night.
  const upcomingEnd = new Date(upcomingStart.getTime() + 36 * HOUR);
  const pastStart = atUtcHour(new Date(now.getTime() - 60 * DAY), 6);
  const pastEnd = new Date(pastStart.getTime() + 5 * HOUR);
  const merchDiscountUntil = new Date(upcomingEnd.getTime() + 30 * DAY);

  const merchDiscount: BenefitSeed = {
    name: 'Festival app 20% merch discount',
    shortDescription: '20% off everything at the official merch stand and in the festival app.',
    fullDescriptionHtml:
      '<p>Unlock this benefit to reveal your personal discount code. Show it at the merch stand or enter it at checkout in the festival app.</p>' +
      '<ul><li>20% off tees, hoodies, posters and tote bags</li><li>One code per ticket, usable once</li><li>Not combinable with other offers</li></ul>',
    kind: 'digital',
    icon: 'gift',
    iconColor: '#7c3aed',
    iconBgColor: '#ede9fe',
    amountPerTicket: 1,
    isUnlockable: true,
    validUntil: merchDiscountUntil,
  };
  const freeDrinks = (amount: number, validUntil: Date): BenefitSeed => ({
    name: 'Free drink',
    shortDescription: `${amount} drinks of your choice at any festival bar.`,
    fullDescriptionHtml:
      '<p>Show your entry QR code at any bar to claim a drink. Each scan uses one drink.</p>' +
      '<ul><li>Beer, wine, cider or a soft drink</li><li>Proof of age required for alcoholic drinks</li></ul>',
    kind: 'physical',
    icon: 'drink',
    iconColor: '#0d9488',
    iconBgColor: '#ccfbf1',
    amountPerTicket: amount,
    isUnlockable: false,
    validUntil,
  });

  return [
    {
      slug: 'night-market-sydney',
      name: 'Harbour Lights Night Market',
      description:
        'Street food, lantern-lit stalls and live acoustic sets along the water at Barangaroo. Over sixty vendors, a craft beer garden and a late-night dessert lane.',
      city: 'Sydney',
      timeZone: 'Australia/Sydney',
      venue: 'Barangaroo Reserve',
      address1: 'Hickson Rd, Barangaroo NSW 2000',
      latitude: -33.8587,
      longitude: 151.2015,
      startsAt: liveStart,
      endsAt: liveEnd,
      logo: 'night-market-logo.svg',
      featureImage: 'night-market-feature.svg',
      ticketTypes: [
        {
          key: 'market-entry',
          name: 'Night Market Entry',
          descriptionHtml:
            '<p>Entry to the Night Market for the whole evening, including all live sets on the waterfront stage.</p>' +
            '<p>Food and drinks are sold separately at each stall.</p>' +
            '<ul><li>Re-entry allowed until 9 pm</li><li>Children under 12 enter free with a ticket holder</li></ul>',
          logo: 'ticket-standard.svg',
          priceMinor: 3500,
          isGiftable: true,
          isResellable: true,
          isSwappable: true,
          benefits: [
            {
              name: 'Welcome drink',
              shortDescription: 'A glass of sparkling or a mocktail on arrival.',
              fullDescriptionHtml: '<p>Collect your welcome drink at the lantern bar by the main gate.</p>',
              kind: 'physical',
              icon: 'drink',
              iconColor: '#ea580c',
              iconBgColor: '#ffedd5',
              amountPerTicket: 1,
              isUnlockable: false,
              validUntil: liveEnd,
            },
          ],
        },
        {
          key: 'market-tasting',
          name: 'Night Market + Tasting Pass',
          descriptionHtml:
            '<p>Entry to the Night Market plus six tasting tokens to spend at any participating stall.</p>' +
            '<p>Look for the lantern sticker on the stall sign.</p>' +
            '<ul><li>Tokens cannot be exchanged for cash</li><li>Re-entry allowed until 9 pm</li></ul>',
          logo: 'ticket-vip.svg',
          priceMinor: 6500,
          isGiftable: true,
          isResellable: true,
          isSwappable: true,
          benefits: [
            {
              name: 'Tasting tokens',
              shortDescription: 'Six tasting plates from participating stalls.',
              fullDescriptionHtml: '<p>Each token buys one tasting plate. Stall holders scan your QR code to use a token.</p>',
              kind: 'physical',
              icon: 'star',
              iconColor: '#ca8a04',
              iconBgColor: '#fef9c3',
              amountPerTicket: 6,
              isUnlockable: false,
              validUntil: liveEnd,
            },
          ],
        },
      ],
    },
    {
      slug: 'weekender-melbourne',
      name: 'Harbour Lights Weekender',
      description:
        'Two days of music on the lawns of the Sidney Myer Music Bowl: twenty artists over two stages, a food village and sunset sets on both nights.',
      city: 'Melbourne',
      timeZone: 'Australia/Melbourne',
      venue: 'Sidney Myer Music Bowl',
      address1: '21 Linlithgow Ave, Melbourne VIC 3004',
      latitude: -37.8226,
      longitude: 144.9716,
      startsAt: upcomingStart,
      endsAt: upcomingEnd,
      logo: 'weekender-logo.svg',
      featureImage: 'weekender-feature.svg',
      ticketTypes: [
        {
          key: 'weekender-ga',
          name: 'General Admission',
          descriptionHtml:
            '<p>Two-day access to the festival grounds, both stages and the food village.</p>' +
            '<p>Gates open at 11 am on both days; the last set ends at 11 pm.</p>' +
            '<ul><li>Lawn area, standing and picnic rugs</li><li>Re-entry allowed with your entry QR code</li><li>18+ after 8 pm</li></ul>',
          logo: 'ticket-standard.svg',
          priceMinor: 14900,
          isGiftable: true,
          isResellable: true,
          isSwappable: true,
          benefits: [freeDrinks(2, upcomingEnd), merchDiscount],
        },
        {
          key: 'weekender-vip',
          name: 'VIP',
          descriptionHtml:
            '<p>Everything in General Admission plus the VIP lounge with its own bar, shaded seating and the best view of the main stage.</p>' +
            '<p>Dedicated VIP entry lane and cloakroom.</p>' +
            '<ul><li>VIP lounge access on both days</li><li>Four drinks included</li><li>Private toilets</li></ul>',
          logo: 'ticket-vip.svg',
          priceMinor: 28900,
          isGiftable: true,
          isResellable: true,
          isSwappable: true,
          benefits: [
            {
              name: 'VIP lounge access',
              shortDescription: 'Lounge entry on each festival day.',
              fullDescriptionHtml:
                '<p>The VIP lounge sits beside the main stage, with shade, seating and its own bar.</p><ul><li>One entry per day</li><li>Wristband issued at the VIP lane</li></ul>',
              kind: 'physical',
              icon: 'star',
              iconColor: '#db2777',
              iconBgColor: '#fce7f3',
              amountPerTicket: 2,
              isUnlockable: false,
              validUntil: upcomingEnd,
            },
            freeDrinks(4, upcomingEnd),
            merchDiscount,
          ],
        },
        {
          key: 'weekender-early',
          name: 'Early Entry',
          descriptionHtml:
            '<p>General Admission with entry one hour before the gates open, so you can claim your spot at the front of the main stage.</p>' +
            '<ul><li>Early entry lane from 10 am on both days</li><li>Two drinks included</li></ul>',
          logo: 'ticket-early.svg',
          priceMinor: 17900,
          isGiftable: true,
          isResellable: true,
          isSwappable: true,
          benefits: [
            {
              name: 'Early entry lane',
              shortDescription: 'In through the early lane from 10 am.',
              fullDescriptionHtml: '<p>Use the orange early entry lane at Gate 2. One entry per festival day.</p>',
              kind: 'physical',
              icon: 'clock',
              iconColor: '#ea580c',
              iconBgColor: '#ffedd5',
              amountPerTicket: 2,
              isUnlockable: false,
              validUntil: upcomingEnd,
            },
            freeDrinks(2, upcomingEnd),
            merchDiscount,
          ],
        },
      ],
    },
    {
      slug: 'southern-lights-auckland',
      name: 'Southern Lights Sessions',
      description:
        'An evening of indie and electronic acts under a light show inspired by the aurora australis, at Spark Arena on the Auckland waterfront.',
      city: 'Auckland',
      timeZone: 'Pacific/Auckland',
      venue: 'Spark Arena',
      address1: '42-80 Mahuhu Crescent, Auckland 1010',
      latitude: -36.8475,
      longitude: 174.786,
      startsAt: pastStart,
      endsAt: pastEnd,
      logo: 'southern-lights-logo.svg',
      featureImage: 'southern-lights-feature.svg',
      ticketTypes: [
        {
          key: 'southern-ga',
          name: 'General Admission',
          descriptionHtml:
            '<p>Standing entry to the arena floor for the whole show.</p>' +
            '<ul><li>Doors open at 6 pm</li><li>All ages, under 16s with an adult</li></ul>',
          logo: 'ticket-standard.svg',
          priceMinor: 8900,
          isGiftable: true,
          isResellable: true,
          isSwappable: true,
          benefits: [
            freeDrinks(2, pastEnd),
            {
              name: 'Live recording download',
              shortDescription: 'The full show as a high-quality audio download.',
              fullDescriptionHtml:
                '<p>Enter your code at the festival website to download the recording of the night.</p><ul><li>FLAC and MP3</li><li>Personal use only</li></ul>',
              kind: 'digital',
              icon: 'music',
              iconColor: '#059669',
              iconBgColor: '#d1fae5',
              amountPerTicket: 1,
              isUnlockable: false,
              validUntil: new Date(pastEnd.getTime() + 180 * DAY),
              codeOnPurchase: true,
            },
          ],
        },
        {
          key: 'southern-seated',
          name: 'Premium Seated',
          descriptionHtml:
            '<p>A reserved seat in the lower bowl with a clear view of the light show.</p>' +
            '<p>Seats are allocated in order of purchase; tickets are personal and cannot be passed on.</p>',
          logo: 'ticket-seated.svg',
          priceMinor: 12900,
          isGiftable: false,
          isResellable: false,
          isSwappable: false,
          benefits: [freeDrinks(1, pastEnd)],
        },
      ],
    },
  ];
}

/** Upgrades and downgrades between the Weekender's ticket types, as [base, target, available]. */
const demoSwapPairs: [string, string, number][] = [
  ['weekender-ga', 'weekender-vip', 20],
  ['weekender-vip', 'weekender-ga', 20],
  ['weekender-ga', 'weekender-early', 20],
  ['weekender-early', 'weekender-ga', 10],
  ['weekender-early', 'weekender-vip', 15],
  ['market-entry', 'market-tasting', 20],
];

const demoUsers = {
  alex: { email: 'alex@example.com', givenName: 'Alex', familyName: 'Rivera', nickname: 'alex', uniqueSuffix: '4821' },
  jordan: { email: 'jordan@example.com', givenName: 'Jordan', familyName: 'Lee', nickname: 'jordan', uniqueSuffix: '7310' },
  // No names on purpose: signing in as sam goes through the personal data screen.
  sam: { email: 'sam@example.com', givenName: null, familyName: null, nickname: 'sam', uniqueSuffix: '1150' },
} satisfies Record<string, typeof schema.users.$inferInsert>;

function demoTickets(now: Date, events: EventSeed[]): TicketSeed[] {
  const past = events[2]!;
  const pastStart = past.startsAt as Date;
  const bought = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  return [
    { owner: 'alex', ticketType: 'weekender-ga', purchasedAt: bought(12) },
    { owner: 'alex', ticketType: 'weekender-ga', purchasedAt: bought(12) },
    { owner: 'alex', ticketType: 'weekender-vip', purchasedAt: bought(5) },
    { owner: 'alex', ticketType: 'market-entry', purchasedAt: bought(3) },
    {
      owner: 'alex',
      ticketType: 'southern-ga',
      purchasedAt: new Date(pastStart.getTime() - 30 * DAY),
      eventAccessUsedAt: new Date(pastStart.getTime() + 40 * 60 * 1000),
      usedUp: [{ benefit: 'Free drink', at: new Date(pastStart.getTime() + 3 * HOUR) }],
    },
    { owner: 'jordan', ticketType: 'weekender-early', purchasedAt: bought(8) },
    {
      owner: 'jordan',
      ticketType: 'southern-seated',
      purchasedAt: new Date(pastStart.getTime() - 20 * DAY),
      eventAccessUsedAt: new Date(pastStart.getTime() + 55 * 60 * 1000),
    },
  ];
}

function demoRedeemCode(): string {
  return randomBytes(5).toString('hex').toUpperCase();
}

async function writeDemoData(tx: Transaction, now: Date, organizerKey: string): Promise<void> {
  const assets = `${assetBaseUrl()}/demo`;
  const [organisation] = await tx
    .insert(schema.organisations)
    .values({
      slug: DEMO_ORGANISATION_SLUG,
      name: 'Harbour Lights Festival',
      logoUrl: `${assets}/harbour-lights-logo.svg`,
      siteBaseUrl: `${publicBaseUrl()}/site`,
      country: 'AU',
      resaleFeeBasisPoints: 1000,
      resaleFeeFixedMinor: 50,
      organizerKeyHash: hashOrganizerKey(organizerKey),
      createdAt: new Date(now.getTime() - 120 * DAY),
    })
    .returning({ id: schema.organisations.id });

  const events = demoEvents(now);
  const ticketTypes = new Map<string, { id: number; priceMinor: number; benefits: { id: number; seed: BenefitSeed }[] }>();
  for (const { logo, featureImage, ticketTypes: typeSeeds, ...event } of events) {
    const [eventRow] = await tx
      .insert(schema.events)
      .values({ ...event, organisationId: organisation!.id, logoUrl: `${assets}/${logo}`, featureImageUrl: `${assets}/${featureImage}` })
      .returning({ id: schema.events.id });
    for (const { key, logo: typeLogo, benefits: benefitSeeds, ...ticketType } of typeSeeds) {
      const [typeRow] = await tx
        .insert(schema.ticketTypes)
        .values({
          ...ticketType,
          eventId: eventRow!.id,
          logoUrl: `${assets}/${typeLogo}`,
          currencyCode: 'AUD',
          currencySymbol: '$',
          maxResalePriceMinor: Math.round(ticketType.priceMinor * 1.1),
        })
        .returning({ id: schema.ticketTypes.id });
      const benefits: { id: number; seed: BenefitSeed }[] = [];
      for (const seed of benefitSeeds) {
        const { codeOnPurchase: _codeOnPurchase, ...benefit } = seed;
        const [benefitRow] = await tx
          .insert(schema.benefits)
          .values({ ...benefit, ticketTypeId: typeRow!.id })
          .returning({ id: schema.benefits.id });
        benefits.push({ id: benefitRow!.id, seed });
      }
      ticketTypes.set(key, { id: typeRow!.id, priceMinor: ticketType.priceMinor, benefits });
    }
  }

  const typeOf = (key: string) => {
    const type = ticketTypes.get(key);
    if (!type) throw new Error(`Demo data refers to an unknown ticket type: ${key}`);
    return type;
  };
  await tx.insert(schema.swapPairs).values(
    demoSwapPairs.map(([base, target, availableQuantity]) => ({
      baseTicketTypeId: typeOf(base).id,
      targetTicketTypeId: typeOf(target).id,
      availableQuantity,
    })),
  );

  const userIds: Record<string, number> = {};
  for (const [key, user] of Object.entries(demoUsers)) {
    const [row] = await tx
      .insert(schema.users)
      .values({ ...user, locale: 'en', createdAt: new Date(now.getTime() - 90 * DAY) })
      .returning({ id: schema.users.id });
    userIds[key] = row!.id;
  }

  for (const ticket of demoTickets(now, events)) {
    const type = typeOf(ticket.ticketType);
    const [ticketRow] = await tx
      .insert(schema.userTickets)
      .values({
        ticketTypeId: type.id,
        ownerUserId: userIds[ticket.owner]!,
        // Admitted at the gate: the lifecycle's `used` state.
        status: ticket.eventAccessUsedAt ? 'used' : 'valid',
        source: 'purchase',
        purchasePriceMinor: type.priceMinor,
        eventAccessUsedAt: ticket.eventAccessUsedAt ?? null,
        createdAt: ticket.purchasedAt,
      })
      .returning({ id: schema.userTickets.id });
    if (type.benefits.length === 0) continue;
    await tx.insert(schema.userTicketBenefits).values(
      type.benefits.map(({ id, seed }) => {
        const usedUp = ticket.usedUp?.find((used) => used.benefit === seed.name);
        return {
          userTicketId: ticketRow!.id,
          benefitId: id,
          purchasedAmount: seed.amountPerTicket,
          usedAmount: usedUp ? seed.amountPerTicket : 0,
          lastUsedAt: usedUp?.at ?? null,
          redeemCode: seed.codeOnPurchase ? demoRedeemCode() : null,
        };
      }),
    );
  }
}
