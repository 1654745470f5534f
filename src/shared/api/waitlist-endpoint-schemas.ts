import {
  adminWaitlistQuerySchema,
  adminWaitlistResponseSchema,
  staffOfferResponseSchema,
  staffOfferSchema,
  waitlistDeclinedResponseSchema,
  waitlistEntryIdParams,
  waitlistJoinResponseSchema,
  waitlistJoinSchema,
  waitlistLeftResponseSchema,
  waitlistOfferResponseSchema,
} from '../waitlist';
import { withSchemas } from './endpoint-schemas';
import * as admin from './waitlist-admin-endpoints';
import * as api from './waitlist-endpoints';

export const joinWaitlist = withSchemas(api.joinWaitlist, {
  summary:
    'Joins the wait list for a kind of appointment between two dates (optionally at some places); e-mails a confirmation with a link to leave. At most 3 active entries per e-mail address',
  body: waitlistJoinSchema,
  response: waitlistJoinResponseSchema,
});

export const leaveWaitlist = withSchemas(api.leaveWaitlist, {
  summary:
    'Leaves the wait list, with the token from the confirmation e-mail (X-Waitlist-Token); an open offer is passed on',
  params: waitlistEntryIdParams,
  response: waitlistLeftResponseSchema,
});

export const getWaitlistOffer = withSchemas(api.getWaitlistOffer, {
  summary: "The time an open offer holds (X-Offer-Token from the offer's e-mail) and until when",
  response: waitlistOfferResponseSchema,
});

export const declineWaitlistOffer = withSchemas(api.declineWaitlistOffer, {
  summary: '"Not this time": ends an open offer (X-Offer-Token); the time goes to the next matching entry',
  response: waitlistDeclinedResponseSchema,
});

export const listWaitlist = withSchemas(admin.listWaitlist, {
  summary:
    'Wait-list entries, oldest first (status active, ended or all; search in name or e-mail): kind, places, dates, since when, offers made. Audited as a read',
  query: adminWaitlistQuerySchema,
  response: adminWaitlistResponseSchema,
});

export const offerTimeToEntry = withSchemas(admin.offerTimeToEntry, {
  summary:
    'Offers a free slot to an active entry: the time is held for it for WAITLIST_OFFER_MINUTES and the offer e-mailed. Audited',
  params: waitlistEntryIdParams,
  body: staffOfferSchema,
  response: staffOfferResponseSchema,
});
