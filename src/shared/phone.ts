import { texts } from './validation-texts';

/**
 * The one phone rule of every form and endpoint that takes a phone (the slot booking, staff's patient form,
 * the self-referral, the contact form), in the browser and on the server (spec section 5, issue 21):
 *
 * - the spec's "6 to 12 characters" counts the digits, so `+353 87 123 4567` and `087 123 4567` are both
 *   accepted; fewer digits answer 'Text is too short.', more 'Text is too long.' (the spec's length texts);
 * - only digits, spaces, brackets and dashes, with one optional leading '+', are allowed; anything else
 *   (`087.123.4567`, `++353…`, `353+87…`, letters) answers 'Phone number is invalid.'. A character that
 *   is not allowed is refused, never silently dropped, so what is stored is what the person typed;
 * - a number is stored as typed, trimmed: staff call it back as the patient wrote it, and the staff
 *   search, which reads names, e-mail and phone as one text, finds it as written.
 *
 * This module imports no validation library, so a public page can use it without downloading one.
 */

/** How many digits a phone number has (spec section 5: 6 to 12). */
export const PHONE_DIGITS = { min: 6, max: 12 } as const;

/**
 * At most this many characters in all, digits and separators together: room for 12 digits written out
 * with separators (`+353 - (87) - 123 - 4567`), not for a page of spaces. Beyond it: 'Text is too long.'.
 */
export const PHONE_MAX_CHARACTERS = 24;

/** Digits, plain spaces, brackets and dashes, with one optional leading '+'. */
const PHONE_PATTERN = /^\+?[0-9 ()-]+$/;

export type PhoneProblem = 'invalid' | 'tooShort' | 'tooLong';

/** What is wrong with a phone number as given (already trimmed, not empty), or undefined when nothing is. */
export function phoneProblem(phone: string): PhoneProblem | undefined {
  if (!PHONE_PATTERN.test(phone)) return 'invalid';
  const digits = phone.replace(/[^0-9]/g, '').length;
  if (digits < PHONE_DIGITS.min) return 'tooShort';
  if (digits > PHONE_DIGITS.max || phone.length > PHONE_MAX_CHARACTERS) return 'tooLong';
  return undefined;
}

const problemTexts: Record<PhoneProblem, string> = {
  invalid: texts.phoneInvalid,
  tooShort: texts.tooShort,
  tooLong: texts.tooLong,
};

/** The spec's text for what is wrong with a phone number (see `phoneProblem`), or undefined. */
export function phoneIssueText(phone: string): string | undefined {
  const problem = phoneProblem(phone);
  return problem && problemTexts[problem];
}
