import { texts } from '../../../shared/validation-texts';
import { ApiError } from '../../lib/api-client';

/** What a failed call says to the patient: the server's own words, or the site's default. */
export const errorText = (error: unknown) => (error instanceof ApiError ? error.message : texts.defaultError);
