import type {
  OFFER_TOKEN_HEADER,
  WAITLIST_TOKEN_HEADER,
  waitlistDeclinedResponseSchema,
  waitlistEntryIdParams,
  waitlistJoinResponseSchema,
  waitlistJoinSchema,
  waitlistLeftResponseSchema,
  waitlistOfferResponseSchema,
} from '../waitlist';
import { defineEndpoint } from './endpoint';

// Public: joining and leaving the wait list, and the offer a freed time makes (issue 34). The offer itself is taken
// with X-Offer-Token on holdSlot (PUT /api/patient_sessions/:id).

export const joinWaitlist = defineEndpoint<{
  body: typeof waitlistJoinSchema;
  response: typeof waitlistJoinResponseSchema;
}>()({ method: 'POST', path: '/api/waitlist', access: 'public', status: 201 });

export const leaveWaitlist = defineEndpoint<{
  params: typeof waitlistEntryIdParams;
  response: typeof waitlistLeftResponseSchema;
}>()({
  method: 'DELETE',
  path: '/api/waitlist/:id',
  access: 'public',
  headers: { waitlistToken: 'x-waitlist-token' satisfies typeof WAITLIST_TOKEN_HEADER },
});

export const getWaitlistOffer = defineEndpoint<{ response: typeof waitlistOfferResponseSchema }>()({
  method: 'GET',
  path: '/api/waitlist_offer',
  access: 'public',
  headers: { offerToken: 'x-offer-token' satisfies typeof OFFER_TOKEN_HEADER },
});

export const declineWaitlistOffer = defineEndpoint<{ response: typeof waitlistDeclinedResponseSchema }>()({
  method: 'DELETE',
  path: '/api/waitlist_offer',
  access: 'public',
  headers: { offerToken: 'x-offer-token' satisfies typeof OFFER_TOKEN_HEADER },
});
