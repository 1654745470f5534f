import { parsePhoneNumber } from 'awesome-phonenumber';

/**
 * A phone number as the E.164 number texts go to (`087 123 4567` → `+353871234567`), read as an Irish number unless
 * it starts with + or 00; undefined when it is no number a text can reach (a landline, too few digits, not a number).
 * Server-side only: libphonenumber's full metadata tells a mobile from a landline and stays out of the public
 * pages' scripts.
 */
export function textablePhone(typed: string): string | undefined {
  const parsed = parsePhoneNumber(typed.trim().replace(/^00/, '+'), { regionCode: 'IE' });
  return parsed.valid && parsed.typeIsMobile ? parsed.number.e164 : undefined;
}
