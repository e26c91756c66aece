// Every call of the API (docs/product.md §7, plus the calls the spec leaves unnamed, named in docs/decisions/0001-api-names-the-spec-leaves-open.md).
// The server registers its routes from this table, the web client's functions and cache tags are typed from
// it, test mocks are typed from it and the OpenAPI document at /v1/docs/json is generated from it. The browser
// never loads this file: it gets the schema-free route-table.ts at build time (docs/decisions/0010-the-browser-carries-no-schemas.md).
import * as z from 'zod/mini';
import * as e from './entities';
import type { CacheTag } from './base';
import type { ErrorCode } from './errors';
import { type BinaryKind, ENTRY_CODE_HEADER, QR_SECONDS_LEFT_HEADER } from './base';
import { languages } from './languages';
import {
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  moneySchema,
  nicknameSchema,
  otpSchema,
  phoneNumberSchema,
  withoutControlCharacters,
} from './form-schemas';

export { API_PREFIX, buildPath, cacheTags, type CacheTag, ENTRY_CODE_HEADER, QR_SECONDS_LEFT_HEADER } from './base';

type Method = 'GET' | 'POST' | 'DELETE';

export interface Endpoint {
  method: Method;
  /** Fastify-style path below /v1, with :params. */
  path: string;
  summary: string;
  /** Needs a bearer access token. */
  auth: boolean;
  /** Called by an organiser's system with its key in the X-Organizer-Key header (the gate scanner), not by a user. */
  organizerKey?: boolean;
  /** Called by Apple Wallet with the pass's own token: `Authorization: ApplePass <authenticationToken>`. */
  applePass?: boolean;
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  /** A JSON response schema, or the kind of a binary answer: 'pdf' (a document), 'pkpass' (an Apple Wallet pass), 'png' (a picture). */
  response: z.ZodMiniType | BinaryKind;
  errors: readonly ErrorCode[];
  /** Cached reads are tagged; mutations invalidate tags (docs/product.md §4). */
  provides?: readonly CacheTag[];
  invalidates?: readonly CacheTag[];
  /** Never cached (payments account state). */
  noCache?: boolean;
  /** Multipart upload instead of a JSON body. */
  multipart?: boolean;
  /**
   * The answer carries an ETag: the client sends the last one back as If-None-Match and reuses its last answer on
   * 304 Not Modified.
   */
  revalidate?: boolean;
  /** Response headers of a successful answer, with what they mean (documentation and the OpenAPI description). */
  responseHeaders?: Readonly<Record<string, string>>;
  /** Other successful statuses than 200, with what they mean (a protocol the server follows, such as Apple's). */
  otherStatuses?: Readonly<Partial<Record<'201' | '204' | '304', string>>>;
}

const define = <const T extends Endpoint>(endpoint: T): T => endpoint;

const bodyErrors = ['api.invalid_request_body', 'api.invalid_json', 'api.payload_too_large'] as const;
const authErrors = ['api.auth.token_not_authorized'] as const;
/** Why an operation on a ticket is refused by its state (machines/ticket-lifecycle.ts). */
const ticketStateErrors = ['api.ticket.reserved', 'api.ticket.listed', 'api.ticket.used', 'api.ticket.not_held', 'api.ticket.event_over'] as const;
const swapEndErrors = ['api.swap.not_found', 'api.swap.expired', 'api.swap.cancelled', ...ticketStateErrors] as const;
/** The largest id the database holds (Postgres integer, int4): a larger one is bad input, not a lookup. */
export const MAX_ID = 2_147_483_647;
/** An id in a body: a positive int4. */
const positiveInt = z.int().check(z.positive(), z.lte(MAX_ID));
/** A numeric id in the path: coerced from its text, a positive int4. */
const pathId = z.pipe(z.coerce.number(), positiveInt);
const localeSchema = z.enum(languages);
const isoDateTime = z.iso.datetime({ offset: true });
/** Which entry code an organisation's doors take. */
const entryCodeMode = z.enum(['polling', 'device']);
const quantity = z.int().check(z.positive(), z.lte(100));
/** A string of min..max characters, without control characters. */
const boundedText = (min: number, max: number) => z.string().check(z.maxLength(max), withoutControlCharacters, z.minLength(min));
/** The same, trimmed first. */
const trimmedText = (min: number, max: number) => z.string().check(z.trim(), z.maxLength(max), withoutControlCharacters, z.minLength(min));

