import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * A phone number as the E.164 number texts go to (`087 123 4567` → `+353871234567`), read as an Irish number unless
 * it starts with + or 00; undefined when it is no number a text can reach (a landline, too few digits, not a number).
 * Server-side only: the full metadata tells a mobile from a landline and stays out of the public pages' scripts.
 */
export function textablePhone(typed: string): string | undefined {
  const number = parsePhoneNumberFromString(typed.trim().replace(/^00/, '+'), 'IE');
  if (!number?.isValid()) return undefined;
  const type = number.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' ? number.number : undefined;
}
