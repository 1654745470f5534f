import {
  type ReferralBookingKind,
  type ReferralDecision,
  type ReferralStatus,
  referralBookingLabels,
  referralStatuses,
  referralStatusLabels,
} from '../../../shared/referrals';
import type { StateTone } from '../../components/state-badge/state-badge';

/**
 * How the back office reads a referral: its state, how long it has waited, how it was sent, and what each
 * decision does to the patient. Pure, so the list, the referral's page and the tests agree.
 */

/** The list's filter in the address: `?status=awaiting`; none for every referral. */
export const STATUS_PARAM = 'status';

/** The filter's choices in the order staff work through them: to triage, waiting for the patient, decided. */
export const statusFilterOptions: readonly { value: ReferralStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  ...(['awaiting', 'more_info', 'accepted', 'declined'] as const).map((status) => ({
    value: status,
    label: referralStatusLabels[status],
  })),
];

/** The address's `status` as a filter; anything else is no filter (every referral). */
export function parseStatusFilter(raw: string | null): ReferralStatus | undefined {
  return referralStatuses.find((status) => status === raw);
}

/** The referral's page in the back office. */
export const referralPath = (id: number) => `/admin/referrals/${id}`;

/** The look of a state: awaiting triage waits on staff, more information on the patient; then done or ended. */
export function referralTone(status: ReferralStatus): StateTone {
  switch (status) {
    case 'awaiting':
      return 'waiting';
    case 'more_info':
      return 'active';
    case 'accepted':
      return 'done';
    case 'declined':
      return 'ended';
  }
}

/** How it was sent: 'Letter' (a referral letter) or 'Form' (the self-referral form's answers). */
export const letterOrFormLabel = (hasReferralLetter: boolean) => (hasReferralLetter ? 'Letter' : 'Form');

/** The patient's age in years ('34'), or that no date of birth was given. */
export const ageLabel = (age: number | null) => (age === null ? 'Not given' : String(age));

const DAY = 24 * 60 * 60_000;

/**
 * The patient is told to write to the clinic if no one answers within 7-10 days: a referral awaiting triage
 * for 7 days or more is overdue.
 */
const OVERDUE_AFTER_DAYS = 7;

export function isOverdue(
  referral: { status: ReferralStatus; received_at: string },
  now: Date = new Date(),
): boolean {
  return (
    referral.status === 'awaiting' &&
    now.getTime() - new Date(referral.received_at).getTime() >= OVERDUE_AFTER_DAYS * DAY
  );
}

/** What staff last wrote to the patient, named by the decision it went with. */
export function lastMessageLabel(status: ReferralStatus): string {
  switch (status) {
    case 'accepted':
      return 'Note sent with the booking link';
    case 'declined':
      return 'Reason sent to the patient';
    case 'more_info':
      return 'Question sent to the patient';
    case 'awaiting':
      return 'Message sent to the patient';
  }
}

/** Where the referral stands and what comes next, in a sentence. */
export function stateExplanation(referral: {
  status: ReferralStatus;
  booking_kind: ReferralBookingKind | null;
}): string {
  switch (referral.status) {
    case 'awaiting':
      return 'Read the referral, then accept it, decline it or ask the patient for more information. The patient is e-mailed what you decide.';
    case 'more_info':
      return 'The patient has been e-mailed your question and replies by e-mail. Once they have answered, accept or decline the referral, or ask again.';
    case 'accepted':
      return `The patient has been e-mailed a link to book ${referralBookingLabels[referral.booking_kind ?? 'booking_test']}. The decision is final.`;
    case 'declined':
      return 'The patient has been e-mailed the reason. The decision is final.';
  }
}

/** The texts of a decision's dialog: what it is called, what happens to the patient, and its text box. */
export interface DecisionTexts {
  /** The button on the page that opens the dialog. */
  action: string;
  title: string;
  /** What will happen, e.g. 'The patient will be e-mailed a link to book an allergy test.' */
  outcome: string;
  confirmLabel: string;
  tone: 'primary' | 'danger';
  messageLabel: string;
  messageHint: string;
  /** Whether the message must be written (the reason, the question). */
  messageRequired: boolean;
}

/** A decision's dialog for `name`'s referral; an acceptance's outcome names what the patient is asked to book. */
export function decisionTexts(
  decision: ReferralDecision,
  name: string,
  bookingKind: ReferralBookingKind = 'booking_test',
): DecisionTexts {
  switch (decision) {
    case 'accepted':
      return {
        action: 'Accept',
        title: `Accept ${name}’s referral?`,
        outcome: `The patient will be e-mailed a link to book ${referralBookingLabels[bookingKind]}.`,
        confirmLabel: 'Accept and e-mail the patient',
        tone: 'primary',
        messageLabel: 'Note to the patient (optional)',
        messageHint: 'Sent with the link, e.g. what to bring or which times suit best.',
        messageRequired: false,
      };
    case 'declined':
      return {
        action: 'Decline',
        title: `Decline ${name}’s referral?`,
        outcome:
          'The patient will be e-mailed that the clinic cannot offer them an appointment, with your reason. This cannot be undone.',
        confirmLabel: 'Decline and e-mail the patient',
        tone: 'danger',
        messageLabel: 'Reason',
        messageHint: 'Sent to the patient as you write it, e.g. where else they could be seen.',
        messageRequired: true,
      };
    case 'more_info':
      return {
        action: 'Ask for more information',
        title: `Ask ${name} for more information?`,
        outcome:
          'The patient will be e-mailed your question and asked to reply by e-mail. The referral stays open until you decide.',
        confirmLabel: 'E-mail the question',
        tone: 'primary',
        messageLabel: 'Your question',
        messageHint: 'Sent to the patient as you write it.',
        messageRequired: true,
      };
  }
}

/** The page's actions in the order staff read them: accept, ask, then decline last (it ends the referral). */
export const decisionOrder: readonly ReferralDecision[] = ['accepted', 'more_info', 'declined'];
