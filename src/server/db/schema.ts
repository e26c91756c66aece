// The one database schema of the whole domain. Money is integer minor units (cents) beside its currency;
// timestamps are timestamptz. Migrations in ./migrations are generated from this file by drizzle-kit.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tz = (name: string) => timestamp(name, { withTimezone: true });

export const organisations = pgTable('organisations', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  siteBaseUrl: text('site_base_url').notNull(),
  /** ISO 3166-1 alpha-2; the resale platform runs only for AU and NZ. */
  country: text('country').notNull(),
  /** Resale service fee: basis points of the subtotal plus a fixed amount per ticket. */
  resaleFeeBasisPoints: integer('resale_fee_basis_points').notNull().default(0),
  resaleFeeFixedMinor: integer('resale_fee_fixed_minor').notNull().default(0),
  /** Hash of the API key the gate scanners of this organisation use. */
  organizerKeyHash: text('organizer_key_hash'),
  /** Which entry code the wallet shows: the server-drawn polling code (default), or the device-bound code (src/door/code.ts). */
  entryCode: text('entry_code').$type<'polling' | 'device'>().notNull().default('polling'),
  createdAt: createdAt(),
});

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    city: text('city').notNull(),
    venue: text('venue').notNull(),
    address1: text('address1'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    startsAt: tz('starts_at').notNull(),
    endsAt: tz('ends_at').notNull(),
    /** IANA zone of the venue: event times are shown in it, as on the printed ticket. */
    timeZone: text('time_zone').notNull().default('UTC'),
    logoUrl: text('logo_url'),
    featureImageUrl: text('feature_image_url'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('events_org_slug').on(t.organisationId, t.slug), check('events_dates', sql`${t.endsAt} >= ${t.startsAt}`)],
);

