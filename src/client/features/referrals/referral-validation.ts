import type { FieldErrors, Resolver } from 'react-hook-form';
import { referralFormSchema, referralTexts } from '../../../shared/referrals';
import { isOverUploadLimit, patientFieldTexts } from '../../lib/patient-fields';
import {
  type ReferralFormContext,
  type ReferralFormFields,
  referralFieldOrder,
  referralSchemaInput,
} from './referral-form-values';

/**
 * The self-referral form's checks, loaded with Zod when the form first shows (see `lazyResolver`): every rule
 * of spec section 5 with its texts, from the shared schema the API runs too, for the path in the resolver's
 * context; the first message of each shown field. The letter's size is checked here, its bytes on the server.
 */
export const referralResolver: Resolver<ReferralFormFields, ReferralFormContext> = async (
  values,
  context,
) => {
  const hasLetter = context?.hasLetter === true;
  const shown = new Set<string>(referralFieldOrder(hasLetter, values));
  const errors: Record<string, { type: string; message: string }> = {};
  const parsed = referralFormSchema.safeParse(referralSchemaInput(values, hasLetter));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (shown.has(field) && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
    }
  }
  if (hasLetter && isOverUploadLimit(values.referral_letter))
    errors.referral_letter = { type: 'size', message: patientFieldTexts.fileTooLarge };
  return Object.keys(errors).length > 0
    ? { values: {}, errors: errors as FieldErrors<ReferralFormFields> }
    : { values, errors: {} };
};

/** The closing notices after a referral is sent (spec section 8), loaded with the checks. */
export const referralSentNotices = [referralTexts.sent, referralTexts.noReply] as const;
