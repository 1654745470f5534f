import { holdSlot } from '../../../shared/api/slot-endpoints';
import { declineWaitlistOffer, getWaitlistOffer } from '../../../shared/api/waitlist-endpoints';
import { ApiError, callEndpoint } from '../../lib/api-client';
import { onLocalClock, type StoredHold } from '../../lib/booking-hold';
import { formatClinicTime } from '../../lib/clinic-clock';

/**
 * A wait-list offer's link (`?offer=<token>`): reads the time it holds and takes that hold with the offer's token,
 * answering the hold as the booking steps keep it. Loaded only when a page is opened from such a link.
 */
export async function takeOffer(token: string): Promise<StoredHold> {
  const { offer } = await callEndpoint(getWaitlistOffer, { headers: { offerToken: token } });
  let date: string | null = null;
  const answer = await callEndpoint(holdSlot, {
    params: { id: offer.session_id },
    headers: { offerToken: token },
    onResponse: (response) => {
      date = response.headers.get('date');
    },
  }).catch((error: unknown) => {
    // The offer is still open but its time was taken with this link before: in another tab or on another device.
    if (error instanceof ApiError && error.code === 'offer_not_valid')
      throw new Error(
        `This time is already held for you where you first opened this link (another window or device): please finish booking it there. It stays held until ${formatClinicTime(offer.expires_at)}.`,
      );
    throw error;
  });
  return {
    token: answer.hold_token ?? '',
    slotId: answer.session.id,
    expiresAt: onLocalClock(answer.hold_expires_at, date),
    isVideoCall: offer.kind === 'booking_video',
    isAdult: offer.is_adult,
    date: offer.day,
    startTime: answer.session.start_time,
    endTime: answer.session.end_time,
    address: answer.session.address,
    price: answer.session.price,
  };
}

/** "Not this time": the time goes to the next person waiting; answers what to tell the visitor. */
export async function declineOffer(token: string): Promise<string> {
  const answer = await callEndpoint(declineWaitlistOffer, { headers: { offerToken: token } });
  return answer.message;
}