export const ticketTypes = pgTable(
  'ticket_types',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    name: text('name').notNull(),
    descriptionHtml: text('description_html'),
    logoUrl: text('logo_url'),
    priceMinor: integer('price_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
    currencySymbol: text('currency_symbol').notNull(),
    maxResalePriceMinor: integer('max_resale_price_minor').notNull(),
    isGiftable: boolean('is_giftable').notNull().default(false),
    isResellable: boolean('is_resellable').notNull().default(false),
    isSwappable: boolean('is_swappable').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [check('ticket_types_price', sql`${t.priceMinor} >= 0 and ${t.maxResalePriceMinor} >= 0`)],
);

/** Swaps the organizer allows, from one ticket type to another, with how many may still be swapped in. */
export const swapPairs = pgTable(
  'swap_pairs',
  {
    id: serial('id').primaryKey(),
    baseTicketTypeId: integer('base_ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id),
    targetTicketTypeId: integer('target_ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id),
    availableQuantity: integer('available_quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('swap_pairs_base_target').on(t.baseTicketTypeId, t.targetTicketTypeId),
    check('swap_pairs_distinct', sql`${t.baseTicketTypeId} <> ${t.targetTicketTypeId}`),
    check('swap_pairs_quantity', sql`${t.availableQuantity} >= 0`),
  ],
);

export const benefits = pgTable('benefits', {
  id: serial('id').primaryKey(),
  ticketTypeId: integer('ticket_type_id')
    .notNull()
    .references(() => ticketTypes.id),
  name: text('name').notNull(),
  shortDescription: text('short_description'),
  fullDescriptionHtml: text('full_description_html'),
  /** 'digital' or 'physical'. */
  kind: text('kind').notNull(),
  icon: text('icon'),
  iconColor: text('icon_color'),
  iconBgColor: text('icon_bg_color'),
  imageUrl: text('image_url'),
  /** How many of this benefit one ticket includes. */
  amountPerTicket: integer('amount_per_ticket').notNull().default(1),
  isUnlockable: boolean('is_unlockable').notNull().default(false),
  validUntil: tz('valid_until'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    givenName: text('given_name'),
    familyName: text('family_name'),
    middleName: text('middle_name'),
    nickname: text('nickname').notNull(),
    /** nickname + '#' + uniqueSuffix; the suffix never changes. */
    uniqueSuffix: text('unique_suffix').notNull(),
    /** Storage key of the avatar, turned into an asset URL on load. */
    pictureKey: text('picture_key'),
    phoneNumber: text('phone_number').unique(),
    locale: text('locale').notNull().default('en'),
    birthdate: text('birthdate'),
    gender: text('gender'),
    address: text('address'),
    website: text('website'),
    profileUrl: text('profile_url'),
    zoneInfo: text('zone_info'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_nickname_suffix').on(t.nickname, t.uniqueSuffix), uniqueIndex('users_suffix').on(t.uniqueSuffix)],
);

/**
 * The states of machines/ticket-lifecycle.ts as stored: valid = held, reserved = reserved for a swap, listed, used at
 * the gate, and the ends. Only src/server/modules/lifecycle writes this column, with the state the machine answers.
 */
export const userTicketStatuses = ['valid', 'reserved', 'listed', 'used', 'sold', 'gifted', 'swapped', 'redeemed_away'] as const;
export type UserTicketStatus = (typeof userTicketStatuses)[number];

/** One admission. A ticket leaves its owner by gift, swap, resale or redemption of its PDF code. */
export const userTickets = pgTable(
  'user_tickets',
  {
    id: serial('id').primaryKey(),
    ticketTypeId: integer('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<UserTicketStatus>().notNull().default('valid'),
    /** How the owner got it: purchase, gift, swap, resale, redeem. */
    source: text('source').notNull().default('purchase'),
    purchasePriceMinor: integer('purchase_price_minor').notNull(),
    eventAccessUsedAt: tz('event_access_used_at'),
    /** While reserved: the swap that holds it, and when its reservation lapses and the ticket is held again. */
    reservedBySwapId: integer('reserved_by_swap_id'),
    reservedUntil: tz('reserved_until'),
    /**
     * The row this one was made from when the ticket moved (gift, resale, redeem, swap): the ticket's history
     * (GET /v1/list/ticket_listing/{id}/history) walks these links. Null for an issued ticket, and for rows older
     * than the link.
     */
    previousUserTicketId: integer('previous_user_ticket_id'),
    createdAt: createdAt(),
  },
  (t) => [index('user_tickets_previous').on(t.previousUserTicketId), index('user_tickets_owner_status').on(t.ownerUserId, t.status), index('user_tickets_type').on(t.ticketTypeId)],
);

export const userTicketBenefits = pgTable(
  'user_ticket_benefits',
  {
    id: serial('id').primaryKey(),
    userTicketId: integer('user_ticket_id')
      .notNull()
      .references(() => userTickets.id),
    benefitId: integer('benefit_id')
      .notNull()
      .references(() => benefits.id),
    purchasedAmount: integer('purchased_amount').notNull(),
    usedAmount: integer('used_amount').notNull().default(0),
    lastUsedAt: tz('last_used_at'),
    redeemCode: text('redeem_code'),
    unlockedAt: tz('unlocked_at'),
  },
  (t) => [
    uniqueIndex('user_ticket_benefits_ticket_benefit').on(t.userTicketId, t.benefitId),
    check('user_ticket_benefits_usage', sql`${t.usedAmount} >= 0 and ${t.usedAmount} <= ${t.purchasedAmount}`),
  ],
);

/** A one-time code sent by e-mail. `sessionId` is public and rotates after each wrong try. */
export const loginSessions = pgTable(
  'login_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: text('session_id').notNull().unique(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Language of the code e-mail, and of the account when this login registers it. */
    locale: text('locale').notNull().default('en'),
    requestIp: text('request_ip'),
    /** Which code of its sign-in session this is: 1 for the first, one more for each resend (which replaces the row). */
    sends: integer('sends').notNull().default(1),
    /** Asked for with the e-mail's device token: counted in the owner's share of the mailbox, not the strangers'. */
    owner: boolean('owner').notNull().default(false),
    expiresAt: tz('expires_at').notNull(),
    consumedAt: tz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('login_sessions_email_created').on(t.email, t.createdAt), index('login_sessions_ip_created').on(t.requestIp, t.createdAt)],
);

/**
 * Sign-in tokens an organisation's site handed over (its server signs them, the wallet exchanges them for a session),
 * by their `jti`: each is taken once. A row outlives its token's expiry only until the next exchange clears it; an
 * expired token is refused before this table is read.
 */
export const hostSignInTokens = pgTable(
  'host_sign_in_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at').notNull(),
  },
  (t) => [index('host_sign_in_tokens_expires').on(t.expiresAt)],
);

/**
 * Hand-over codes of the swap checkout on another origin (src/server/modules/auth/checkout-hand-over.ts): the wallet
 * asks for one as it sends the window to the checkout, which exchanges it once, within its minute, for an access token
 * of the same session that works for that one order. Kept as SHA-256; a row outlives its code only until the next
 * code is made.
 */
export const checkoutHandOvers = pgTable(
  'checkout_hand_overs',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    familyId: uuid('family_id').notNull(),
    orderIdentifier: text('order_identifier').notNull(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('checkout_hand_overs_expires').on(t.expiresAt)],
);

/** Opaque refresh tokens, stored hashed. Each refresh rotates; reuse of a rotated one revokes the family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: tz('expires_at').notNull(),
    rotatedAt: tz('rotated_at'),
    revokedAt: tz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family').on(t.familyId)],
);

export const transfers = pgTable('transfers', {
  id: serial('id').primaryKey(),
  userTicketId: integer('user_ticket_id')
    .notNull()
    .references(() => userTickets.id),
  fromUserId: integer('from_user_id')
    .notNull()
    .references(() => users.id),
  toUserId: integer('to_user_id')
    .notNull()
    .references(() => users.id),
  /** The new ticket row the receiver holds. */
  receivedUserTicketId: integer('received_user_ticket_id')
    .notNull()
    .references(() => userTickets.id),
  createdAt: createdAt(),
});

export const listingStatuses = ['on_sale', 'unlisted', 'sold'] as const;
export type ListingStatus = (typeof listingStatuses)[number];

export const listings = pgTable(
  'listings',
  {
    id: serial('id').primaryKey(),
    userTicketId: integer('user_ticket_id')
      .notNull()
      .references(() => userTickets.id),
    sellerUserId: integer('seller_user_id')
      .notNull()
      .references(() => users.id),
    /** Public code of the share link; tickets listed together share it. */
    shareCode: text('share_code').notNull(),
    priceMinor: integer('price_minor').notNull(),
    serviceFeeMinor: integer('service_fee_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
    currencySymbol: text('currency_symbol').notNull(),
    status: text('status').$type<ListingStatus>().notNull().default('on_sale'),
    buyerUserId: integer('buyer_user_id').references(() => users.id),
    /** The buyer's charge (payments.id) that paid for it. */
    paymentId: integer('payment_id'),
    /** The ticket the buyer received for it (a sale moves the ticket by creating the buyer's). */
    buyerUserTicketId: integer('buyer_user_ticket_id'),
    listedAt: tz('listed_at').notNull().defaultNow(),
    unlistedAt: tz('unlisted_at'),
    soldAt: tz('sold_at'),
  },
  (t) => [
    index('listings_seller_status').on(t.sellerUserId, t.status),
    index('listings_share_code').on(t.shareCode),
    // At most one live listing per ticket, enforced by the database as well as the service.
    uniqueIndex('listings_one_on_sale').on(t.userTicketId).where(sql`${t.status} = 'on_sale'`),
  ],
);

/** A started swap past its expiresAt is expired even before a request marks it so. */
export const swapStatuses = ['started', 'confirmed', 'cancelled', 'expired'] as const;

export const swaps = pgTable('swaps', {
  id: serial('id').primaryKey(),
  orderIdentifier: text('order_identifier').notNull().unique(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  swapPairId: integer('swap_pair_id')
    .notNull()
    .references(() => swapPairs.id),
  quantity: integer('quantity').notNull(),
  swapType: text('swap_type').$type<'UPGRADE' | 'DOWNGRADE'>().notNull(),
  /** (target - base) * quantity: positive means the user pays at checkout. */
  amountDueMinor: integer('amount_due_minor').notNull(),
  /** Currency of the amount (the target type's). */
  currencyCode: text('currency_code').notNull().default('AUD'),
  status: text('status').$type<(typeof swapStatuses)[number]>().notNull().default('started'),
  createdAt: createdAt(),
  /** The reservation lapses at this time unless the swap was confirmed. */
  expiresAt: tz('expires_at').notNull(),
  /** An UPGRADE's difference, charged through the payments adapter and verified before the swap is confirmed. */
  paymentId: integer('payment_id'),
  /** The Stripe PaymentIntent made for this UPGRADE (Stripe.js confirms it); only this intent may pay it. */
  paymentIntentId: text('payment_intent_id'),
  paidAt: tz('paid_at'),
  confirmedAt: tz('confirmed_at'),
  endedAt: tz('ended_at'),
});

/** Every charge the payments adapter took: a swap's difference or a resale purchase. Refunds are not made yet. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'local' or 'stripe', and the provider's id of the charge. */
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    purpose: text('purpose').$type<'swap' | 'resale'>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
    createdAt: createdAt(),
    /** The provider's charge that took the money (a seller's transfer is drawn on it); null for charges before it was recorded. */
    providerChargeId: text('provider_charge_id'),
    /** Groups the charge with the transfers that pay sellers from it (resale). */
    transferGroup: text('transfer_group'),
    /** What the provider says was refunded so far (webhook charge.refunded). */
    refundedMinor: integer('refunded_minor').notNull().default(0),
    /** The provider's dispute of this charge, if any: open, or closed as won or lost. */
    disputeStatus: text('dispute_status').$type<'open' | 'won' | 'lost'>(),
  },
  (t) => [uniqueIndex('payments_provider_id').on(t.provider, t.providerPaymentId), check('payments_amount', sql`${t.amountMinor} > 0`)],
);

/** Which user tickets a swap gives up, and which it creates once confirmed. */
export const swapTickets = pgTable('swap_tickets', {
  id: serial('id').primaryKey(),
  swapId: integer('swap_id')
    .notNull()
    .references(() => swaps.id),
  baseUserTicketId: integer('base_user_ticket_id')
    .notNull()
    .references(() => userTickets.id),
  newUserTicketId: integer('new_user_ticket_id').references(() => userTickets.id),
});

export const payoutAccounts = pgTable('payout_accounts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id),
  /** 'stripe' (real Stripe Connect) or 'local' (the offline test provider). */
  provider: text('provider').notNull(),
  providerAccountId: text('provider_account_id').notNull(),
  country: text('country').notNull(),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  identityVerified: boolean('identity_verified').notNull().default(false),
  createdAt: createdAt(),
});

/** held: not paid yet (until the event has ended, or for its holdReason); paid: transferred; reversed: taken back. */
export const payoutStatuses = ['held', 'paid', 'reversed'] as const;
/** Why a payout is held beyond its event's end, or why it was reversed. */
export type PayoutHoldReason = 'refunded' | 'disputed' | 'dispute_lost' | 'transfer_reversed';

/**
 * What a sale owes its seller: the listing's price (the buyer paid it plus the service fee), held until the event has
 * ended, then paid to the seller's payout account (Stripe: a transfer to the connected account). One per listing.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .unique()
      .references(() => listings.id),
    sellerUserId: integer('seller_user_id')
      .notNull()
      .references(() => users.id),
    amountMinor: integer('amount_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
    status: text('status').$type<(typeof payoutStatuses)[number]>().notNull().default('held'),
    /** The event's end: no payout is made before it. */
    releaseAfter: tz('release_after').notNull(),
    createdAt: createdAt(),
    paidAt: tz('paid_at'),
    /** 'local' or 'stripe', and the provider's id of the transfer once paid. */
    provider: text('provider'),
    providerTransferId: text('provider_transfer_id'),
    /** The buyer's payment this payout comes from (its charge is the transfer's source). */
    paymentId: integer('payment_id').references(() => payments.id),
    /** Set: not paid even after the event's end (the sale was refunded, or is disputed). */
    holdReason: text('hold_reason').$type<PayoutHoldReason>(),
    /** A paid payout taken back: when, why, and the provider's reversal. */
    reversedAt: tz('reversed_at'),
    reversalReason: text('reversal_reason').$type<PayoutHoldReason>(),
    providerReversalId: text('provider_reversal_id'),
    /** Transfers that failed so far, and the last failure: reconciliation retries them. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lastFailure: text('last_failure'),
  },
  (t) => [index('payouts_due').on(t.status, t.releaseAfter), check('payouts_amount', sql`${t.amountMinor} >= 0`)],
);

/** Secret codes printed on ticket PDFs; redeeming one moves the ticket to the redeemer. Stored hashed. */
export const redeemSecrets = pgTable('redeem_secrets', {
  id: serial('id').primaryKey(),
  codeHash: text('code_hash').notNull().unique(),
  userTicketId: integer('user_ticket_id')
    .notNull()
    .references(() => userTickets.id),
  createdByUserId: integer('created_by_user_id')
    .notNull()
    .references(() => users.id),
  redeemedByUserId: integer('redeemed_by_user_id').references(() => users.id),
  redeemedAt: tz('redeemed_at'),
  createdAt: createdAt(),
});

/** Entry QR tokens seen at the gate, so a token cannot be replayed. */
export const gateScans = pgTable(
  'gate_scans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    timeStep: integer('time_step').notNull(),
    userTicketId: integer('user_ticket_id')
      .notNull()
      .references(() => userTickets.id),
    scannedAt: createdAt(),
  },
  (t) => [uniqueIndex('gate_scans_token').on(t.userId, t.eventId, t.timeStep)],
);

/**
 * Certificates of device-bound entry codes: this user ticket, held by this user, may be shown from the device with
 * this public key. One live certificate per ticket: a new device's registration revokes the one before.
 */
export const doorCertificates = pgTable(
  'door_certificates',
  {
    id: serial('id').primaryKey(),
    userTicketId: integer('user_ticket_id')
      .notNull()
      .references(() => userTickets.id),
    holderUserId: integer('holder_user_id')
      .notNull()
      .references(() => users.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    keyId: integer('key_id').notNull(),
    /** The device's public key, an uncompressed P-256 point in base64url. */
    devicePublicKey: text('device_public_key').notNull(),
    notBefore: tz('not_before').notNull(),
    notAfter: tz('not_after').notNull(),
    createdAt: createdAt(),
    revokedAt: tz('revoked_at'),
  },
  (t) => [
    uniqueIndex('door_certificates_live').on(t.userTicketId).where(sql`${t.revokedAt} is null`),
    index('door_certificates_event').on(t.eventId),
  ],
);

/**
 * Admissions offline scanners made and synced later. The same code from the same scanner is stored once (a retried
 * sync); any ticket with more than one admission was let in twice and is flagged to staff.
 */
export const doorAdmissions = pgTable(
  'door_admissions',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    userTicketId: integer('user_ticket_id')
      .notNull()
      .references(() => userTickets.id),
    holderUserId: integer('holder_user_id')
      .notNull()
      .references(() => users.id),
    certificateId: integer('certificate_id')
      .notNull()
      .references(() => doorCertificates.id),
    scannerId: text('scanner_id').notNull(),
    timeStep: integer('time_step').notNull(),
    admittedAt: tz('admitted_at').notNull(),
    /**
     * Why the server refused this admission although the code verified (null: accepted): `door.revoked_before_admission`
     * when its certificate was revoked, or its ticket passed on, before the time the scanner says it admitted it.
     */
    refusal: text('refusal'),
    syncedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('door_admissions_once').on(t.scannerId, t.certificateId, t.timeStep),
    index('door_admissions_ticket').on(t.eventId, t.userTicketId),
  ],
);

/** Responses of mutating calls made with an Idempotency-Key header, replayed on a retry. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    /** 0 while the first request runs; its answer's status once it has one. */
    statusCode: integer('status_code').notNull(),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
    completedAt: tz('completed_at'),
    /**
     * While the first request runs: until when its claim holds. The process running it renews the lease every second;
     * a claim whose lease ran out belongs to a request that died (a crash), and the next request with the key takes it.
     */
    leaseUntil: tz('lease_until').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key').on(t.userId, t.key)],
);

