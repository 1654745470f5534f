import { clinic, type LocationKey } from '../../../shared/clinic';
import { type WaitlistKind, waitlistKindLabels } from '../../../shared/waitlist';
import { composeEmail, type EmailContent } from '../email/email-template';
import { clinicDateTime, clinicLongDate, clinicMidnight } from '../slots/clinic-time';

const contactLine = `Questions? Reply to this e-mail, or call us on ${clinic.phone}.`;

/** Where the page to leave the list is: the token in the fragment, so no log or Referer carries it. */
export const leaveLink = (publicUrl: string, entryId: number, token: string) =>
  `${publicUrl}/waitlist/${entryId}#${token}`;

/** The booking page with the offered time held for its reader. */
export const offerLink = (publicUrl: string, kind: WaitlistKind, token: string) =>
  `${publicUrl}/sessions_availability/${kind}?offer=${token}`;

/**
 * To the address the form gave: they are on the list, and how to leave it. Only the clinic's words (decision 0019):
 * anyone may type anyone's address.
 */
export function waitlistJoinedEmail(
  entry: { id: number; kind: WaitlistKind; isAdult: boolean; from: string; to: string },
  leaveUrl: string,
): EmailContent {
  const day = (isoDay: string) => clinicLongDate(clinicMidnight(isoDay));
  return composeEmail(`You are on the wait list: ${clinic.name}`, [
    'Hello,',
    `You are on our wait list for: ${waitlistKindLabels[entry.kind]}, ${entry.isAdult ? 'an adult' : 'a child'}, between ${day(entry.from)} and ${day(entry.to)}.`,
    'When a time that suits you frees up, we will e-mail you a link that holds it for you for a short while, so you can book it.',
    { text: 'Leave the wait list', link: leaveUrl },
    contactLine,
    `If you did not ask to join the wait list of ${clinic.name}, someone may have typed your e-mail address by mistake: leave it with the link above, or ignore this e-mail.`,
    clinic.name,
  ]);
}

/** The offer of a freed time: when, where, the link that books it, and "Not this time". No health detail. */
export function waitlistOfferEmail(offer: {
  kind: WaitlistKind;
  startsAt: Date;
  location: LocationKey | null;
  expiresAt: Date;
  bookUrl: string;
  declineUrl: string;
}): EmailContent {
  const place = offer.location ? clinic.locations[offer.location].label : 'Video call';
  return composeEmail(`A time has freed up for you: ${clinic.name}`, [
    'Hello,',
    `A time has freed up that suits what you asked for on our wait list (${waitlistKindLabels[offer.kind]}).`,
    {
      facts: [
        ['Time', `${clinicDateTime(offer.startsAt)} (Dublin time)`],
        ['Place', place],
      ],
    },
    `We are holding it for you until ${clinicDateTime(offer.expiresAt)}. After that it goes to the next person waiting.`,
    { text: 'Book this time', link: offer.bookUrl },
    { text: 'Not this time (you stay on the wait list)', link: offer.declineUrl },
    contactLine,
    clinic.name,
  ]);
}
