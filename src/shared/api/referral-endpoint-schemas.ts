import {
  referralDecisionSchema,
  referralIdParams,
  referralResponseSchema,
  referralsAwaitingSchema,
  referralsQuerySchema,
  referralsResponseSchema,
} from '../referrals';
import { withSchemas } from './endpoint-schemas';
import * as admin from './referral-admin-endpoints';

// Back office: the triage of self-referrals (sent with POST /api/patients, is_referral true). Reads of the
// patients' data and every decision are audited.

export const listReferrals = withSchemas(admin.listReferrals, {
  summary:
    'Self-referrals: awaiting triage first, the oldest first, then the rest newest first; status filters (awaiting, accepted, declined, more_info), search the name, e-mail or phone (the read is audited)',
  query: referralsQuerySchema,
  response: referralsResponseSchema,
});

export const countReferralsAwaiting = withSchemas(admin.countReferralsAwaiting, {
  summary: 'How many referrals await triage and when the oldest was received (no personal data)',
  response: referralsAwaitingSchema,
});

export const getReferral = withSchemas(admin.getReferral, {
  summary:
    "A referral with its state, staff's last message and its patient's detail: the letter (a staff-only url) or the form's answers (the read is audited)",
  params: referralIdParams,
  response: referralResponseSchema,
});

export const decideReferral = withSchemas(admin.decideReferral, {
  summary:
    'Triage: status accepted (the patient is e-mailed a link to book booking_kind, an allergy test unless said, with the optional message), declined (message: the reason, e-mailed) or more_info (message: the question, e-mailed); 409 once accepted or declined; audited',
  params: referralIdParams,
  body: referralDecisionSchema,
  response: referralResponseSchema,
});
