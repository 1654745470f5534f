import { clinic } from '../../../shared/clinic';
import { type ReferralBookingKind, referralBookingLabels } from '../../../shared/referrals';
import { composeEmail, type EmailContent } from '../email/email-template';
import { clinicDateTime } from '../slots/clinic-time';

const contactLine = `Questions? Reply to this e-mail, or call us on ${clinic.phone}.`;

/**
 * To the address the form gave, at once: the referral has arrived, what happens next, and when to write if no one
 * answers. Only the clinic's words: anyone may type anyone's address into the form, so a name or any other text the
 * sender typed would let a stranger write to people from the clinic's own domain (decision 0019).
 */
export function referralReceivedEmail(clinicEmail: string): EmailContent {
  return composeEmail(`We have received your referral: ${clinic.name}`, [
    'Hello,',
    `Thank you for your referral to ${clinic.name}. It has reached us and is waiting for triage.`,
    'A member of our clinical team will read it and e-mail you: to invite you to book an appointment, to ask for more information, or to explain why the clinic cannot see you.',
    `If you have no reply within 7-10 days, please e-mail us at ${clinicEmail}.`,
    contactLine,
    `If you did not send a referral to ${clinic.name}, someone may have typed your e-mail address by mistake: please ignore this e-mail.`,
    clinic.name,
  ]);
}

/**
 * To the clinic: a new referral, with a link to it in the back office. Nothing about the patient's health, nor
 * who they are: an e-mail can be forwarded or read on a phone; the back office asks for a sign-in.
 */
export function clinicReferralEmail(
  referral: { id: number; hasReferralLetter: boolean; createdAt: Date },
  publicUrl: string,
): EmailContent {
  return composeEmail(`New self-referral #${referral.id} to triage`, [
    `A new self-referral has been sent on the website, ${referral.hasReferralLetter ? 'with a referral letter' : 'with the referral form'}.`,
    { facts: [['Received', `${clinicDateTime(referral.createdAt)} (Dublin time)`]] },
    { text: 'Open it in the back office', link: `${publicUrl}/admin/referrals/${referral.id}` },
    "For the patient's privacy, their details are shown only in the back office.",
  ]);
}

/** To the patient: the clinic will see them; a link to book, and staff's note if they wrote one. */
export function referralAcceptedEmail(
  patientName: string,
  bookingKind: ReferralBookingKind,
  message: string | undefined,
  publicUrl: string,
): EmailContent {
  return composeEmail(`Your referral has been accepted: please book ${referralBookingLabels[bookingKind]}`, [
    `Dear ${patientName},`,
    `The clinic has reviewed your referral and would like to see you for ${referralBookingLabels[bookingKind]}.`,
    { text: 'Choose a time and book', link: `${publicUrl}/sessions_availability/${bookingKind}` },
    ...(message ? ['A note from the clinic:', { quote: message }] : []),
    contactLine,
    clinic.name,
  ]);
}

/** To the patient: the clinic cannot see them, and why. */
export function referralDeclinedEmail(patientName: string, reason: string): EmailContent {
  return composeEmail(`About your referral to ${clinic.name}`, [
    `Dear ${patientName},`,
    'Thank you for your referral. The clinic has reviewed it and is not able to offer you an appointment.',
    "The clinic's reason:",
    { quote: reason },
    contactLine,
    clinic.name,
  ]);
}

/** To the patient: the clinic's question, to be answered by replying. */
export function referralQuestionEmail(patientName: string, question: string): EmailContent {
  return composeEmail(`Your referral: ${clinic.name} needs more information`, [
    `Dear ${patientName},`,
    'The clinic has read your referral and needs more information before it can decide. Please reply to this e-mail with your answer to this question:',
    { quote: question },
    contactLine,
    clinic.name,
  ]);
}
