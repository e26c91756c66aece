// Transport errors of the API client, classed as docs/product.md §7 says: FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR, or the
// HTTP status with the server's body ({ statusCode, code, message, session? }).
import type { EndpointName } from '../contract/endpoints';
import type { ApiErrorBody } from '../contract/errors';

export type TransportErrorKind = 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR';

export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    readonly endpoint: EndpointName,
    /** The HTTP status, or the class of a failure that produced no usable answer. */
    readonly status: number | TransportErrorKind,
    /** The answer's body: the API error body for HTTP errors, when the server sent one. */
    readonly data?: unknown,
    options?: { cause?: unknown },
  ) {
    super(`${endpoint}: ${typeof status === 'number' ? `HTTP ${status}` : status}`, options);
  }

  /** The API error body, when the answer carried one. */
  get body(): ApiErrorBody | undefined {
    return isApiErrorBody(this.data) ? this.data : undefined;
  }
}

/** The API's error body: { statusCode, code, message } (plus session or issues); checked by hand, no schema here. */
function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    Number.isInteger(body.statusCode) &&
    typeof body.code === 'string' &&
    typeof body.message === 'string' &&
    (body.session === undefined || typeof body.session === 'string') &&
    (body.issues === undefined || Array.isArray(body.issues))
  );
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/** The stable error code of the server's answer (a locale key), if there is one. */
export function errorCode(error: unknown): string | undefined {
  return isApiRequestError(error) ? error.body?.code : undefined;
}

/** The seconds a refusal (a 429) asks to wait before trying again, if it says. */
export function retryAfterSeconds(error: unknown): number | undefined {
  const seconds = isApiRequestError(error) ? error.body?.retryAfterSeconds : undefined;
  return typeof seconds === 'number' && seconds > 0 ? seconds : undefined;
}

/** The status of an HTTP error, if the error is one. */
export function httpStatus(error: unknown): number | undefined {
  return isApiRequestError(error) && typeof error.status === 'number' ? error.status : undefined;
}

/**
 * The locale key that tells a person why a request failed: offline when nothing reached the server, else the
 * server's own error code (a rate limit says so), else `fallback`.
 */
export function failureKey(error: unknown, fallback: string): string {
  if (isApiRequestError(error) && error.status === 'FETCH_ERROR') return 'api.offline';
  return errorCode(error) ?? fallback;
}
