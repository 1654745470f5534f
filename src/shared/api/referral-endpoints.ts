import {
  referralDecisionSchema,
  referralIdParams,
  referralResponseSchema,
  referralsAwaitingSchema,
  referralsQuerySchema,
  referralsResponseSchema,
} from '../referrals';
import { defineEndpoint } from './endpoint';

// Back office: the triage of self-referrals (sent with POST /api/patients, is_referral true). Reads of the
// patients' data and every decision are audited.

export const listReferrals = defineEndpoint({
  method: 'GET',
  path: '/api/admin/referrals',
  summary:
    'Self-referrals: awaiting triage first, the oldest first, then the rest newest first; status filters (awaiting, accepted, declined, more_info), search the name, e-mail or phone (the read is audited)',
  access: 'admin',
  query: referralsQuerySchema,
  response: referralsResponseSchema,
});

export const countReferralsAwaiting = defineEndpoint({
  method: 'GET',
  path: '/api/admin/referrals/awaiting',
  summary: 'How many referrals await triage and when the oldest was received (no personal data)',
  access: 'admin',
  response: referralsAwaitingSchema,
});

export const getReferral = defineEndpoint({
  method: 'GET',
  path: '/api/admin/referrals/:id',
  summary:
    "A referral with its state, staff's last message and its patient's detail: the letter (a staff-only url) or the form's answers (the read is audited)",
  access: 'admin',
  params: referralIdParams,
  response: referralResponseSchema,
});

export const decideReferral = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/referrals/:id',
  summary:
    'Triage: status accepted (the patient is e-mailed a link to book booking_kind, an allergy test unless said, with the optional message), declined (message: the reason, e-mailed) or more_info (message: the question, e-mailed); 409 once accepted or declined; audited',
  access: 'admin',
  params: referralIdParams,
  body: referralDecisionSchema,
  response: referralResponseSchema,
});
