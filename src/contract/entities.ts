// The entities of docs/product.md §3 as they travel on the wire. Money is a decimal number with two places beside its
// currency code and symbol; dates are ISO-8601 strings; ids are numbers unless the spec says otherwise.
// Written with zod/mini, like the whole contract; the browser only imports their types.
import * as z from 'zod/mini';
import { languages } from './languages';

const isoDate = z.iso.datetime({ offset: true });
const money = z.number();
const int = z.int();
const text = z.string();
const optionalText = z.nullable(z.string());
/** A schema named in the OpenAPI document. */
const named = <T extends z.ZodMiniType>(id: string, schema: T): T => schema.check(z.meta({ id }));

export const userProfile = named(
  'UserProfile',
  z.object({
    address: optionalText,
    birthdate: optionalText,
    email: text,
    familyName: optionalText,
    gender: optionalText,
    givenName: optionalText,
    locale: z.enum(languages),
    middleName: optionalText,
    name: optionalText,
    nickname: text,
    picture: optionalText,
    preferredUsername: text,
    profile: optionalText,
    website: optionalText,
    zoneInfo: optionalText,
    /** '#' plus the part of preferredUsername after its last '#'. */
    uniqueID: text,
    phoneNumber: optionalText,
  }),
);
export type UserProfile = z.infer<typeof userProfile>;

/**
 * `device`, answered by a sign-in with a code: this browser's proof that it signed in to the e-mail before. Sent with
 * a later code request it draws on the owner's own share of the mailbox's codes, which strangers cannot use up.
 */
export const tokens = named('Tokens', z.object({ accessToken: text, refreshToken: text, session: z.optional(text), device: z.optional(text) }));
export type Tokens = z.infer<typeof tokens>;

const userTicketShape = {
  userTicketId: int,
  ticketLogo: optionalText,
  ticketName: text,
  eventName: text,
  eventCity: text,
  eventVenue: text,
  eventAddress1: optionalText,
  eventDescription: optionalText,
  eventStartDateTime: isoDate,
  eventEndDateTime: isoDate,
  /** IANA time zone of the venue; event times are shown in it. */
  eventTimeZone: text,
  eventLatitude: z.nullable(z.number()),
  eventLongitude: z.nullable(z.number()),
  isLive: z.boolean(),
  totalBenefitCount: int,
  totalBenefitUsedCount: int,
};
export const userTicket = named('UserTicket', z.object(userTicketShape));
export type UserTicket = z.infer<typeof userTicket>;

export const benefit = named(
  'Benefit',
  z.object({
    userTicketBenefitId: int,
    name: text,
    shortDescription: optionalText,
    fullDescription: optionalText,
    /** 'benefits.digital' for digital benefits, 'benefits.physical' otherwise. */
    type: z.enum(['benefits.digital', 'benefits.physical']),
    icon: optionalText,
    iconColor: optionalText,
    iconBgColor: optionalText,
    image: optionalText,
    purchasedAmount: int,
    usedAmount: int,
    lastUsedDate: z.nullable(isoDate),
    redeemCode: optionalText,
    isUnlockable: z.boolean(),
    validUntil: z.nullable(isoDate),
  }),
);
export type Benefit = z.infer<typeof benefit>;

/** How a ticket reached a holder: issued (bought from the organiser), or moved by gift, swap, resale or a PDF's code. */
export const historyMoves = ['issued', 'gifted', 'swapped', 'bought', 'redeemed'] as const;
export type HistoryMove = (typeof historyMoves)[number];

/**
 * One step of a ticket's history: how it reached `holder`, and when. `holder` is 'you' for the asking person, the
 * nickname#suffix of someone who gave the asking person a ticket or received one from them as a gift (they named
 * each other), and null for anyone else (an earlier holder, a buyer or seller on the resale market).
 */
export const historyEntry = named(
  'TicketHistoryEntry',
  z.object({ move: z.enum(historyMoves), at: isoDate, holder: z.nullable(z.union([z.literal('you'), text])) }),
);
export type HistoryEntry = z.infer<typeof historyEntry>;

/** A ticket's history, oldest first, as far as the asking holder may see it. */
export const ticketHistory = named('TicketHistory', z.object({ userTicketId: int, ticketName: text, entries: z.array(historyEntry) }));
export type TicketHistory = z.infer<typeof ticketHistory>;

/**
 * A swap the caller started and has neither paid, confirmed nor cancelled: it holds their tickets until `heldUntil`
 * (30 minutes from the start, longer while a payment is processing). Told only to the person who started it, so the
 * wallet can offer to go on to its checkout or to cancel it (which releases the tickets at once).
 */