/**
 * Every payments webhook event we received, by the provider's event id: a redelivered event finds its row and changes
 * nothing. `ref` is the object it is about (a PaymentIntent, a transfer, an account), so the state of a payment can be
 * derived from all of its events whatever order they came in.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    ref: text('ref').notNull(),
    /** The provider-neutral event (src/server/adapters/payments.ts PaymentEvent). */
    body: jsonb('body').notNull(),
    receivedAt: tz('received_at').notNull().defaultNow(),
    processedAt: tz('processed_at'),
  },
  (t) => [uniqueIndex('payment_events_provider_event').on(t.provider, t.eventId), index('payment_events_ref').on(t.ref)],
);

export const paymentAttemptStatuses = ['open', 'settled', 'refunded', 'cancelled'] as const;

/**
 * Every PaymentIntent the server made, so reconciliation can find the ones that took money without settling anything
 * (the page closed and the webhook was lost) and the abandoned ones to cancel. open until it is settled (a payments
 * row names it), refunded, or cancelled.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    intentId: text('intent_id').notNull(),
    purpose: text('purpose').$type<'swap' | 'resale'>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
    status: text('status').$type<(typeof paymentAttemptStatuses)[number]>().notNull().default('open'),
    createdAt: createdAt(),
    /** Past this an unpaid intent is abandoned: the swap's reservation or the purchase's hold has ended. */
    holdUntil: tz('hold_until').notNull(),
    endedAt: tz('ended_at'),
    /** Who pays and for what (a resale purchase: the buyer and the share code), so a reloaded page finds its processing payment. */
    userId: integer('user_id'),
    reference: text('reference'),
  },
  (t) => [
    uniqueIndex('payment_attempts_intent').on(t.provider, t.intentId),
    index('payment_attempts_open').on(t.status, t.holdUntil),
    index('payment_attempts_payer').on(t.userId, t.reference),
  ],
);

