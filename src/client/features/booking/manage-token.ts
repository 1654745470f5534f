import { readSessionValue, writeSessionValue } from '../../lib/session-store';

/**
 * The token of a patient's booking link (`/booking/{reference}#{token}`). It arrives in the address's fragment,
 * which the browser never sends to a server (nor in a Referer); the page keeps it in this tab's session
 * storage, by reference, and takes it out of the address bar, so the address a patient copies, bookmarks or
 * shares does not carry it. A reload finds it in the tab; another tab or device opens the e-mail's link again.
 */

const keyOf = (reference: string) => `manage_booking_${reference.toUpperCase()}`;

/** The token of `reference`: the fragment's (then kept), else the one this tab kept; undefined when neither. */
export function takeManageToken(reference: string, hash: string): string | undefined {
  const fromLink = hash.replace(/^#/, '').trim();
  if (fromLink) {
    writeSessionValue(keyOf(reference), fromLink);
    return fromLink;
  }
  const kept = readSessionValue(keyOf(reference));
  return typeof kept === 'string' && kept ? kept : undefined;
}
