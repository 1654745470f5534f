import type { ErrorCode } from '../../../shared/error-codes';
import { texts } from '../../../shared/validation-texts';
import { ApiError } from '../../lib/api-client';

/** What a failed call says to the patient: the server's own words, or the site's default. */
export const errorText = (error: unknown) => (error instanceof ApiError ? error.message : texts.defaultError);

/** A refused change as the page shows it: the words, and the API's code of the reason to decide where. */
export interface Refusal {
  text: string;
  code?: ErrorCode;
}

export const refusalOf = (error: unknown): Refusal => ({
  text: errorText(error),
  code: error instanceof ApiError ? error.code : undefined,
});