export const endpoints = {
  // ── auth ────────────────────────────────────────────────────────────────────────────────────────────────
  signIn: define({
    method: 'POST',
    path: '/auth/signInOrRegisterAndSignIn',
    summary: 'Send a six-digit one-time code to the e-mail, registering the user on first use',
    auth: false,
    // `session`: a resend on the sign-in session the client holds (its code is replaced, its wrong tries kept);
    // `device`: the device token of an earlier sign-in to this e-mail (the owner's share of the mailbox's codes).
    body: z.object({
      email: emailSchema,
      locale: z.optional(localeSchema),
      session: z.optional(boundedText(1, 200)),
      device: z.optional(boundedText(1, 400)),
    }),
    response: z.object({ session: z.string() }),
    errors: [...bodyErrors, 'api.auth.too_many_codes', 'api.auth.login_session_failed'],
  }),
  verifyLogin: define({
    method: 'POST',
    path: '/auth/verifyLoginRequest',
    summary: 'Verify the one-time code of a login session; answers the tokens',
    auth: false,
    body: z.object({ otp: otpSchema, session: boundedText(1, 200), email: emailSchema }),
    response: e.tokens,
    errors: [
      ...bodyErrors,
      'api.auth.wrong_otp',
      'api.auth.otp_expired',
      'api.auth.otp_attempts_exceeded',
      'api.auth.wrong_credentials',
      'api.auth.too_many_wrong_codes',
    ],
  }),
  hostSignIn: define({
    method: 'POST',
    path: '/auth/exchangeSignInToken',
    summary:
      "Sign in with a token the organisation's site signed for its signed-in user (ES256 or EdDSA, its keys configured by JWKS): each token once, within its five minutes, for this wallet's audience; registers the user on first use",
    auth: false,
    body: z.object({
      token: boundedText(1, 8192),
      locale: z.optional(localeSchema),
      /** The refresh token of the session the wallet had on this page: ended in the same step (another person signs in). */
      previousRefreshToken: z.optional(boundedText(1, 200)),
    }),
    response: e.tokens,
    errors: [
      ...bodyErrors,
      'api.auth.sign_in_token_invalid',
      'api.auth.sign_in_token_expired',
      'api.auth.sign_in_token_used',
      'api.auth.sign_in_token_audience',
      'api.auth.sign_in_token_unknown_key',
      'api.auth.host_sign_in_off',
      'api.auth.sign_in_keys_unavailable',
    ],
  }),
  checkoutHandOver: define({
    method: 'POST',
    path: '/ticket_swap/hand_over/:swapIdentifier',
    summary:
      "A single-use code, good for one minute, that hands this session to the swap's checkout page on another origin (in the address's fragment); " +
      'the checkout exchanges it for an access token that works for that order alone (exchangeCheckoutHandOver)',
    auth: true,
    params: z.object({ swapIdentifier: boundedText(1, 100) }),
    response: z.object({ code: z.string(), expiresAt: z.string() }),
    errors: [...authErrors, 'api.swap.not_found'],
  }),
  exchangeCheckoutHandOver: define({
    method: 'POST',
    path: '/auth/exchangeCheckoutHandOver',
    summary:
      "The checkout page on another origin exchanges the wallet's hand-over code for an access token of the wallet's session that works only for " +
      'that swap order: once, within its minute, for the order it was made for',
    auth: false,
    body: z.object({ code: boundedText(1, 200), swapIdentifier: boundedText(1, 100) }),
    response: z.object({ accessToken: z.string() }),
    errors: [
      ...bodyErrors,
      'api.auth.hand_over_invalid',
      'api.auth.hand_over_used',
      'api.auth.hand_over_expired',
      'api.auth.hand_over_other_order',
    ],
  }),
  refresh: define({
    method: 'POST',
    path: '/auth/refresh',
    summary: 'Exchange a refresh token for new tokens; the refresh token rotates',
    auth: false,
    body: z.object({ refreshToken: boundedText(1, 500) }),
    response: e.tokens,
    errors: [...bodyErrors, 'api.auth.refresh_invalid'],
  }),
  logout: define({
    method: 'GET',
    path: '/auth/logout',
    summary: 'End the session: revokes its refresh tokens and access tokens',
    auth: true,
    response: e.ok,
    errors: [...authErrors],
  }),
  me: define({
    method: 'GET',
    path: '/auth/me',
    summary: 'The signed-in user profile',
    auth: true,
    response: e.userProfile,
    errors: [...authErrors],
    provides: ['USER'],
  }),
  updateProfile: define({
    method: 'POST',
    path: '/auth/profile',
    summary: 'Change profile fields (nickname, names, phone number, locale)',
    auth: true,
    body: z.strictObject({
      nickname: z.optional(nicknameSchema),
      givenName: z.optional(firstNameSchema),
      familyName: z.optional(lastNameSchema),
      phoneNumber: z.optional(phoneNumberSchema),
      locale: z.optional(localeSchema),
    }),
    response: e.userProfile,
    errors: [
      ...bodyErrors,
      ...authErrors,
      'api.profile.email_or_phone_in_use',
      'api.profile.phone_invalid',
      'api.profile.username_exists',
      'api.profile.username_taken',
    ],
    invalidates: ['USER'],
  }),
  username: define({
    method: 'POST',
    path: '/auth/username',
    summary: 'Check and save a nickname, or generate one when none is given',
    auth: true,
    body: z.strictObject({ username: z.optional(nicknameSchema) }),
    response: e.userProfile,
    errors: [...bodyErrors, ...authErrors, 'api.auth.username_in_use'],
    invalidates: ['USER'],
  }),
  uploadPicture: define({
    method: 'POST',
    path: '/auth/profile/picture',
    summary: 'Upload a profile picture (multipart field "picture": HEIC, WEBP, SVG, PNG or JPG)',
    auth: true,
    multipart: true,
    response: e.userProfile,
    errors: [
      ...authErrors,
      'api.profile.picture_invalid',
      'api.profile.picture_too_large',
      'api.profile.picture_too_complex',
      'api.profile.picture_busy',
      'api.payload_too_large',
    ],
    invalidates: ['USER'],
  }),
  removePicture: define({
    method: 'POST',
    path: '/auth/profile/picture/remove',
    summary: 'Remove the profile picture (the initials show again)',
    auth: true,
    response: e.userProfile,
    errors: [...authErrors],
    invalidates: ['USER'],
  }),
  // ── entry QR ────────────────────────────────────────────────────────────────────────────────────────────
  qrText: define({
    method: 'GET',
    path: '/auth/access/qr',
    summary: 'The current signed entry token as text',
    auth: true,
    response: z.string(),
    errors: [...authErrors],
  }),
  qrCodeData: define({
    method: 'GET',
    path: '/auth/access/qrCodeData',
    summary: 'The current entry QR code as a base64 PNG; poll every ttl milliseconds',
    auth: true,
    response: e.qrCodeData,
    errors: [...authErrors],
    revalidate: true,
    responseHeaders: {
      ETag: 'names the user and window; sent back as If-None-Match within the window the answer is 304 without a body',
      'Cache-Control': 'private, max-age = the seconds left in the window',
      [QR_SECONDS_LEFT_HEADER]: 'whole seconds until this code\'s window ends (for a countdown without asking)',
      [ENTRY_CODE_HEADER]:
        '`device` when the organiser of the holder\'s next event chose the device-bound entry code (the wallet draws that code instead); absent for the polling code',
    },
  }),
  qrSettings: define({
    method: 'GET',
    path: '/settings/qr',
    summary: 'QR polling settings: ttl in milliseconds',
    auth: false,
    response: e.qrSettings,
    errors: [],
  }),
  gateScan: define({
    method: 'POST',
    path: '/access/scan',
    summary: 'Gate scanner (organizer API key in x-organizer-key): verify an entry token and mark access used',
    auth: false,
    organizerKey: true,
    body: z.object({ token: boundedText(1, 1000), eventId: positiveInt }),
    response: z.object({ userTicketId: z.int(), ticketName: z.string(), holder: z.string() }),
    errors: [...ticketStateErrors, ...bodyErrors, 'api.access.invalid_qr', 'api.access.qr_replayed', 'api.access.organizer_key_invalid', 'api.access.no_ticket'],
  }),
  // ── device-bound entry code (src/door/code.ts; docs/decisions/0054-at-the-door-the-device-bound-entry-code.md) ────────────────────────
  doorRegisterDevice: define({
    method: 'POST',
    path: '/door/devices',
    summary: "Register this device's public key for a ticket; answers the certificate the organisation signed (a later device's registration revokes it)",
    auth: true,
    body: z.object({
      userTicketId: positiveInt,
      /** Uncompressed P-256 point (65 bytes) in base64url. */
      publicKey: z.string().check(z.regex(/^[A-Za-z0-9_-]{87}$/)),
    }),
    response: z.object({
      /** Certificate and the organisation's signature, base64url: what the device signs its codes with. */
      certificate: z.string(),
      certificateId: z.int(),
      keyId: z.int(),
      notBefore: isoDateTime,
      notAfter: isoDateTime,
      /** Seconds each code is current. */
      ttl: z.int(),
      /** The certificate this one replaced (another device's, now revoked), if any. */
      revokedCertificateId: z.nullable(z.int()),
    }),
    errors: [
      ...bodyErrors,
      ...authErrors,
      ...ticketStateErrors,
      'api.ticket.not_found',
      'api.door.unavailable',
      'api.door.not_enabled',
      'api.door.public_key_invalid',
    ],
  }),
  doorDevice: define({
    method: 'GET',
    path: '/door/devices/:userTicketId',
    summary: "The live certificate of a ticket: the wallet learns that another device's registration revoked its own",
    auth: true,
    params: z.object({ userTicketId: pathId }),
    response: z.object({ certificateId: z.nullable(z.int()), entryCode: entryCodeMode }),
    errors: [...authErrors, 'api.ticket.not_found'],
    noCache: true,
  }),
  doorKeys: define({
    method: 'GET',
    path: '/door/keys',
    summary: "The organisation's public keys scanners verify certificates with, the code's ttl and the steps of tolerance",
    auth: false,
    response: z.object({
      keys: z.array(z.object({ keyId: z.int(), algorithm: z.literal('ES256'), publicKey: z.string() })),
      ttl: z.int(),
      toleranceSteps: z.int(),
    }),
    errors: ['api.door.unavailable'],
  }),
  doorEntryCode: define({
    method: 'POST',
    path: '/door/entry-code',
    summary: "The organiser's choice of entry code (organizer key): the server-drawn polling code (default) or the device-bound code",
    auth: false,
    organizerKey: true,
    body: z.object({ entryCode: entryCodeMode }),
    response: z.object({ entryCode: entryCodeMode }),
    errors: [...bodyErrors, 'api.access.organizer_key_invalid'],
  }),
  doorEvents: define({
    method: 'GET',
    path: '/door/events',
    summary: "The events a scanner signed in with this organizer key may admit to: the organisation's events that have not ended, soonest first",
    auth: false,
    organizerKey: true,
    response: z.object({
      organisation: z.string(),
      entryCode: entryCodeMode,
      events: z.array(z.object({ eventId: z.int(), name: z.string(), venue: z.string(), startsAt: isoDateTime, endsAt: isoDateTime })),
    }),
    errors: ['api.access.organizer_key_invalid'],
  }),
  doorRevocations: define({
    method: 'GET',
    path: '/door/events/:eventId/revocations',
    summary: 'Revoked certificates of an event (organizer key): replaced by another device, or the ticket passed on or used',
    auth: false,
    organizerKey: true,
    params: z.object({ eventId: pathId }),
    response: z.object({ eventId: z.int(), certificateIds: z.array(z.int()), asOf: isoDateTime }),
    errors: ['api.access.organizer_key_invalid'],
  }),
  doorSync: define({
    method: 'POST',
    path: '/door/events/:eventId/admissions',
    summary: "An offline scanner's admissions (organizer key): each code is checked again, merged, and tickets admitted twice are flagged",
    auth: false,
    organizerKey: true,
    params: z.object({ eventId: pathId }),
    body: z.object({
      scannerId: trimmedText(1, 64),
      admissions: z.array(z.object({ code: boundedText(1, 1000), admittedAt: isoDateTime })).check(z.maxLength(500)),
    }),
    response: z.object({
      /** Admissions stored now; the same code from the same scanner again (a retried sync) is not stored twice. */
      stored: z.int(),
      alreadyStored: z.int(),
      /** Codes that do not verify for this event at the time the scanner says it admitted them, and codes whose certificate was revoked before then (`door.revoked_before_admission`: stored refused, the ticket not used). */
      refused: z.array(z.object({ index: z.int(), reason: z.string() })),
      /** Every ticket of the event admitted more than once, across all scanners. */
      flagged: z.array(
        z.object({
          userTicketId: z.int(),
          holderUserId: z.int(),
          admissions: z.array(z.object({ scannerId: z.string(), admittedAt: isoDateTime })),
        }),
      ),
    }),
    errors: [...bodyErrors, 'api.access.organizer_key_invalid', 'api.door.unavailable'],
  }),
  // ── wallet passes (src/server/modules/passes; docs/decisions/0066-wallet-passes-a-static-pass-code-the-gate-checks-online.md) ─────────────────────
  walletLinks: define({
    method: 'GET',
    path: '/wallet/tickets/:userTicketId',
    summary:
      "Links that put one of the holder's upcoming tickets in a phone's wallet: a short-lived Apple Wallet download and " +
      "a Google Wallet save link (a signed JWT); null where that wallet is not configured",
    auth: true,
    params: z.object({ userTicketId: pathId }),
    response: e.walletLinks,
    errors: [...authErrors, ...ticketStateErrors, 'api.ticket.not_found'],
    noCache: true,
  }),
  applePassDownload: define({
    method: 'GET',
    path: '/wallet/apple/download/:token',
    summary: 'The Apple Wallet pass of a ticket (application/vnd.apple.pkpass), by the short-lived link of GET /v1/wallet/tickets/{userTicketId}',
    auth: false,
    params: z.object({ token: boundedText(1, 300) }),
    response: 'pkpass',
    errors: [...ticketStateErrors, 'api.wallet.link_invalid', 'api.wallet.unavailable'],
  }),
  walletLogo: define({
    method: 'GET',
    path: '/wallet/organisations/:organisationId/logo.png',
    summary: "The logo Google Wallet shows on the passes of an organisation's tickets (a 660 × 660 PNG; the class's logo.sourceUri)",
    auth: false,
    params: z.object({ organisationId: pathId }),
    response: 'png',
    errors: ['api.not_found'],
  }),
  // Apple's PassKit web service (the pass's webServiceURL is PUBLIC_BASE_URL/v1/wallet/apple): paths and answers as
  // Apple Wallet calls them.
  appleRegisterDevice: define({
    method: 'POST',
    path: '/wallet/apple/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber',
    summary: 'Apple Wallet: a device asks for updates of a pass (201 when new, 200 when it already was)',
    auth: false,
    applePass: true,
    params: z.object({ deviceLibraryIdentifier: boundedText(1, 128), passTypeIdentifier: boundedText(1, 128), serialNumber: boundedText(1, 64) }),
    body: z.object({ pushToken: boundedText(1, 256) }),
    response: e.ok,
    errors: [...bodyErrors, 'api.wallet.pass_auth_invalid', 'api.wallet.pass_not_found'],
    otherStatuses: { '201': 'The device is now registered for this pass' },
  }),
  appleUnregisterDevice: define({
    method: 'DELETE',
    path: '/wallet/apple/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber',
    summary: 'Apple Wallet: a device no longer wants updates of a pass (it was removed)',
    auth: false,
    applePass: true,
    params: z.object({ deviceLibraryIdentifier: boundedText(1, 128), passTypeIdentifier: boundedText(1, 128), serialNumber: boundedText(1, 64) }),
    response: e.ok,
    errors: ['api.wallet.pass_auth_invalid', 'api.wallet.pass_not_found'],
  }),
  appleUpdatedPasses: define({
    method: 'GET',
    path: '/wallet/apple/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier',
    summary: "Apple Wallet: the serial numbers of a device's passes that changed since the tag it last got (204 when none)",
    auth: false,
    params: z.object({ deviceLibraryIdentifier: boundedText(1, 128), passTypeIdentifier: boundedText(1, 128) }),
    query: z.object({ passesUpdatedSince: z.optional(z.string().check(z.regex(/^\d{1,15}$/))) }),
    response: z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string() }),
    errors: ['api.invalid_request_body'],
    noCache: true,
    otherStatuses: { '204': 'No pass of this device changed since that tag' },
  }),
  appleLatestPass: define({
    method: 'GET',
    path: '/wallet/apple/v1/passes/:passTypeIdentifier/:serialNumber',
    summary: 'Apple Wallet: the latest version of a pass (voided once its ticket is gifted, sold, swapped or used)',
    auth: false,
    applePass: true,
    params: z.object({ passTypeIdentifier: boundedText(1, 128), serialNumber: boundedText(1, 64) }),
    response: 'pkpass',
    errors: ['api.wallet.pass_auth_invalid', 'api.wallet.pass_not_found', 'api.wallet.unavailable'],
    responseHeaders: { 'Last-Modified': 'when the pass last changed; sent back as If-Modified-Since, the answer is 304 while it has not' },
    otherStatuses: { '304': 'Not Modified: the pass has not changed since If-Modified-Since' },
  }),
  appleLog: define({
    method: 'POST',
    path: '/wallet/apple/v1/log',
    summary: "Apple Wallet: messages about the web service's errors, written to the server log",
    auth: false,
    body: z.object({ logs: z.array(boundedText(0, 2000)).check(z.maxLength(100)) }),
    response: e.ok,
    errors: [...bodyErrors],
  }),
  // ── tickets and benefits ────────────────────────────────────────────────────────────────────────────────
  myTickets: define({
    method: 'GET',
    path: '/list/ticket_listing',
    summary: 'My tickets, upcoming or past',
    auth: true,
    query: z.object({ status: z.enum(['UPCOMING', 'PAST']) }),
    response: z.array(e.userTicket),
    errors: [...authErrors, 'api.invalid_request_body'],
    provides: ['TICKETS'],
    revalidate: true,
    responseHeaders: { ETag: 'names this answer; sent back as If-None-Match while nothing changed, the answer is 304 without a body' },
  }),
  ticketDetail: define({
    method: 'GET',
    path: '/list/ticket_listing/:ticketUserId',
    summary: 'One of my tickets with its benefits',
    auth: true,
    params: z.object({ ticketUserId: pathId }),
    response: e.ticketDetail,
    errors: [...authErrors, 'api.ticket.not_found', 'api.invalid_request_body'],
    provides: ['SINGLE_TICKET', 'TICKETS'],
    revalidate: true,
    responseHeaders: { ETag: 'names this answer; sent back as If-None-Match while nothing changed, the answer is 304 without a body' },
  }),
  ticketHistory: define({
    method: 'GET',
    path: '/list/ticket_listing/:ticketUserId/history',
    summary: "Who held one of my tickets and how it moved (issued, gifted, swapped, bought on resale, redeemed), oldest first; another holder's ticket is not found",
    auth: true,
    params: z.object({ ticketUserId: pathId }),
    response: e.ticketHistory,
    errors: [...authErrors, 'api.ticket.not_found', 'api.invalid_request_body'],
    provides: ['SINGLE_TICKET', 'TICKETS'],
  }),
  unlockBenefit: define({
    method: 'POST',
    path: '/mobile/unlock/:id',
    summary: 'Unlock a digital benefit, revealing its redeem code',
    auth: true,
    params: z.object({ id: pathId }),
    body: z.object({ userTicketBenefitId: positiveInt }),
    response: e.unlockResult,
    errors: [...ticketStateErrors, ...bodyErrors, ...authErrors, 'api.unlock.validation_error', 'api.unlock.invalid_benefit', 'api.unlock.not_unlockable'],
    invalidates: ['SINGLE_TICKET'],
  }),
  // ── gift ────────────────────────────────────────────────────────────────────────────────────────────────
  giftVerify: define({
    method: 'POST',
    path: '/mobile/gift/verify',
    summary: 'Whether a ticket can be gifted',
    auth: true,
    body: z.object({ userTicketId: positiveInt }),
    response: e.giftCheck,
    errors: [...bodyErrors, ...authErrors, 'gift_tickets.cannot_be_gifted', 'api.gift.not_authorized_verify'],
  }),
  giftTicket: define({
    method: 'POST',
    path: '/mobile/giftTicket',
    summary: "Gift a ticket to the receiver's e-mail or username; permanent",
    auth: true,
    body: z.object({ userTicketId: positiveInt, username: trimmedText(1, 254) }),
    response: e.giftResult,
    errors: [...ticketStateErrors, 
      ...bodyErrors,
      ...authErrors,
      'gift_tickets.cannot_be_gifted',
      'api.gift.not_allowed',
      'api.gift.receiver_not_found',
      'api.gift.self_gift',
    ],
    invalidates: ['TICKETS', 'SINGLE_TICKET', 'SWAPPABLE_TICKETS', 'TICKETS_AVAILABLE_FOR_LISTING'],
  }),
  searchUsers: define({
    method: 'GET',
    path: '/mobile/users/',
    summary: 'Users whose username starts with the text (gift receiver suggestions)',
    auth: true,
    query: z.object({ username: trimmedText(1, 64) }),
    response: z.array(e.receiverSuggestion),
    errors: [...authErrors, 'api.invalid_request_body'],
  }),
  // ── swap ────────────────────────────────────────────────────────────────────────────────────────────────
  swapTickets: define({
    method: 'GET',
    path: '/ticket_swap/tickets',
    summary: 'My tickets that can be swapped (base tickets)',
    auth: true,
    response: z.array(e.swapBaseTicket),
    errors: [...authErrors],
    provides: ['SWAPPABLE_TICKETS'],
  }),
  heldSwaps: define({
    method: 'GET',
    path: '/ticket_swap/held',
    summary: 'My swaps in progress (started, not yet confirmed or cancelled) and the tickets each holds until when',
    auth: true,
    response: z.array(e.heldSwap),
    errors: [...authErrors],
    provides: ['SWAPPABLE_TICKETS'],
  }),
  swapTargets: define({
    method: 'GET',
    path: '/ticket_swap/tickets/:ticketId',
    summary: 'Ticket types the organizer allows swapping this ticket type to',
    auth: true,
    params: z.object({ ticketId: pathId }),
    response: z.array(e.swapTarget),
    errors: [...authErrors, 'api.ticket.not_found'],
    provides: ['TICKETS_SWAP'],
  }),
  startSwap: define({
    method: 'POST',
    path: '/ticket_swap/start_swap',
    summary: 'Start a swap; answers the swap type and the checkout order identifier',
    auth: true,
    body: z.object({ baseTicketId: positiveInt, swapPairId: positiveInt, swapQuantity: quantity }),
    response: e.swapStart,
    errors: [...ticketStateErrors, ...bodyErrors, ...authErrors, 'api.start_swap_failed', 'api.swap.not_allowed', 'api.swap.not_enough_tickets'],
  }),
  confirmSwap: define({
    method: 'POST',
    path: '/ticket_swap/confirm_swap/:swapIdentifier',
    summary: 'Confirm a started swap (after checkout); exchanges the tickets',
    auth: true,
    params: z.object({ swapIdentifier: boundedText(1, 100) }),
    response: e.ok,
    errors: [...authErrors, ...swapEndErrors, 'api.swap.payment_required', 'api.swap.not_enough_tickets', 'api.swap.not_allowed'],
    invalidates: ['TICKETS', 'SINGLE_TICKET', 'TICKETS_SWAP', 'SWAPPABLE_TICKETS', 'TICKETS_AVAILABLE_FOR_LISTING'],
  }),
  swapOrder: define({
    method: 'GET',
    path: '/ticket_swap/order/:swapIdentifier',
    summary: 'A swap order as the checkout page shows it (own orders only)',
    auth: true,
    params: z.object({ swapIdentifier: boundedText(1, 100) }),
    response: e.swapOrder,
    errors: [...authErrors, 'api.swap.not_found'],
  }),
  swapPaymentIntent: define({
    method: 'POST',
    path: '/ticket_swap/payment_intent/:swapIdentifier',
    summary: "Create (or reuse) the Stripe PaymentIntent for an UPGRADE's difference, for Stripe.js to confirm",
    auth: true,
    params: z.object({ swapIdentifier: boundedText(1, 100) }),
    response: e.paymentIntent,
    errors: [...authErrors, ...swapEndErrors, 'api.swap.nothing_to_pay', 'api.swap.already_confirmed', 'api.payment.stripe_not_configured', 'api.payment.provider_unavailable'],
  }),
  paySwap: define({
    method: 'POST',
    path: '/ticket_swap/pay/:swapIdentifier',
    summary:
      "Pay an UPGRADE's difference (the checkout page): a payment method charged by the server, or the id of a PaymentIntent " +
      'Stripe.js confirmed (retrieved and verified by the server); a successful payment confirms the swap',
    auth: true,
    params: z.object({ swapIdentifier: boundedText(1, 100) }),
    body: z.union([z.object({ paymentMethod: boundedText(1, 255) }), z.object({ paymentIntentId: boundedText(1, 255) })]),
    response: e.ok,
    errors: [
      ...bodyErrors,
      ...authErrors,
      ...swapEndErrors,
      'api.swap.nothing_to_pay',
      'api.payment.declined',
      'api.payment.provider_unavailable',
      'api.swap.not_enough_tickets',
      'api.swap.not_allowed',
    ],
    invalidates: ['TICKETS', 'SINGLE_TICKET', 'TICKETS_SWAP', 'SWAPPABLE_TICKETS', 'TICKETS_AVAILABLE_FOR_LISTING'],
  }),
  cancelSwap: define({
    method: 'POST',
    path: '/ticket_swap/cancel/:swapIdentifier',
    summary: 'Cancel a started swap: its tickets are held again',
    auth: true,
    params: z.object({ swapIdentifier: boundedText(1, 100) }),
    response: e.ok,
    errors: [...authErrors, 'api.swap.not_found', 'api.swap.already_confirmed'],
    invalidates: ['TICKETS', 'SINGLE_TICKET', 'TICKETS_SWAP', 'SWAPPABLE_TICKETS', 'TICKETS_AVAILABLE_FOR_LISTING'],
  }),
  // ── resell ──────────────────────────────────────────────────────────────────────────────────────────────
  resellOverview: define({
    method: 'GET',
    path: '/resell',
    summary: 'My resale overview: tickets on sale and sold',
    auth: true,
    response: z.object({ sale: z.array(e.listing), sold: z.array(e.soldEntry) }),
    errors: [...authErrors],
    provides: ['LISTED_TICKETS'],
  }),
  resellableTickets: define({
    method: 'GET',
    path: '/resell/tickets/available',
    summary: 'My tickets that can be listed for resale, grouped by ticket type',
    auth: true,
    response: z.array(e.resellableTicket),
    errors: [...authErrors],
    provides: ['TICKETS_AVAILABLE_FOR_LISTING'],
  }),
  soldTickets: define({
    method: 'GET',
    path: '/resell/tickets/sold',
    summary: 'My sold resale tickets',
    auth: true,
    response: z.array(e.soldEntry),
    errors: [...authErrors],
    provides: ['LISTED_TICKETS'],
  }),
  listings: define({
    method: 'GET',
    path: '/resell/ticket/sales',
    summary: 'My tickets currently listed for resale',
    auth: true,
    response: z.array(e.listing),
    errors: [...authErrors],
    provides: ['LISTED_TICKETS'],
  }),
  priceQuote: define({
    method: 'POST',
    path: '/resell/ticket/calculation',
    summary: 'Resale price quote with service fee',
    auth: true,
    body: z.object({ selectedPrice: moneySchema, quantity, ticketId: positiveInt }),
    response: e.priceQuote,
    errors: [...bodyErrors, ...authErrors, 'api.resell.ticket_not_found'],
  }),
  createListing: define({
    method: 'POST',
    path: '/resell',
    summary: 'List tickets for resale; answers the share link',
    auth: true,
    body: z.object({
      userTicketId: positiveInt,
      amountCount: quantity,
      price: moneySchema,
      currencyCode: z.string().check(z.regex(/^[A-Z]{3}$/)),
      currencySymbol: boundedText(1, 5),
    }),
    response: z.object({ shareLinkUrl: z.string(), userTicketIds: z.array(z.int()) }),
    errors: [...ticketStateErrors, 'api.resell.not_resellable', 
      ...bodyErrors,
      ...authErrors,
      'api.resell.create.already_listed',
      'api.resell.create.no_stripe',
      'api.resell.invalid_price',
      'api.resell.ticket_not_found',
    ],
    invalidates: ['TICKETS', 'SINGLE_TICKET', 'LISTED_TICKETS', 'TICKETS_AVAILABLE_FOR_LISTING', 'SWAPPABLE_TICKETS'],
  }),
  unlist: define({
    method: 'POST',
    path: '/resell/unlist',
    summary: 'Take a ticket off resale',
    auth: true,
    body: z.object({ userTicketId: positiveInt }),
    response: e.ok,
    errors: ['api.ticket.not_listed', ...bodyErrors, ...authErrors, 'api.resell.listing_not_found'],
    invalidates: ['TICKETS', 'SINGLE_TICKET', 'LISTED_TICKETS', 'TICKETS_AVAILABLE_FOR_LISTING', 'SWAPPABLE_TICKETS'],
  }),
  purchaseListing: define({
    method: 'POST',
    path: '/resell/purchase/:shareCode',
    summary:
      'Buy tickets on sale under a share link (price plus service fee each): a payment method the server charges, or ' +
      'the id of the PaymentIntent Stripe.js confirmed for them (retrieved and verified by the server)',
    auth: true,
    params: z.object({ shareCode: boundedText(1, 64) }),
    body: z.union([z.object({ quantity, paymentMethod: boundedText(1, 255) }), z.object({ paymentIntentId: boundedText(1, 255) })]),
    response: z.object({ userTicketIds: z.array(z.int()) }),
    errors: [
      ...bodyErrors,
      ...authErrors,
      ...ticketStateErrors,
      'api.resell.listing_not_found',
      'api.resell.own_listing',
      'api.resell.not_enough_on_sale',
      'api.payment.declined',
      'api.payment.stripe_not_configured',
      'api.payment.provider_unavailable',
    ],
    invalidates: ['TICKETS', 'SINGLE_TICKET', 'LISTED_TICKETS', 'TICKETS_AVAILABLE_FOR_LISTING', 'SWAPPABLE_TICKETS'],
  }),
  processingPurchase: define({
    method: 'GET',
    path: '/resell/purchase/:shareCode',
    summary:
      "The signed-in buyer's payment for tickets under a share link that is still processing (a bank debit), or null: " +
      'the share page, reloaded, says so and asks the purchase again with it until it ends',
    auth: true,
    params: z.object({ shareCode: boundedText(1, 64) }),
    response: z.object({ paymentIntentId: z.nullable(z.string()) }),
    errors: [...authErrors],
  }),
  resalePaymentIntent: define({
    method: 'POST',
    path: '/resell/payment_intent/:shareCode',
    summary: 'Create the Stripe PaymentIntent for buying `quantity` tickets under a share link, for Stripe.js to confirm',
    auth: true,
    params: z.object({ shareCode: boundedText(1, 64) }),
    body: z.object({ quantity }),
    response: e.paymentIntent,
    errors: [
      ...bodyErrors,
      ...authErrors,
      'api.resell.listing_not_found',
      'api.resell.own_listing',
      'api.resell.not_enough_on_sale',
      'api.payment.stripe_not_configured',
      'api.payment.provider_unavailable',
    ],
  }),
  publicListing: define({
    method: 'GET',
    path: '/resell/listing/:shareCode',
    summary: 'A listing as its share page shows it, without signing in (status says whether it can still be bought)',
    auth: false,
    params: z.object({ shareCode: boundedText(1, 64) }),
    response: e.publicListing,
    errors: ['api.resell.listing_not_found'],
  }),
  ticketPdf: define({
    method: 'POST',
    path: '/resell/:id',
    summary: 'A PDF of the ticket carrying a new secret redeem code',
    auth: true,
    params: z.object({ id: pathId }),
    response: 'pdf',
    errors: [...ticketStateErrors, ...authErrors, 'api.ticket.not_found', 'api.ticket.not_transferable'],
  }),
  redeem: define({
    method: 'POST',
    path: '/resell/redeem/:secret',
    summary: 'Redeem a ticket by the secret code from its purchase PDF',
    auth: true,
    params: z.object({ secret: trimmedText(1, 64) }),
    response: e.redeemResult,
    errors: [...ticketStateErrors, ...authErrors, 'api.redeem.invalid_code', 'api.redeem.already_redeemed', 'api.ticket.not_transferable'],
    invalidates: ['TICKETS', 'SINGLE_TICKET', 'SWAPPABLE_TICKETS', 'TICKETS_AVAILABLE_FOR_LISTING'],
  }),
  // ── payouts ─────────────────────────────────────────────────────────────────────────────────────────────
  paymentsConnect: define({
    method: 'POST',
    path: '/resell/stripe/connect',
    summary: 'Create (or resume) the payments account and its onboarding session',
    auth: true,
    body: z.object({ accountType: z.literal('custom'), country: z.optional(z.string().check(z.regex(/^[A-Za-z]{2}$/))) }),
    response: e.paymentsAccount,
    errors: [...bodyErrors, ...authErrors, 'api.resell.unsupported_country'],
  }),
  paymentsAccount: define({
    method: 'GET',
    path: '/resell/stripe/account',
    summary: 'Payments account state; clientSecret is empty when there is none',
    auth: true,
    response: e.paymentsAccount,
    errors: [...authErrors],
    noCache: true,
  }),
  paymentsLocalOnboarding: define({
    method: 'POST',
    path: '/resell/stripe/local/onboard',
    summary: 'Complete onboarding with the local payments provider (used when no Stripe key is configured)',
    auth: true,
    body: z.object({
      clientSecret: boundedText(1, 200),
      legalName: trimmedText(1, 120),
      bankAccountLast4: z.string().check(z.regex(/^\d{4}$/)),
    }),
    response: e.paymentsAccount,
    errors: [...bodyErrors, ...authErrors, 'api.resell.onboarding_invalid', 'api.payment.local_provider_disabled'],
  }),
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

type Infer<T> = T extends z.ZodMiniType ? z.output<T> : undefined;
type InferInput<T> = T extends z.ZodMiniType ? z.input<T> : undefined;
export type ResponseOf<N extends EndpointName> = Endpoints[N]['response'] extends z.ZodMiniType
  ? z.output<Endpoints[N]['response']>
  : Blob;
export type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: infer B } ? InferInput<B> : undefined;
export type ParamsOf<N extends EndpointName> = Endpoints[N] extends { params: infer P } ? InferInput<P> : undefined;
export type QueryOf<N extends EndpointName> = Endpoints[N] extends { query: infer Q } ? InferInput<Q> : undefined;
export type ParsedBodyOf<N extends EndpointName> = Endpoints[N] extends { body: infer B } ? Infer<B> : undefined;
