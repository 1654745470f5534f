import type { LocationKey } from '../../../shared/clinic';
import { kindOfSlot } from '../../../shared/waitlist';
import type { Db } from '../../db/database';
import { queueEmail } from '../email/outbox-repository';
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
 * The one place an offer is told to its person, inside the transaction that makes the offer: today an e-mail
 * through the outbox. A text message to a consenting mobile belongs here too (issue 34's texts), beside it.
 */
export async function queueOfferMessage(db: Db, message: OfferMessage): Promise<void> {
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
}