export const heldSwap = named(
  'HeldSwap',
  z.object({
    orderIdentifier: text,
    swapType: z.enum(['DOWNGRADE', 'UPGRADE']),
    /** The event of the tickets, with its name: the checkout address is built from both (docs/product.md §7). */
    eventId: int,
    eventName: text,
    fromName: text,
    toName: text,
    quantity: int,
    heldUntil: isoDate,
    /** The caller's tickets it holds. */
    userTicketIds: z.array(int),
  }),
);
export type HeldSwap = z.infer<typeof heldSwap>;

export const ticketDetail = named(
  'TicketDetail',
  z.object({
    ...userTicketShape,
    ticketDescription: optionalText,
    benefits: z.array(benefit),
    isGiftable: z.boolean(),
    isResellable: z.boolean(),
    isSwappable: z.boolean(),
    eventLogo: optionalText,
    eventFeatureImage: optionalText,
    eventAccessStatus: z.boolean(),
    eventAccessUsedOn: z.nullable(isoDate),
    /** The caller's own swap in progress that holds this ticket (Gift, Swap, Resell and the PDF wait for it), else null. */
    heldSwap: z.nullable(heldSwap),
  }),
);
export type TicketDetail = z.infer<typeof ticketDetail>;

export const resellableTicket = named(
  'ResellableTicket',
  z.object({
    userTicketId: int,
    ticketId: int,
    ticketName: text,
    ticketLogo: optionalText,
    currencyCode: text,
    currencySymbol: text,
    ticketPrice: money,
    maxTicketPrice: money,
    availableTicketCount: int,
  }),
);
export type ResellableTicket = z.infer<typeof resellableTicket>;

export const listing = named(
  'Listing',
  z.object({
    userTicketId: int,
    name: text,
    ticketLogo: optionalText,
    price: money,
    currencySymbol: text,
    listedDate: isoDate,
    shareLinkUrl: text,
  }),
);
export type Listing = z.infer<typeof listing>;

export const soldEntry = named(
  'SoldEntry',
  z.object({
    userTicketId: int,
    name: text,
    ticketLogo: optionalText,
    price: money,
    currencySymbol: text,
    soldDate: isoDate,
    /**
     * The seller's payout for it: held until the event has ended, then paid to the payout account; on_hold while the
     * sale is refunded or disputed (not paid at the event's end); reversed once a paid payout was taken back for that.
     */
    payoutStatus: z.enum(['held', 'paid', 'on_hold', 'reversed']),
    /** While held: when it is released (the event's end); once paid: when; once reversed: when. */
    payoutDate: isoDate,
    /** IANA zone of the ticket's event: the payout date is shown on its clock, as the event's end is. */
    eventTimeZone: text,
  }),
);
export type SoldEntry = z.infer<typeof soldEntry>;

/** A listing as its share page shows it to anyone (docs/product.md §2 Listings: the share link). */
export const publicListing = named(
  'PublicListing',
  z.object({
    shareCode: text,
    status: z.enum(['on_sale', 'sold', 'unlisted']),
    eventName: text,
    eventStartDateTime: isoDate,
    eventTimeZone: text,
    eventVenue: text,
    ticketName: text,
    ticketLogo: optionalText,
    sellerNickname: text,
    /** Price per ticket the seller asks, and the buyer's total per ticket (price plus service fee). */
    price: money,
    serviceFee: money,
    totalPrice: money,
    originalPrice: money,
    currencyCode: text,
    currencySymbol: text,
    /** Tickets still on sale under the link. */
    quantity: int,
  }),
);
export type PublicListing = z.infer<typeof publicListing>;

export const priceQuote = named(
  'PriceQuote',
  z.object({ basePrice: money, serviceFee: money, totalPrice: money, currencyCode: text, currencySymbol: text }),
);
export type PriceQuote = z.infer<typeof priceQuote>;

export const swapBaseTicket = named(
  'SwapBaseTicket',
  z.object({
    id: int,
    name: text,
    logo: optionalText,
    price: money,
    currencySymbol: text,
    currencyCode: text,
    quantity: int,
    eventId: int,
    /** The user's tickets of this type that may be swapped (USER_TICKET_ID preselects the type holding it). */
    userTicketIds: z.array(int),
  }),
);
export type SwapBaseTicket = z.infer<typeof swapBaseTicket>;

export const swapTarget = named(
  'SwapTarget',
  z.object({
    /** The swap pair id, sent back as swapPairId. */
    id: int,
    name: text,
    logo: optionalText,
    price: money,
    currencySymbol: text,
    currencyCode: text,
    quantity: int,
  }),
);
export type SwapTarget = z.infer<typeof swapTarget>;

