import { type ReferralDecision, type ReferralStatus, referralDecisions } from '../../../shared/referrals';

/**
 * A self-referral's life, written once. It starts `awaiting` triage; staff accept it (the patient is sent a link
 * to book), decline it (the patient is sent the reason) or ask for more information (the patient is sent the
 * question and answers by e-mail; staff decide again once they have). Accepted and declined are final: the patient
 * has been told.
 */
const referralMoves = {
  accepted: { from: ['awaiting', 'more_info'] },
  declined: { from: ['awaiting', 'more_info'] },
  more_info: { from: ['awaiting', 'more_info'] },
} as const satisfies Record<ReferralDecision, { from: readonly ReferralStatus[] }>;

/** The decisions staff may make on a referral in `status`. */
export const allowedDecisions = (status: ReferralStatus): ReferralDecision[] =>
  referralDecisions.filter((decision) =>
    (referralMoves[decision].from as readonly ReferralStatus[]).includes(status),
  );
