import type { ApiErrorBody } from '../../shared/api-error';

/** An error that answers with its status and the contract's error body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return this.errors
      ? { error_messages: this.message, errors: this.errors }
      : { error_messages: this.message };
  }
}

export const unauthorized = () => new HttpError(401, 'You need to sign in');