/**
 * Jobs that run on every instance but only once at a time across them (reconciliation): an instance takes the lease by
 * one atomic upsert that succeeds only when the lease is free or has run out (its holder died), and gives it back when
 * done.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  leasedUntil: tz('leased_until').notNull(),
});

/**
 * The e-mails that must go out once however many instances reach the same outcome at once (a processing payment's
 * failure: the webhook on one instance, a redelivery or another instance's ledger on another). The handler that
 * inserts the key, in the transaction that changes the state, sends it; one that finds the key taken sends nothing
 * (src/server/modules/flow-mail.ts claimMail).
 */
export const mailClaims = pgTable('mail_claims', {
  key: text('key').primaryKey(),
  claimedAt: tz('claimed_at').notNull(),
});

/**
 * The live events of the last few minutes (GET /v1/events): written in the transaction of the change they describe,
 * read by the streams after the commit, and replayed to a stream that resumes with Last-Event-ID. Rows older than the
 * replay window are pruned (src/server/modules/events/store.ts). `session_family` is set only on `session.revoked`:
 * that event goes to the streams of that one session, not to the user's other devices.
 */
export const userEvents = pgTable(
  'user_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    type: text('type').notNull(),
    userTicketId: integer('user_ticket_id'),
    sessionFamily: text('session_family'),
    createdAt: createdAt(),
  },
  (t) => [index('user_events_user').on(t.userId, t.id)],
);

