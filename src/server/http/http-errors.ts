import type { ApiErrorBody } from '../../shared/api-error';
import type { ErrorCode } from '../../shared/error-codes';
import { roleForbiddenText } from '../../shared/staff-roles';

/** An error of the HTTP layer (guards, parsers) that answers with its status and the contract's error body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return errorBody(this.code, this.message, this.errors);
  }
}

/** The contract's error body; `errors` only when a field is at fault. */
export const errorBody = (
  code: ErrorCode,
  message: string,
  errors?: Record<string, string[]>,
): ApiErrorBody => (errors ? { error_messages: message, code, errors } : { error_messages: message, code });

export const unauthorized = () => new HttpError(401, 'unauthorized', 'You need to sign in');

export const roleForbidden = () => new HttpError(403, 'role_forbidden', roleForbiddenText);
