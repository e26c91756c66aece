// Whether an error means "the database cannot be reached right now" (a stopped or restarting server, a terminated
// backend, a dropped network, a full pool): such a request answers 503 with Retry-After, not 500. Postgres has
// already rolled back whatever transaction the lost connection had open.

/** SQLSTATEs of a lost or refused connection: class 08, the server shutting down or starting, too many clients. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a connection that could not be made or was cut. */
const UNAVAILABLE_SYSCALL_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres says these without a code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Connection terminated due to connection timeout',
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const candidate = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof candidate.code === 'string') {
    if (candidate.code.startsWith('08') && candidate.code.length === 5) return true;
    if (UNAVAILABLE_SQLSTATES.has(candidate.code) || UNAVAILABLE_SYSCALL_CODES.has(candidate.code)) return true;
  }
  if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGES.some((text) => (candidate.message as string).includes(text))) return true;
  // drizzle wraps the driver's error (DrizzleQueryError.cause); a connection to "localhost" fails as an AggregateError.
  if (isDatabaseUnavailable(candidate.cause, depth + 1)) return true;
  return Array.isArray(candidate.errors) && candidate.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
