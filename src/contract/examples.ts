// One example per call of the API, shown in the OpenAPI document (/v1/docs): the request body where the call takes
// one, the path parameters where it takes them, and the successful answer. Typed from the contract, so an example
// that no longer fits its call fails the typecheck; `redocly lint` checks them against the document's schemas too.
// Server and tests only, like endpoints.ts.
import type { BodyOf, EndpointName, ParamsOf, QueryOf, ResponseOf } from './endpoints';
import type { Benefit, Listing, SoldEntry, UserProfile, UserTicket } from './entities';

export interface OperationExample<N extends EndpointName> {
  body?: BodyOf<N>;
  params?: ParamsOf<N>;
  query?: QueryOf<N>;
  /** The successful answer; absent for the PDF, whose bytes are no example. */
  response?: ResponseOf<N> extends Blob ? never : ResponseOf<N>;
}

const alex: UserProfile = {
  address: null,
  birthdate: null,
  email: 'alex@example.com',
  familyName: 'Rivera',
  gender: null,
  givenName: 'Alex',
  locale: 'en',
  middleName: null,
  name: 'Alex Rivera',
  nickname: 'alex',
  picture: 'https://wallet.example.com/assets/avatars/7/1a2b3c.webp',
  preferredUsername: 'alex#4821',
  profile: null,
  website: null,
  zoneInfo: null,
  uniqueID: '#4821',
  phoneNumber: null,
};

const ticket: UserTicket = {
  userTicketId: 12,
  ticketLogo: null,
  ticketName: 'VIP',
  eventName: 'Harbour Lights Weekender',
  eventCity: 'Sydney',
  eventVenue: 'Barangaroo Reserve',
  eventAddress1: 'Hickson Road',
  eventDescription: 'Two days of music on the harbour.',
  eventStartDateTime: '2027-02-13T16:00:00+11:00',
  eventEndDateTime: '2027-02-14T23:00:00+11:00',
  eventTimeZone: 'Australia/Sydney',
  eventLatitude: -33.8599,
  eventLongitude: 151.2011,
  isLive: false,
  totalBenefitCount: 1,
  totalBenefitUsedCount: 0,
};

const benefit: Benefit = {
  userTicketBenefitId: 31,
  name: 'VIP lounge access',
  shortDescription: 'The lounge beside the main stage',
  fullDescription: null,
  type: 'benefits.digital',
  icon: null,
  iconColor: null,
  iconBgColor: null,
  image: null,
  purchasedAmount: 1,
  usedAmount: 0,
  lastUsedDate: null,
  redeemCode: null,
  isUnlockable: true,
  validUntil: '2027-02-14T23:00:00+11:00',
};

const listing: Listing = {
  userTicketId: 12,
  name: 'VIP',
  ticketLogo: null,
  price: 180,
  currencySymbol: '$',
  listedDate: '2026-11-20T10:30:00+00:00',
  shareLinkUrl: 'https://wallet.example.com/resale/Q7k2mW9x',
};

const sold: SoldEntry = {
  userTicketId: 14,
  name: 'General Admission',
  ticketLogo: null,
  price: 95,
  currencySymbol: '$',
  soldDate: '2026-11-21T09:00:00+00:00',
  payoutStatus: 'held',
  payoutDate: '2027-02-14T12:00:00+00:00',
  eventTimeZone: 'Australia/Sydney',
};

const ok = { ok: true } as const;
const tokens = { accessToken: 'eyJhbGciOiJIUzI1NiJ9.…', refreshToken: 'r_9f2c…' };
const swapIdentifier = { swapIdentifier: 'swp_5d1e9a' };
const shareCode = { shareCode: 'Q7k2mW9x' };
const paymentIntent = { paymentIntentId: 'pi_3Q…', clientSecret: 'pi_3Q…_secret_…', publishableKey: 'pk_test_…' };
const localAccount = { clientSecret: 'acct_local_7_secret', provider: 'local', publishableKey: null, verified: true, country: 'AU', payoutFailure: null } as const;