export const swapStart = named(
  'SwapStart',
  z.object({
    swapType: z.enum(['DOWNGRADE', 'UPGRADE']),
    orderIdentifier: text,
    name: text,
    /** Absolute checkout address on the organisation's site (docs/product.md §7). */
    eventId: int,
    amount: money.check(
      z.meta({
        description:
          'docs/product.md §4: (base price − target price) × quantity. Negative for an UPGRADE: the user pays its absolute value at ' +
          'checkout (POST /ticket_swap/pay/{orderIdentifier}). Zero or more for a DOWNGRADE: the user loses it.',
      }),
    ),
    currencyCode: text,
    currencySymbol: text,
  }),
);
export type SwapStart = z.infer<typeof swapStart>;

export const swapOrder = named(
  'SwapOrder',
  z.object({
    orderIdentifier: text,
    swapType: z.enum(['DOWNGRADE', 'UPGRADE']),
    /** started (awaiting checkout), confirmed, cancelled or expired (30 minutes without confirmation). */
    status: z.enum(['started', 'confirmed', 'cancelled', 'expired']),
    eventId: int,
    eventName: text,
    fromName: text,
    toName: text,
    quantity: int,
    /** What the user pays at checkout (an UPGRADE), else 0. */
    amountDue: money,
    /** What the user gives up (a DOWNGRADE to a cheaper type), else 0. */
    amountLost: money,
    currencyCode: text,
    currencySymbol: text,
    expiresAt: text,
    /** IANA zone of the event: the checkout page shows the hold's end on the event's clock, with its name. */
    eventTimeZone: text,
    /**
     * A started UPGRADE whose payment is processing (a bank debit): its id, which the checkout page, reloaded, asks
     * `pay` about until it ends; else null.
     */
    processingPaymentIntentId: optionalText,
  }),
);
export type SwapOrder = z.infer<typeof swapOrder>;

/** A Stripe PaymentIntent for Stripe.js to confirm in the page: a swap's difference or a resale purchase. */
export const paymentIntent = named(
  'PaymentIntent',
  z.object({
    /** Sent back to the pay or purchase call once Stripe.js confirmed it; the server retrieves and verifies it. */
    paymentIntentId: text,
    clientSecret: text,
    publishableKey: text,
  }),
);
export type PaymentIntent = z.infer<typeof paymentIntent>;

export const giftCheck = named('GiftCheck', z.object({ extras: z.object({ canBeGifted: z.boolean() }) }));

export const receiverSuggestion = named('ReceiverSuggestion', z.object({ username: text, picture: optionalText }));
export type ReceiverSuggestion = z.infer<typeof receiverSuggestion>;

export const giftResult = named(
  'GiftResult',
  z.object({ userTicketId: int, ticketName: text, ticketLogo: optionalText, receiver: text }),
);

// userTicketId: the redeemer's new ticket (a redeemed ticket is a new user ticket), for the link to it.
export const redeemResult = named('RedeemResult', z.object({ name: text, logo: optionalText, userTicketId: z.optional(int) }));
export type RedeemResult = z.infer<typeof redeemResult>;
export const unlockResult = named('UnlockResult', z.object({ redeemCode: text }));
export const paymentsAccount = named(
  'PaymentsAccount',
  z.object({
    /** Empty string when the user has no payments account yet. */
    clientSecret: text,
    provider: z.enum(['stripe', 'local']),
    publishableKey: optionalText,
    verified: z.boolean(),
    country: optionalText,
    /**
     * Stripe's latest payout from the seller's account to their bank failed (and none has been paid since): what the
     * payouts tab tells them. The money stays in their Stripe balance; null when nothing failed.
     */
    payoutFailure: z.nullable(z.object({ amountMinor: int, currencyCode: text, failureCode: optionalText, failedAt: isoDate })),
  }),
);
export type PaymentsAccount = z.infer<typeof paymentsAccount>;
export const qrSettings = named('QrSettings', z.object({ ttl: z.int().check(z.positive()) }));
export const qrCodeData = z
  .string()
  .check(z.meta({ id: 'QrCodeData', description: 'base64 PNG of the entry QR code', contentEncoding: 'base64', contentMediaType: 'image/png' }));
export const ok = named('Ok', z.object({ ok: z.literal(true) }));

/** Where a ticket goes into a phone's wallet (GET /v1/wallet/tickets/{userTicketId}); null: that wallet is not configured. */
export const walletLinks = named(
  'WalletLinks',
  z.object({
    /** The Apple Wallet pass, a download good for a few minutes. */
    apple: z.nullable(z.string()),
    /** Google Wallet's save link: https://pay.google.com/gp/v/save/<signed JWT>. */
    google: z.nullable(z.string()),
    /** The pass's serial number in both wallets. */
    serialNumber: z.string(),
  }),
);
export type WalletLinks = z.infer<typeof walletLinks>;
