import { randomInt } from 'node:crypto';
import { manageBookingPath, REFERENCE_ALPHABET } from '../../../shared/manage-booking';
import { newSecretToken } from '../../security/secret-tokens';

/** A booking's link for its patient: its reference, and the token only the e-mail carries (the server keeps its hash). */
export interface ManageLink {
  reference: string;
  token: string;
  tokenHash: string;
}

const RANDOM_CHARACTERS = 4;

/** `value` in the reference alphabet (Crockford's base32), most significant first. */
function base32(value: number): string {
  let rest = value;
  let out = '';
  do {
    out = REFERENCE_ALPHABET[rest % 32] + out;
    rest = Math.floor(rest / 32);
  } while (rest > 0);
  return out;
}

/**
 * A new link for the appointment: four random characters and then the appointment's id in base32, padded to two,
 * so references are short (six characters for the first thousand appointments, eight for a million) and unique
 * without a retry. A reference is not secret, like an invoice number: its tail is the appointment's number, so two
 * references tell how many bookings came between them; only the token opens the booking.
 */
export function newManageLink(appointmentId: number): ManageLink {
  let random = '';
  for (let index = 0; index < RANDOM_CHARACTERS; index += 1) random += REFERENCE_ALPHABET[randomInt(32)];
  const { token, hash } = newSecretToken();
  return { reference: `${random}${base32(appointmentId).padStart(2, '0')}`, token, tokenHash: hash };
}

/** The link the patient follows: the token in the fragment, which a browser never sends to a server. */
export const manageLinkUrl = (publicUrl: string, link: Pick<ManageLink, 'reference' | 'token'>) =>
  `${publicUrl}${manageBookingPath(link.reference)}#${link.token}`;

/**
 * The link to a section of the booking page (`#{section}:{token}`): the page keeps the token, leaves `#{section}` in
 * the address and shows that section.
 */
export const manageSectionUrl = (
  publicUrl: string,
  link: Pick<ManageLink, 'reference' | 'token'>,
  section: string,
) => `${publicUrl}${manageBookingPath(link.reference)}#${section}:${link.token}`;
