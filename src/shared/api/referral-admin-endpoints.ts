import type {
  referralDecisionSchema,
  referralIdParams,
  referralResponseSchema,
  referralsAwaitingSchema,
  referralsQuerySchema,
  referralsResponseSchema,
} from '../referrals';
import { defineEndpoint } from './endpoint';

// Back office: the triage of self-referrals (sent with createBookingOrReferral, is_referral true).

export const listReferrals = defineEndpoint<{
  query: typeof referralsQuerySchema;
  response: typeof referralsResponseSchema;
}>()({ method: 'GET', path: '/api/admin/referrals', access: 'admin', permission: 'health' });

export const countReferralsAwaiting = defineEndpoint<{ response: typeof referralsAwaitingSchema }>()({
  method: 'GET',
  path: '/api/admin/referrals/awaiting',
  access: 'admin',
  permission: 'health',
});

export const getReferral = defineEndpoint<{
  params: typeof referralIdParams;
  response: typeof referralResponseSchema;
}>()({ method: 'GET', path: '/api/admin/referrals/:id', access: 'admin', permission: 'health' });

export const decideReferral = defineEndpoint<{
  params: typeof referralIdParams;
  body: typeof referralDecisionSchema;
  response: typeof referralResponseSchema;
}>()({ method: 'PUT', path: '/api/admin/referrals/:id', access: 'admin', permission: 'health' });