export const examples: { [N in EndpointName]?: OperationExample<N> } = {
  signIn: { body: { email: 'alex@example.com', locale: 'en' }, response: { session: 'ls_4b8e…' } },
  verifyLogin: { body: { email: 'alex@example.com', otp: '123456', session: 'ls_4b8e…' }, response: tokens },
  hostSignIn: { body: { token: 'eyJhbGciOiJFUzI1NiIsImtpZCI6InNpdGUtMjAyNiJ9…', locale: 'en' }, response: tokens },
  refresh: { body: { refreshToken: 'r_9f2c…' }, response: tokens },
  checkoutHandOver: { params: { swapIdentifier: 'SW-8F3A2C1B9D0E' }, response: { code: 'hX3v9Qm…', expiresAt: '2026-06-14T17:01:00.000Z' } },
  exchangeCheckoutHandOver: { body: { code: 'hX3v9Qm…', swapIdentifier: 'SW-8F3A2C1B9D0E' }, response: { accessToken: 'eyJhbGciOiJIUzI1NiJ9…' } },
  logout: { response: ok },
  me: { response: alex },
  updateProfile: { body: { givenName: 'Alex', familyName: 'Rivera' }, response: alex },
  username: { body: { username: 'alex' }, response: alex },
  uploadPicture: { response: alex },
  removePicture: { response: { ...alex, picture: null } },
  qrText: { response: 'v1.7.1764235800.Xq3…' },
  qrCodeData: { response: 'iVBORw0KGgoAAAANSUhEUgAA…' },
  qrSettings: { response: { ttl: 15000 } },
  gateScan: { body: { token: 'v1.7.1764235800.Xq3…', eventId: 2 }, response: { userTicketId: 12, ticketName: 'VIP', holder: 'alex#4821' } },
  doorRegisterDevice: {
    body: { userTicketId: 12, publicKey: 'BNrMhyUJQppUSEr24iPlnZYhuCyAeNKGis1Z__a48uTKVyVA69DhDAwI73UJCRfwGRxhCsjl8aejwFFiDPCuq3s' },
    response: {
      certificate: 'AQEAAQAAA-kAAAAM…',
      certificateId: 1001,
      keyId: 1,
      notBefore: '2026-11-27T18:00:00Z',
      notAfter: '2026-11-28T02:00:00Z',
      ttl: 15,
      revokedCertificateId: null,
    },
  },
  doorDevice: { params: { userTicketId: 12 }, response: { certificateId: 1001, entryCode: 'device' } },
  doorKeys: { response: { keys: [{ keyId: 1, algorithm: 'ES256', publicKey: 'BFq3e…' }], ttl: 15, toleranceSteps: 1 } },
  doorEntryCode: { body: { entryCode: 'device' }, response: { entryCode: 'device' } },
  doorEvents: {
    response: {
      organisation: 'Harbour Lights Festival',
      entryCode: 'device',
      events: [{ eventId: 2, name: 'Harbour Night Market', venue: 'Barangaroo Reserve', startsAt: '2026-11-27T17:00:00Z', endsAt: '2026-11-28T01:00:00Z' }],
    },
  },
  doorRevocations: { params: { eventId: 2 }, response: { eventId: 2, certificateIds: [998, 1000], asOf: '2026-11-27T19:30:00Z' } },
  doorSync: {
    params: { eventId: 2 },
    body: { scannerId: 'north-gate-1', admissions: [{ code: 'TW2.AQEAAQAAA-kAAAAM…', admittedAt: '2026-11-27T19:02:11Z' }] },
    response: {
      stored: 1,
      alreadyStored: 0,
      refused: [],
      flagged: [{ userTicketId: 12, holderUserId: 7, admissions: [{ scannerId: 'north-gate-1', admittedAt: '2026-11-27T19:02:11Z' }, { scannerId: 'south-gate-2', admittedAt: '2026-11-27T19:04:40Z' }] }],
    },
  },
  walletLinks: {
    params: { userTicketId: 12 },
    response: {
      apple: 'https://wallet.example.com/v1/wallet/apple/download/12.1764236400.Hk2…',
      google: 'https://pay.google.com/gp/v/save/eyJhbGciOiJSUzI1NiJ9…',
      serialNumber: 'tw-12',
    },
  },
  walletLogo: { params: { organisationId: 1 } },
  applePassDownload: { params: { token: '12.1764236400.Hk2…' } },
  appleRegisterDevice: {
    params: { deviceLibraryIdentifier: '6b2c1a…', passTypeIdentifier: 'pass.com.example.tickets', serialNumber: 'tw-12' },
    body: { pushToken: '8f1e…' },
    response: { ok: true },
  },
  appleUnregisterDevice: {
    params: { deviceLibraryIdentifier: '6b2c1a…', passTypeIdentifier: 'pass.com.example.tickets', serialNumber: 'tw-12' },
    response: { ok: true },
  },
  appleUpdatedPasses: {
    params: { deviceLibraryIdentifier: '6b2c1a…', passTypeIdentifier: 'pass.com.example.tickets' },
    query: { passesUpdatedSince: '1764235800000' },
    response: { serialNumbers: ['tw-12'], lastUpdated: '1764236112345' },
  },
  appleLatestPass: { params: { passTypeIdentifier: 'pass.com.example.tickets', serialNumber: 'tw-12' } },
  appleLog: { body: { logs: ['[2026-11-27 19:02:11 +1100] Web service error for pass.com.example.tickets (https://wallet.example.com/v1/wallet/apple): …'] }, response: { ok: true } },
  myTickets: { query: { status: 'UPCOMING' }, response: [ticket] },
  ticketDetail: {
    params: { ticketUserId: 12 },
    response: {
      ...ticket,
      ticketDescription: 'Lounge, fast lane and the best view of the stage.',
      benefits: [benefit],
      isGiftable: true,
      isResellable: true,
      isSwappable: true,
      eventLogo: null,
      eventFeatureImage: null,
      eventAccessStatus: false,
      eventAccessUsedOn: null,
      heldSwap: null,
    },
  },
  ticketHistory: {
    params: { ticketUserId: 12 },
    response: {
      userTicketId: 12,
      ticketName: 'VIP',
      entries: [
        { move: 'issued', at: '2026-11-02T09:15:00.000Z', holder: 'Alex Rivera' },
        { move: 'gifted', at: '2026-11-20T18:40:00.000Z', holder: 'you' },
      ],
    },
  },
  unlockBenefit: { params: { id: 12 }, body: { userTicketBenefitId: 31 }, response: { redeemCode: 'VIP-7K2Q' } },
  giftVerify: { body: { userTicketId: 12 }, response: { extras: { canBeGifted: true } } },
  giftTicket: { body: { userTicketId: 12, username: 'jordan@example.com' }, response: { userTicketId: 12, ticketName: 'VIP', ticketLogo: null, receiver: 'jordan#7310' } },
  searchUsers: { query: { username: 'jor' }, response: [{ username: 'jordan#7310', picture: null }] },
  swapTickets: {
    response: [{ id: 5, name: 'General Admission', logo: null, price: 120, currencySymbol: '$', currencyCode: 'AUD', quantity: 1, eventId: 2, userTicketIds: [14] }],
  },
  heldSwaps: {
    response: [
      {
        orderIdentifier: 'swp_5d1e9a',
        swapType: 'UPGRADE',
        eventId: 2,
        eventName: 'Summer Sound Festival',
        fromName: 'General Admission',
        toName: 'VIP',
        quantity: 1,
        heldUntil: '2026-06-14T17:30:00.000Z',
        userTicketIds: [14],
      },
    ],
  },
  swapTargets: { params: { ticketId: 5 }, response: [{ id: 3, name: 'VIP', logo: null, price: 250, currencySymbol: '$', currencyCode: 'AUD', quantity: 40 }] },
  startSwap: {
    body: { baseTicketId: 5, swapPairId: 3, swapQuantity: 1 },
    response: { swapType: 'UPGRADE', orderIdentifier: 'swp_5d1e9a', name: 'VIP', eventId: 2, amount: -130, currencyCode: 'AUD', currencySymbol: '$' },
  },
  confirmSwap: { params: swapIdentifier, response: ok },
  swapOrder: {
    params: swapIdentifier,
    response: {
      orderIdentifier: 'swp_5d1e9a',
      swapType: 'UPGRADE',
      status: 'started',
      eventId: 2,
      eventName: 'Harbour Lights Weekender',
      fromName: 'General Admission',
      toName: 'VIP',
      quantity: 1,
      amountDue: 130,
      amountLost: 0,
      currencyCode: 'AUD',
      currencySymbol: '$',
      expiresAt: '2026-11-27T03:30:00.000Z',
      eventTimeZone: 'Australia/Sydney',
      processingPaymentIntentId: null,
    },
  },
  swapPaymentIntent: { params: swapIdentifier, response: paymentIntent },
  paySwap: { params: swapIdentifier, body: { paymentMethod: 'pm_card_visa' }, response: ok },
  cancelSwap: { params: swapIdentifier, response: ok },
  resellOverview: { response: { sale: [listing], sold: [sold] } },
  resellableTickets: {
    response: [
      { userTicketId: 12, ticketId: 3, ticketName: 'VIP', ticketLogo: null, currencyCode: 'AUD', currencySymbol: '$', ticketPrice: 250, maxTicketPrice: 275, availableTicketCount: 1 },
    ],
  },
  soldTickets: { response: [sold] },
  listings: { response: [listing] },
  priceQuote: { body: { selectedPrice: 180, quantity: 1, ticketId: 3 }, response: { basePrice: 180, serviceFee: 9, totalPrice: 189, currencyCode: 'AUD', currencySymbol: '$' } },
  createListing: {
    body: { userTicketId: 12, amountCount: 1, price: 180, currencyCode: 'AUD', currencySymbol: '$' },
    response: { shareLinkUrl: 'https://wallet.example.com/resale/Q7k2mW9x', userTicketIds: [12] },
  },
  unlist: { body: { userTicketId: 12 }, response: ok },
  processingPurchase: { params: shareCode, response: { paymentIntentId: 'pi_local_3f9a2c' } },
  purchaseListing: { params: shareCode, body: { quantity: 1, paymentMethod: 'pm_card_visa' }, response: { userTicketIds: [58] } },
  resalePaymentIntent: { params: shareCode, body: { quantity: 1 }, response: paymentIntent },
  publicListing: {
    params: shareCode,
    response: {
      shareCode: 'Q7k2mW9x',
      status: 'on_sale',
      eventName: 'Harbour Lights Weekender',
      eventStartDateTime: '2027-02-13T16:00:00+11:00',
      eventTimeZone: 'Australia/Sydney',
      eventVenue: 'Barangaroo Reserve',
      ticketName: 'VIP',
      ticketLogo: null,
      sellerNickname: 'alex',
      price: 180,
      serviceFee: 9,
      totalPrice: 189,
      originalPrice: 250,
      currencyCode: 'AUD',
      currencySymbol: '$',
      quantity: 1,
    },
  },
  ticketPdf: { params: { id: 12 } },
  redeem: { params: { secret: 'K4T9-QX2M-77HD' }, response: { name: 'VIP', logo: null, userTicketId: 59 } },
  paymentsConnect: { body: { accountType: 'custom', country: 'AU' }, response: { ...localAccount, verified: false } },
  paymentsAccount: { response: localAccount },
  paymentsLocalOnboarding: { body: { clientSecret: 'acct_local_7_secret', legalName: 'Alex Rivera', bankAccountLast4: '1234' }, response: localAccount },
};
