import { clinic } from './clinic';

/**
 * A way out for a patient who could not stop their antihistamines, or is unwell or wheezy, before an allergy test
 * (issue 33): from their booking link they flag it (`POST /api/bookings/{reference}/flag`), and may then move the
 * appointment once free of the 48-hour notice, or leave it and let the clinic know. Staff see the flag on the
 * appointment and the dashboard. No Zod here: the patient's page imports it.
 */

/** The manage-booking page's section, and the anchor the reminders' links open. */
export const WAY_OUT_SECTION_ID = 'way-out';

export const flagReasons = ['could_not_stop', 'unwell'] as const;
export type FlagReason = (typeof flagReasons)[number];

/** The most characters of the patient's own words with a flag. */
export const FLAG_MESSAGE_MAX = 500;

/** What the patient chooses from, in their words. */
export const flagChoices: Record<FlagReason, string> = {
  could_not_stop: 'I could not stop my antihistamines',
  unwell: 'I am unwell or wheezy',
};

/** What staff are told when they mark a flag dealt with, or cannot. */
export const flagDealtWithTexts = {
  done: 'The patient’s note is marked dealt with.',
  notOpen: 'This note is not open: it was dealt with already, or there is none.',
  changed:
    'The patient has sent a new note since you opened this page. Read it before marking it dealt with.',
} as const;

/** What staff read of a flag. */
export const flagLabels: Record<FlagReason, string> = {
  could_not_stop: 'Could not stop antihistamines',
  unwell: 'Unwell or wheezy',
};

export const wayOutTexts = {
  reasonInvalid: 'Please choose why: you could not stop your antihistamines, or you are unwell or wheezy.',
  flagged:
    'Thank you for telling us. The clinic can see your note. You can move your appointment to another time free of charge, once, or keep it and we will be in touch if needed.',
  flaggedAgain: 'Thank you: your note to the clinic is updated.',
  notFlaggable: 'This appointment can no longer be changed online.',
  freeMoveUsed: `You have already moved this appointment once after telling us. Please call us on ${clinic.phone} and we will help.`,
  /** 409 `free_move_no_cancel`: the free move may not turn a booking inside the notice into one refunded online. */
  cancelAfterFreeMove: `This appointment was moved with the free move you were given after telling us you could not stop your antihistamines or were unwell, so it cannot be cancelled online. Please call us on ${clinic.phone}.`,
  notTest: 'This applies to allergy tests only.',
  /** 422 `free_move_too_soon`: `words` from `tooSoonToStopWords`, `first` the first day offered ('Tuesday 8 December'). */
  tooSoonToStop: (words: string, first: string) =>
    `That time is ${words}. Please choose a time on ${first} or later, so the test can show your allergies.`,
  /** Above the free move's times after "I could not stop my antihistamines". */
  movesFrom: (first: string) =>
    `You told us you could not stop your antihistamines, so the times offered start on ${first}: that leaves you the days to stop them before the test.`,
  /** No time offered in the months the page looks through (the page adds how to call). */
  noTimeFarEnough: 'No free time far enough ahead for you to stop your antihistamines in the next months.',
} as const;

/**
 * A video consultation's join link: staff set one per appointment, or a standing one per consultant used by default.
 * The patient sees it on their booking page from VIDEO_LINK_SHOWN_HOURS before the start and in the 2-day reminder
 * (set after it, in an e-mail of its own), never in a calendar file.
 */
export const VIDEO_LINK_MAX = 500;
export const VIDEO_LINK_SHOWN_HOURS = 24;

export const videoLinkTexts = {
  notHttps: 'Please enter a full link that starts with https://.',
  tooLong: `The link is too long: ${VIDEO_LINK_MAX} characters at most.`,
  notVideo: 'Only a video consultation has a join link.',
  saved: 'The video link is saved.',
  removed: 'The video link is removed.',
} as const;

/** Why `value` is not a join link we take (https, a host, no user name or password, not too long); undefined when it is. */
export function videoLinkProblem(value: string): string | undefined {
  if (value.length > VIDEO_LINK_MAX) return videoLinkTexts.tooLong;
  if (/\s/.test(value)) return videoLinkTexts.notHttps;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return videoLinkTexts.notHttps;
  }
  if (url.protocol !== 'https:' || !url.hostname.includes('.') || url.username || url.password) {
    return videoLinkTexts.notHttps;
  }
  return undefined;
}
