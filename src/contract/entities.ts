// The entities of SPEC §3 as they travel on the wire. Money is a decimal number with two places beside its
// currency code and symbol; dates are ISO-8601 strings; ids are numbers unless the spec says otherwise.
import * as z from 'zod';

const isoDate = z.iso.datetime({ offset: true });
const money = z.number();

export const userProfile = z
  .object({
    address: z.string().nullable(),
    birthdate: z.string().nullable(),
    email: z.string(),
    familyName: z.string().nullable(),
    gender: z.string().nullable(),
    givenName: z.string().nullable(),
    locale: z.enum(['en', 'es']),
    middleName: z.string().nullable(),
    name: z.string().nullable(),
    nickname: z.string(),
    picture: z.string().nullable(),
    preferredUsername: z.string(),
    profile: z.string().nullable(),
    website: z.string().nullable(),
    zoneInfo: z.string().nullable(),
    /** '#' plus the part of preferredUsername after its last '#'. */
    uniqueID: z.string(),
    phoneNumber: z.string().nullable(),
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof userProfile>;

export const tokens = z
  .object({ accessToken: z.string(), refreshToken: z.string(), session: z.string().optional() })
  .meta({ id: 'Tokens' });
export type Tokens = z.infer<typeof tokens>;

export const userTicket = z
  .object({
    userTicketId: z.number().int(),
    ticketLogo: z.string().nullable(),
    ticketName: z.string(),
    eventName: z.string(),
    eventCity: z.string(),
    eventVenue: z.string(),
    eventAddress1: z.string().nullable(),
    eventDescription: z.string().nullable(),
    eventStartDateTime: isoDate,
    eventEndDateTime: isoDate,
    /** IANA time zone of the venue; event times are shown in it. */
    eventTimeZone: z.string(),
    eventLatitude: z.number().nullable(),
    eventLongitude: z.number().nullable(),
    isLive: z.boolean(),
    totalBenefitCount: z.number().int(),
    totalBenefitUsedCount: z.number().int(),
  })
  .meta({ id: 'UserTicket' });
export type UserTicket = z.infer<typeof userTicket>;

export const benefit = z
  .object({
    userTicketBenefitId: z.number().int(),
    name: z.string(),
    shortDescription: z.string().nullable(),
    fullDescription: z.string().nullable(),
    /** 'benefits.digital' for digital benefits, 'benefits.physical' otherwise. */
    type: z.enum(['benefits.digital', 'benefits.physical']),
    icon: z.string().nullable(),
    iconColor: z.string().nullable(),
    iconBgColor: z.string().nullable(),
    image: z.string().nullable(),
    purchasedAmount: z.number().int(),
    usedAmount: z.number().int(),
    lastUsedDate: isoDate.nullable(),
    redeemCode: z.string().nullable(),
    isUnlockable: z.boolean(),
    validUntil: isoDate.nullable(),
  })
  .meta({ id: 'Benefit' });
export type Benefit = z.infer<typeof benefit>;

export const ticketDetail = userTicket
  .extend({
    ticketDescription: z.string().nullable(),
    benefits: z.array(benefit),
    isGiftable: z.boolean(),
    isResellable: z.boolean(),
    isSwappable: z.boolean(),
    eventLogo: z.string().nullable(),
    eventFeatureImage: z.string().nullable(),
    eventAccessStatus: z.boolean(),
    eventAccessUsedOn: isoDate.nullable(),
  })
  .meta({ id: 'TicketDetail' });
export type TicketDetail = z.infer<typeof ticketDetail>;

export const resellableTicket = z
  .object({
    userTicketId: z.number().int(),
    ticketId: z.number().int(),
    ticketName: z.string(),
    ticketLogo: z.string().nullable(),
    currencyCode: z.string(),
    currencySymbol: z.string(),
    ticketPrice: money,
    maxTicketPrice: money,
    availableTicketCount: z.number().int(),
  })
  .meta({ id: 'ResellableTicket' });
export type ResellableTicket = z.infer<typeof resellableTicket>;

export const listing = z
  .object({
    userTicketId: z.number().int(),
    name: z.string(),
    ticketLogo: z.string().nullable(),
    price: money,
    currencySymbol: z.string(),
    listedDate: isoDate,
    shareLinkUrl: z.string(),
  })
  .meta({ id: 'Listing' });
export type Listing = z.infer<typeof listing>;

export const soldEntry = z
  .object({
    userTicketId: z.number().int(),
    name: z.string(),
    ticketLogo: z.string().nullable(),
    price: money,
    currencySymbol: z.string(),
    soldDate: isoDate,
  })
  .meta({ id: 'SoldEntry' });
export type SoldEntry = z.infer<typeof soldEntry>;

export const priceQuote = z
  .object({ basePrice: money, serviceFee: money, totalPrice: money, currencyCode: z.string(), currencySymbol: z.string() })
  .meta({ id: 'PriceQuote' });
export type PriceQuote = z.infer<typeof priceQuote>;

export const swapBaseTicket = z
  .object({
    id: z.number().int(),
    name: z.string(),
    logo: z.string().nullable(),
    price: money,
    currencySymbol: z.string(),
    currencyCode: z.string(),
    quantity: z.number().int(),
    eventId: z.number().int(),
  })
  .meta({ id: 'SwapBaseTicket' });
export type SwapBaseTicket = z.infer<typeof swapBaseTicket>;

export const swapTarget = z
  .object({
    /** The swap pair id, sent back as swapPairId. */
    id: z.number().int(),
    name: z.string(),
    logo: z.string().nullable(),
    price: money,
    currencySymbol: z.string(),
    currencyCode: z.string(),
    quantity: z.number().int(),
  })
  .meta({ id: 'SwapTarget' });
export type SwapTarget = z.infer<typeof swapTarget>;

export const swapStart = z
  .object({
    swapType: z.enum(['DOWNGRADE', 'UPGRADE']),
    orderIdentifier: z.string(),
    name: z.string(),
    /** Absolute checkout address on the organisation's site (SPEC §7). */
    eventId: z.number().int(),
    amount: money,
    currencyCode: z.string(),
    currencySymbol: z.string(),
  })
  .meta({ id: 'SwapStart' });
export type SwapStart = z.infer<typeof swapStart>;

export const giftCheck = z
  .object({ extras: z.object({ canBeGifted: z.boolean() }) })
  .meta({ id: 'GiftCheck' });

export const receiverSuggestion = z
  .object({ username: z.string(), picture: z.string().nullable() })
  .meta({ id: 'ReceiverSuggestion' });
export type ReceiverSuggestion = z.infer<typeof receiverSuggestion>;

export const giftResult = z
  .object({ userTicketId: z.number().int(), ticketName: z.string(), ticketLogo: z.string().nullable(), receiver: z.string() })
  .meta({ id: 'GiftResult' });

export const redeemResult = z.object({ name: z.string(), logo: z.string().nullable() }).meta({ id: 'RedeemResult' });
export const unlockResult = z.object({ redeemCode: z.string() }).meta({ id: 'UnlockResult' });
export const paymentsAccount = z
  .object({
    /** Empty string when the user has no payments account yet. */
    clientSecret: z.string(),
    provider: z.enum(['stripe', 'local']),
    publishableKey: z.string().nullable(),
    verified: z.boolean(),
    country: z.string().nullable(),
  })
  .meta({ id: 'PaymentsAccount' });
export const qrSettings = z.object({ ttl: z.number().int().positive() }).meta({ id: 'QrSettings' });
export const qrCodeData = z.string().meta({ id: 'QrCodeData', description: 'base64 PNG of the entry QR code' });
export const ok = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });
