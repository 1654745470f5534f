import { clinic, type LocationKey } from '../../../shared/clinic';
import { kindOfSlot } from '../../../shared/waitlist';
import type { Db } from '../../db/database';
import { queueEmail } from '../email/outbox-repository';
import { clinicDateTime, clinicWallClock } from '../slots/clinic-time';
import { queueText } from '../texts/text-outbox-repository';
import { textPlaceOf } from '../texts/text-place';
import { offerLink, waitlistOfferEmail } from './waitlist-emails';

export interface OfferMessage {
  entry: { email: string; phone: string | null; smsConsent: boolean };
  slot: { startsAt: Date; location: LocationKey | null; isVideoCall: boolean };
  offer: { expiresAt: Date };
  /** The offer's token, never stored: only its link carries it. */
  token: string;
  publicUrl: string;
}

/**
 * The text beside an offer's e-mail: the time, the place and the hold's end, never the test's name; it sends the
 * person to their e-mail for the link, as the offer's token is kept out of the text outbox and off lock screens.
 */
function offerTextBody(message: OfferMessage, bookUrl: string): string {
  const place = textPlaceOf(message.slot) ?? 'by video';
  return `${clinic.name}: a time has freed up for you, ${clinicDateTime(message.slot.startsAt)}, ${place}. It is held for you until ${clinicWallClock(message.offer.expiresAt).time}. Book it: ${bookUrl} Reply STOP to stop texts.`;
}

/**
 * The one place an offer is told to its person, inside the transaction that makes the offer: an e-mail through the
 * outbox and, to a mobile whose owner agreed, a text with the link that books it (the offer's token holds only the
 * time, never a health detail). One made at night is texted at 08:00, when its hold starts to count.
 */
export async function queueOfferMessage(db: Db, message: OfferMessage, now = new Date()): Promise<void> {
  const kind = kindOfSlot(message.slot.isVideoCall);
  const bookUrl = offerLink(message.publicUrl, kind, message.token);
  const content = waitlistOfferEmail({
    kind,
    startsAt: message.slot.startsAt,
    location: message.slot.location,
    expiresAt: message.offer.expiresAt,
    bookUrl,
    declineUrl: `${bookUrl}&decline=1`,
  });
  await queueEmail(db, { to: message.entry.email, ...content });
  const { phone, smsConsent } = message.entry;
  if (phone && smsConsent) {
    await queueText(db, { to: phone, body: offerTextBody(message, bookUrl), kind: 'waitlist_offer' }, now);
  }
}
