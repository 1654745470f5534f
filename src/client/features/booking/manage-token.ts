import { WAY_OUT_SECTION_ID } from '../../../shared/way-out';
import { readSessionValue, writeSessionValue } from '../../lib/session-store';

/**
 * The token of a patient's booking link (`/booking/{reference}#{token}`). It arrives in the address's fragment,
 * which the browser never sends to a server (nor in a Referer); the page keeps it in this tab's session
 * storage, by reference, and takes it out of the address bar, so the address a patient copies, bookmarks or
 * shares does not carry it. A reload finds it in the tab; another tab or device opens the e-mail's link again.
 */

const keyOf = (reference: string) => `manage_booking_${reference.toUpperCase()}`;

/** The page's sections a link may open (`#way-out:{token}`; `#way-out` once the token is kept). */
const sections: readonly string[] = [WAY_OUT_SECTION_ID];
const SECTION_LINK = /^([a-z][a-z-]*):(.+)$/;

/** The section a link's fragment names (`way-out` of `#way-out:{token}`, or of `#way-out` left after it), if any. */
export function linkedSection(hash: string): string | undefined {
  const fragment = hash.replace(/^#/, '').trim();
  const named = SECTION_LINK.exec(fragment)?.[1] ?? fragment;
  return sections.includes(named) ? named : undefined;
}

/** The token of `reference`: the fragment's (then kept), else the one this tab kept; undefined when neither. */
export function takeManageToken(reference: string, hash: string): string | undefined {
  const fragment = hash.replace(/^#/, '').trim();
  const section = SECTION_LINK.exec(fragment);
  const fromLink =
    section?.[1] && sections.includes(section[1]) ? section[2] : sections.includes(fragment) ? '' : fragment;
  if (fromLink) {
    writeSessionValue(keyOf(reference), fromLink);
    return fromLink;
  }
  const kept = readSessionValue(keyOf(reference));
  return typeof kept === 'string' && kept ? kept : undefined;
}
