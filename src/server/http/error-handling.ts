import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorCode } from '../../shared/error-codes';
import { DEADLOCK_DETECTED, databaseErrorCode, isDatabaseUnavailable } from '../db/database-errors';
import { DomainError, type DomainErrorKind } from '../domain-errors';
import { errorBody, HttpError } from './http-errors';

interface MappedError {
  status: number;
  code: ErrorCode;
  message: string;
}

/** The codes of the framework's own client errors by status, for those not named below. */
const CODE_OF_STATUS: Record<number, ErrorCode> = {
  404: 'not_found',
  413: 'too_large',
  415: 'unsupported_media_type',
  422: 'invalid_input',
  429: 'rate_limited',
};

/** Fastify's own client errors, answered with the contract's body and a status that says what happened. */
function mapFrameworkError(error: FastifyError): MappedError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'invalid_json', message: 'The request body is not valid JSON.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 413, code: 'too_large', message: 'The request is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        status: error.statusCode ?? 415,
        code: 'unsupported_media_type',
        message: 'This content type is not supported.',
      };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 415, code: 'unsupported_media_type', message: 'A multipart form is expected.' };
    case 'FST_ERR_VALIDATION':
      // A validator that threw (Fastify gives it this code and status 500) is a fault, not bad input.
      if ((error.statusCode ?? 400) >= 500) return undefined;
      return { status: 422, code: 'invalid_input', message: error.message };
    default:
      break;
  }
  if (error instanceof SyntaxError) {
    return { status: 400, code: 'invalid_json', message: 'The request body is not valid JSON.' };
  }
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) {
    const code = CODE_OF_STATUS[status] ?? 'bad_request';
    if (status === 429)
      return { status, code, message: 'Too many requests. Please wait a few minutes and try again.' };
    return { status, code, message: error.message };
  }
  return undefined;
}

/**
 * PostgreSQL gave up one of two transactions that waited for each other (deadlock_detected) or could not
 * serialise them (serialization_failure): nothing of it was written, and trying again will do.
 */
const CONCURRENT_CHANGE_CODES = new Set([DEADLOCK_DETECTED, '40001']);
export const CONCURRENT_CHANGE_MESSAGE = 'Someone else changed this at the same moment. Please try again.';

/**
 * The database is stopped, restarting or out of reach (`isDatabaseUnavailable`): a fault of the moment, not of
 * the request, so 503 with when to try again rather than 500. The pool reconnects by itself once it is back.
 */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is unavailable for a moment. Please try again in a minute.';
export const DATABASE_UNAVAILABLE_RETRY_SECONDS = 30;

/** The one place a domain error becomes an HTTP status. */
const STATUS_OF_DOMAIN_ERROR: Record<DomainErrorKind, number> = {
  not_found: 404,
  forbidden: 403,
  conflict: 409,
  refused: 422,
  declined: 402,
  too_large: 413,
  unsupported: 415,
  limit: 429,
  // The card provider did not answer or failed: a passing outage on our side of the visitor ('try again').
  provider_failure: 503,
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      const status = STATUS_OF_DOMAIN_ERROR[error.kind];
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(status).send(errorBody(error.code, error.message, error.fields));
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(error.statusCode).send(error.toBody());
    }
    const mapped = mapFrameworkError(error);
    if (mapped) {
      request.log.info({ code: error.code, status: mapped.status }, mapped.message);
      return reply.code(mapped.status).send(errorBody(mapped.code, mapped.message));
    }
    const databaseCode = databaseErrorCode(error);
    if (databaseCode && CONCURRENT_CHANGE_CODES.has(databaseCode)) {
      request.log.warn({ code: databaseCode }, 'a concurrent change was rolled back');
      return reply.code(409).send(errorBody('concurrent_change', CONCURRENT_CHANGE_MESSAGE));
    }
    if (isDatabaseUnavailable(error)) {
      // Every request fails so while it lasts: one line each, without the stack.
      request.log.warn({ code: databaseCode }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_UNAVAILABLE_RETRY_SECONDS))
        .send(errorBody('service_unavailable', DATABASE_UNAVAILABLE_MESSAGE));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(errorBody('internal_error', 'Something went wrong. Try it later.'));
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send(errorBody('not_found', 'Not found'));
  });
}
