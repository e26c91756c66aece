// One error handler for the whole API: every failure answers { statusCode, code, message } with a stable code.
// Bad input is always a 4xx with a code; only real faults are 500s, and those are logged.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, type ApiErrorBody, type ErrorCode, errorCatalogue } from '../../contract/errors';
import { isDatabaseUnavailable } from '../db/unavailable';

/** Retry-After (seconds) of a 503 while the database cannot be reached: about how long a restart or failover takes. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
/** Retry-After (seconds) of a 429 whose limit did not say when it frees up: the app-wide per-minute window. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

function body(code: ErrorCode, extra: Partial<ApiErrorBody> = {}): ApiErrorBody {
  const { status, message } = errorCatalogue[code];
  return { statusCode: status, code, message, ...extra };
}

/** Maps Fastify's own error codes (content-type parsing, body size, rate limit) to ours. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'api.invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'api.invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'api.payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'api.unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'api.invalid_request_body',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'api.unsupported_media_type',
  FST_REQ_FILE_TOO_LARGE: 'api.payload_too_large',
  FST_PARTS_LIMIT: 'api.payload_too_large',
  FST_FILES_LIMIT: 'api.payload_too_large',
  FST_FIELDS_LIMIT: 'api.payload_too_large',
  // @fastify/under-pressure (src/server/http/operations.ts), which has set Retry-After.
  FST_UNDER_PRESSURE: 'api.overloaded',
};

export function toErrorBody(error: FastifyError | Error): ApiErrorBody {
  if (error instanceof ApiError) return error.toBody();
  if (isDatabaseUnavailable(error)) return body('api.service_unavailable');
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      path: [error.validationContext, issue.instancePath.replace(/^\//, '').replaceAll('/', '.')].filter(Boolean).join('.'),
      message: issue.message ?? 'invalid',
    }));
    return body('api.invalid_request_body', { issues });
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.code && fastifyCodes[fastifyError.code]) return body(fastifyCodes[fastifyError.code]!);
  if (error instanceof SyntaxError) return body('api.invalid_json');
  const status = fastifyError.statusCode ?? 500;
  if (status === 429) return body('api.too_many_requests');
  if (status === 413) return body('api.payload_too_large');
  if (status === 415) return body('api.unsupported_media_type');
  if (status === 404) return body('api.not_found');
  if (status >= 400 && status < 500) return { ...body('api.request_failed'), statusCode: status };
  return body('api.internal_error');
}

export const errorHandling = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const errorBody = toErrorBody(error);
      if (errorBody.code === 'api.service_unavailable') {
        // The database is down or restarting: the client may try again shortly (nothing was half-written).
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      } else if (errorBody.code === 'api.overloaded') request.log.warn('overloaded: request refused');
      else if (errorBody.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: errorBody.code }, 'request refused');
      // Every 429 says when to try again: the limit's own time when it knows it, else the app-wide window's
      // (@fastify/rate-limit has set its own header already).
      if (errorBody.statusCode === 429 && !reply.hasHeader('retry-after')) {
        reply.header('retry-after', String(errorBody.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS));
      }
      return reply.status(errorBody.statusCode).type('application/json').send(errorBody);
    });
  },
  { name: 'error-handling' },
);

export function notFoundBody(): ApiErrorBody {
  return body('api.not_found');
}
