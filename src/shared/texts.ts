/**
 * Text messages to patients (issue 34): what is texted, a text's delivery as staff read it, and the consent the
 * booking forms ask beside the phone. No Zod here: the public booking form imports it.
 */

/** What a text is about: a reminder, a change of time, a wait-list offer. */
export const textKinds = ['reminder', 'time_changed', 'waitlist_offer'] as const;
export type TextKind = (typeof textKinds)[number];

/**
 * A text's life: queued (waiting, also through quiet hours), sending (claimed by a sender), sent (the provider took
 * it), then delivered or failed from the provider's signed status callback.
 */
export const textStatuses = ['queued', 'sending', 'sent', 'delivered', 'failed'] as const;
export type TextStatus = (typeof textStatuses)[number];

export const textStatusLabels: Record<TextStatus, string> = {
  queued: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
};

export const textKindLabels: Record<TextKind, string> = {
  reminder: 'Reminder',
  time_changed: 'New time',
  waitlist_offer: 'Wait-list offer',
};

/** What a reply did: STOP withdrew consent, C or CANCEL asks staff to call, anything else is for staff to read. */
export const textReplyActions = ['stop', 'cancel_request', 'other'] as const;
export type TextReplyAction = (typeof textReplyActions)[number];

export const textReplyLabels: Record<TextReplyAction, string> = {
  stop: 'Replied STOP: no more texts',
  cancel_request: 'Asked to cancel: please call them',
  other: 'Reply',
};

/** Quiet hours in clinic time (Europe/Dublin): no text is sent from 21:00 until 08:00; a due one waits. */
export const QUIET_HOURS = { from: 21, until: 8 } as const;

export const textTexts = {
  consentLabel: 'Text me reminders and changes to this number',
  consentHint: 'Only the time, the place and a link; never a health detail. Reply STOP at any time.',
  notMobile: 'Please give a mobile number we can text, or leave the box unticked.',
  consentWithoutPhone: 'Please give a phone number to receive texts.',
  notSetUp: 'Texts not set up',
  none: 'No texts',
  withdrawn: 'You will get no more texts about this booking.',
  withdrawButton: 'Stop texts',
  signatureMissing: 'The request is not signed by the text provider.',
  replayed: 'This request was received already.',
  unknownMessage: 'No text message with this id.',
  webhookOff: 'Text messages are not set up.',
  /** Texted back to a reply of C or CANCEL. */
  cancelRequestAnswer:
    'Thank you: the clinic will call you about your appointment. It is not cancelled until we have spoken.',
} as const;
