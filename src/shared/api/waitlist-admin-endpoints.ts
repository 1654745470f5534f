import type {
  adminWaitlistQuerySchema,
  adminWaitlistResponseSchema,
  staffOfferResponseSchema,
  staffOfferSchema,
  waitlistEntryIdParams,
} from '../waitlist';
import { defineEndpoint } from './endpoint';

// Back office: the wait list's entries and "Offer this time".

export const listWaitlist = defineEndpoint<{
  query: typeof adminWaitlistQuerySchema;
  response: typeof adminWaitlistResponseSchema;
}>()({ method: 'GET', path: '/api/admin/waitlist', access: 'admin', permission: 'waitlist' });

export const offerTimeToEntry = defineEndpoint<{
  params: typeof waitlistEntryIdParams;
  body: typeof staffOfferSchema;
  response: typeof staffOfferResponseSchema;
}>()({
  method: 'POST',
  path: '/api/admin/waitlist/:id/offers',
  access: 'admin',
  permission: 'waitlist',
  status: 201,
});
