// The stable error codes of the API: every error body is { statusCode, code, message }, where `code` is one of
// these keys and `locales/*.json` translates it. The English message is the spec's server message (docs/product.md §8).
import * as z from 'zod/mini';

export const errorCatalogue = {
  // generic
  'api.request_failed': { status: 400, message: 'Request failed' },
  'api.internal_error': { status: 500, message: 'Internal server error' },
  'api.invalid_request_body': { status: 400, message: 'Invalid request body' },
  'api.invalid_json': { status: 400, message: 'Malformed JSON body' },
  'api.payload_too_large': { status: 413, message: 'Request body is too large' },
  'api.unsupported_media_type': { status: 415, message: 'Unsupported media type' },
  'api.not_found': { status: 404, message: 'Not found' },
  'api.too_many_requests': { status: 429, message: 'Too many requests, try again later' },
  'api.idempotency_conflict': { status: 409, message: 'Idempotency key reused with a different request' },
  'api.idempotency_in_progress': { status: 409, message: 'A request with this idempotency key is still running' },
  'api.service_unavailable': { status: 503, message: 'The service is briefly unavailable. Please try again in a moment' },
  'api.overloaded': { status: 503, message: 'The server is overloaded. Please try again in a moment' },
  'api.not_ready': { status: 503, message: 'This instance is not ready to serve requests' },
  // auth
  'api.auth.token_not_authorized': { status: 401, message: 'Token not authorized' },
  'api.auth.wrong_otp': { status: 400, message: 'Wrong OTP' },
  'api.auth.otp_expired': { status: 400, message: 'The code has expired' },
  'api.auth.otp_attempts_exceeded': { status: 403, message: 'Too many wrong codes, request a new code' },
  'api.auth.wrong_credentials': { status: 400, message: 'Wrong Credentials' },
  'api.auth.login_session_failed': { status: 503, message: 'Failed to create login session' },
  'api.auth.too_many_codes': { status: 429, message: 'Too many codes requested, try again later' },
  'api.auth.too_many_wrong_codes': { status: 429, message: 'Too many wrong codes, try again later' },
  'api.auth.refresh_invalid': { status: 401, message: 'Refresh token is not valid' },
  'api.auth.username_in_use': { status: 409, message: 'This username is already in use' },
  // the sign-in handed over by the organisation's site (a token its server signed)
  'api.auth.sign_in_token_invalid': { status: 400, message: 'The sign-in token is not valid' },
  'api.auth.sign_in_token_expired': { status: 400, message: 'The sign-in token has expired' },
  'api.auth.sign_in_token_used': { status: 409, message: 'The sign-in token was already used' },
  'api.auth.sign_in_token_audience': { status: 400, message: 'The sign-in token is meant for another audience' },
  'api.auth.sign_in_token_unknown_key': { status: 400, message: 'The sign-in token is signed with an unknown key' },
  'api.auth.host_sign_in_off': { status: 403, message: 'Sign-in from the organisation’s site is not configured' },
  'api.auth.hand_over_invalid': { status: 400, message: 'The hand-over code is not valid' },
  'api.auth.hand_over_used': { status: 409, message: 'The hand-over code was already used' },
  'api.auth.hand_over_expired': { status: 400, message: 'The hand-over code has expired' },
  'api.auth.hand_over_other_order': { status: 400, message: 'The hand-over code was made for another order' },
  'api.auth.sign_in_keys_unavailable': { status: 503, message: 'The organisation’s signing keys could not be read' },
  // profile
  'api.profile.email_or_phone_in_use': { status: 409, message: 'Email or phone number already in use' },
  'api.profile.phone_invalid': { status: 400, message: 'This phone number is not valid' },
  'api.profile.username_exists': { status: 409, message: 'This username already exists' },
  'api.profile.username_taken': { status: 409, message: 'This username is already taken' },
  'api.profile.picture_invalid': { status: 400, message: 'The picture must be a HEIC, WEBP, SVG, PNG or JPG image' },
  'api.profile.picture_too_large': { status: 400, message: 'The picture is too large: at most 40 megapixels, and an SVG at most 4096 pixels a side' },
  'api.profile.picture_too_complex': { status: 400, message: 'The picture is too complex to process (SVG filters are not accepted)' },
  'api.profile.picture_busy': { status: 503, message: 'Too many pictures are being processed. Please try again in a moment' },
  // tickets and benefits
  'api.ticket.not_found': { status: 404, message: 'Ticket not found' },
  // why the ticket's state refuses an operation (machines/ticket-lifecycle.ts)
  'api.ticket.reserved': { status: 409, message: 'This ticket is reserved by a swap in progress' },
  'api.ticket.listed': { status: 409, message: 'This ticket is listed for resale' },
  'api.ticket.used': { status: 409, message: 'This ticket was already used at the gate' },
  'api.ticket.not_held': { status: 409, message: 'This ticket has already passed to someone else' },
  'api.ticket.not_listed': { status: 409, message: 'This ticket is not listed for resale' },
  'api.ticket.not_reserved': { status: 409, message: 'This ticket is not reserved by a swap' },
  'api.ticket.event_over': { status: 409, message: 'This event has ended' },
  'api.ticket.not_transferable': { status: 409, message: 'The organizer does not allow this ticket to be passed on' },
  'api.unlock.validation_error': { status: 400, message: 'Validation error' },
  'api.unlock.invalid_benefit': { status: 404, message: 'Invalid benefit id' },
  'api.unlock.not_unlockable': { status: 409, message: 'This benefit cannot be unlocked' },
  // gift
  'gift_tickets.cannot_be_gifted': { status: 409, message: 'This ticket cannot be gifted' },
  'api.gift.not_authorized_verify': { status: 403, message: 'You are not authorized to verify this ticket' },
  'api.gift.not_allowed': { status: 403, message: 'You are not allowed to gift this ticket' },
  'api.gift.receiver_not_found': { status: 404, message: 'No user with this e-mail or username' },
  'api.gift.self_gift': { status: 400, message: 'You cannot gift a ticket to yourself' },
  // swap
  'api.start_swap_failed': { status: 409, message: 'The swap could not be started' },
  'api.swap.not_allowed': { status: 409, message: 'This swap is not allowed by the organizer' },
  'api.swap.not_enough_tickets': { status: 409, message: 'You do not hold enough tickets for this swap' },
  'api.swap.not_found': { status: 404, message: 'Swap not found' },
  'api.swap.expired': { status: 409, message: 'This swap expired after 30 minutes; start it again' },
  'api.swap.cancelled': { status: 409, message: 'This swap was cancelled' },
  'api.swap.already_confirmed': { status: 409, message: 'This swap is already confirmed' },
  'api.swap.payment_required': { status: 402, message: 'Pay the difference at checkout to confirm this upgrade' },
  'api.swap.nothing_to_pay': { status: 409, message: 'This swap has no difference to pay' },
  // payments
  'api.payment.declined': { status: 402, message: 'The payment was declined' },
  // The intent is processing (a bank debit, a delayed method): the webhook settles it later, nothing to retry now.
  'api.payment.processing': { status: 409, message: "Payment processing, we'll e-mail you" },
  'api.payment.provider_unavailable': { status: 502, message: 'The payments provider could not be reached. Please try again in a moment' },
  'api.payment.stripe_not_configured': { status: 409, message: 'Card payments through Stripe are not configured on this server' },
  'api.payment.local_provider_disabled': { status: 403, message: 'The local payments provider is not enabled on this server' },
  // resell
  'api.resell.create.already_listed': { status: 409, message: 'This ticket is already listed for resale' },
  'api.resell.create.no_stripe': { status: 403, message: 'Your payout account must be verified first' },
  'api.resell.invalid_price': { status: 400, message: 'Invalid price' },
  'api.resell.unsupported_country': {
    status: 403,
    message: 'The resell platform is only supported in Australia and New Zealand',
  },
  'api.resell.ticket_not_found': { status: 404, message: 'Ticket not found' },
  'api.resell.listing_not_found': { status: 404, message: 'Listing not found' },
  'api.resell.not_resellable': { status: 409, message: 'This ticket cannot be resold' },
  'api.resell.own_listing': { status: 409, message: 'You cannot buy your own tickets' },
  'api.resell.not_enough_on_sale': { status: 409, message: 'Fewer tickets are on sale than you asked for' },
  'api.resell.onboarding_invalid': { status: 400, message: 'This onboarding session is not valid' },
  // redeem
  'api.redeem.invalid_code': { status: 400, message: 'Invalid code' },
  'api.redeem.already_redeemed': { status: 409, message: 'This code was already redeemed' },
  // access (entry QR)
  'api.access.invalid_qr': { status: 400, message: 'This entry code is not valid' },
  'api.access.qr_replayed': { status: 409, message: 'This entry code was already used' },
  'api.access.organizer_key_invalid': { status: 401, message: 'Organizer key is not valid' },
  'api.access.no_ticket': { status: 404, message: 'No unused ticket for this event' },
  // device-bound entry code (src/door/code.ts)
  'api.door.unavailable': { status: 503, message: 'Device-bound entry codes are not configured on this server' },
  'api.door.not_enabled': { status: 409, message: 'The organizer uses the entry code drawn by the server for this event' },
  'api.door.public_key_invalid': { status: 400, message: 'This is not a P-256 public key' },
  // wallet passes (src/server/modules/passes)
  'api.wallet.unavailable': { status: 503, message: 'This wallet is not configured on this server' },
  'api.wallet.link_invalid': { status: 404, message: 'This wallet pass link is not valid or has expired' },
  'api.wallet.pass_auth_invalid': { status: 401, message: 'The pass authentication token is not valid' },
  'api.wallet.pass_not_found': { status: 404, message: 'No such wallet pass' },
  // live events
  'api.events.too_many_streams': { status: 429, message: 'Too many open event streams for this user' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;
export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export const apiErrorSchema = z
  .object({
    statusCode: z.int(),
    code: z.enum(Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    /** A wrong one-time code answers with the session id to use for the next try (docs/product.md §4). */
    session: z.optional(z.string()),
    /** Field-level details for api.invalid_request_body. */
    issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
    /** With api.payment.processing: the payment to report again (the purchase with `paymentIntentId`) to learn how it ended. */
    paymentIntentId: z.optional(z.string()),
    /** With every 429: the seconds until trying again can succeed (also sent as the Retry-After header). */
    retryAfterSeconds: z.optional(z.int()),
  })
  .check(z.meta({ id: 'ApiError' }));
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Thrown by services; the server's error handler turns it into the error body. */
export class ApiError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly extra: Partial<Pick<ApiErrorBody, 'session' | 'issues' | 'paymentIntentId' | 'retryAfterSeconds'>> = {},
    message?: string,
  ) {
    super(message ?? errorCatalogue[code].message);
    this.statusCode = errorCatalogue[code].status;
  }

  toBody(): ApiErrorBody {
    return { statusCode: this.statusCode, code: this.code, message: this.message, ...this.extra };
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in errorCatalogue;
}

/**
 * For a `.catch`: an ApiError (an answer the caller may do without, such as a provider's refusal) becomes `fallback`;
 * anything else (a bug, a lost database) is thrown on.
 */
export function unlessApiError<T>(fallback: T): (error: unknown) => T {
  return (error) => {
    if (error instanceof ApiError) return fallback;
    throw error;
  };
}