/**
 * Wallet passes handed out (Apple Wallet, Google Wallet), one per user ticket: `updated_at` moves whenever the ticket's
 * state changes (src/server/modules/lifecycle/service.ts), so Apple's web service can answer which passes a device
 * must fetch again (a gifted, sold or swapped ticket's pass comes back voided).
 */
export const walletPasses = pgTable('wallet_passes', {
  userTicketId: integer('user_ticket_id')
    .primaryKey()
    .references(() => userTickets.id),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
  createdAt: createdAt(),
});

/** Devices that added an Apple Wallet pass and asked for its updates (Apple's PassKit web service). */
export const walletPassRegistrations = pgTable(
  'wallet_pass_registrations',
  {
    id: serial('id').primaryKey(),
    deviceLibraryId: text('device_library_id').notNull(),
    passTypeId: text('pass_type_id').notNull(),
    userTicketId: integer('user_ticket_id')
      .notNull()
      .references(() => walletPasses.userTicketId),
    /** Where APNs reaches the device (src/server/modules/passes/push.ts); removed when APNs answers 410 for it since the registration. */
    pushToken: text('push_token').notNull(),
    /** When the device last registered for the pass (moved by each registration again): APNs's 410 timestamps are compared with it. */
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wallet_pass_registrations_device_pass').on(t.deviceLibraryId, t.passTypeId, t.userTicketId),
    index('wallet_pass_registrations_pass').on(t.userTicketId),
  ],
);
