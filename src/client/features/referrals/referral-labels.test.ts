import { describe, expect, it } from 'vitest';
import { referralTexts } from '../../../shared/referrals';
import { decisionRequest, messageIssue } from './referral-decision-dialog';
import {
  ageLabel,
  decisionTexts,
  isOverdue,
  lastMessageLabel,
  letterOrFormLabel,
  parseStatusFilter,
  referralPath,
  referralTone,
  stateExplanation,
  statusFilterOptions,
} from './referral-labels';

const now = new Date('2026-11-25T12:00:00Z');
const agoIso = (milliseconds: number) => new Date(now.getTime() - milliseconds).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('a referral awaiting triage', () => {
  it('marks a referral awaiting triage for a week or more as overdue, and no other', () => {
    expect(isOverdue({ status: 'awaiting', received_at: agoIso(7 * DAY) }, now)).toBe(true);
    expect(isOverdue({ status: 'awaiting', received_at: agoIso(7 * DAY - MINUTE) }, now)).toBe(false);
    expect(isOverdue({ status: 'more_info', received_at: agoIso(30 * DAY) }, now)).toBe(false);
    expect(isOverdue({ status: 'accepted', received_at: agoIso(30 * DAY) }, now)).toBe(false);
  });
});

describe('the list', () => {
  it('offers the states in the order staff work through them, after All', () => {
    expect(statusFilterOptions.map((option) => option.label)).toEqual([
      'All',
      'Awaiting triage',
      'More information asked',
      'Accepted',
      'Declined',
    ]);
    expect(statusFilterOptions[0]?.value).toBe('');
  });

  it('reads the state filter from the address, anything unknown as none', () => {
    expect(parseStatusFilter('awaiting')).toBe('awaiting');
    expect(parseStatusFilter('more_info')).toBe('more_info');
    expect(parseStatusFilter('')).toBeUndefined();
    expect(parseStatusFilter(null)).toBeUndefined();
    expect(parseStatusFilter('Awaiting')).toBeUndefined();
  });

  it('says how it was sent, the age, the state’s look and the page', () => {
    expect(letterOrFormLabel(true)).toBe('Letter');
    expect(letterOrFormLabel(false)).toBe('Form');
    expect(ageLabel(7)).toBe('7');
    expect(ageLabel(0)).toBe('0');
    expect(ageLabel(null)).toBe('Not given');
    expect(referralTone('awaiting')).toBe('waiting');
    expect(referralTone('more_info')).toBe('active');
    expect(referralTone('accepted')).toBe('done');
    expect(referralTone('declined')).toBe('ended');
    expect(referralPath(12)).toBe('/admin/referrals/12');
  });
});

describe('decisions', () => {
  it('say what will happen to the patient, an acceptance naming what they will book', () => {
    expect(decisionTexts('accepted', 'Aoife Byrne').outcome).toBe(
      'The patient will be e-mailed a link to book an allergy test.',
    );
    expect(decisionTexts('accepted', 'Aoife Byrne', 'booking_video').outcome).toBe(
      'The patient will be e-mailed a link to book a video consultation.',
    );
    expect(decisionTexts('accepted', 'Aoife Byrne').title).toBe('Accept Aoife Byrne’s referral?');
    expect(decisionTexts('declined', 'Aoife Byrne').outcome).toMatch(
      /with your reason\. This cannot be undone\.$/,
    );
    expect(decisionTexts('more_info', 'Aoife Byrne').title).toBe('Ask Aoife Byrne for more information?');
    expect(decisionTexts('accepted', 'x').messageRequired).toBe(false);
    expect(decisionTexts('declined', 'x').messageRequired).toBe(true);
    expect(decisionTexts('more_info', 'x').messageRequired).toBe(true);
  });

  it('send the message trimmed, and what to book only with an acceptance', () => {
    expect(decisionRequest('accepted', '  ', 'booking_video')).toEqual({
      status: 'accepted',
      booking_kind: 'booking_video',
    });
    expect(decisionRequest('declined', ' Not seen under 2. ', 'booking_video')).toEqual({
      status: 'declined',
      message: 'Not seen under 2.',
    });
  });

  it('need a reason and a question, as the server does, and no message longer than it takes', () => {
    expect(messageIssue({ status: 'accepted' })).toBeUndefined();
    expect(messageIssue({ status: 'declined' })).toBe(referralTexts.messageRequired);
    expect(messageIssue({ status: 'more_info' })).toBe(referralTexts.messageRequired);
    expect(messageIssue({ status: 'more_info', message: 'Which foods?' })).toBeUndefined();
    expect(messageIssue({ status: 'declined', message: 'x'.repeat(2001) })).toBe(
      referralTexts.messageTooLong,
    );
  });

  it('name staff’s last message and what comes next by the state', () => {
    expect(lastMessageLabel('declined')).toBe('Reason sent to the patient');
    expect(lastMessageLabel('more_info')).toBe('Question sent to the patient');
    expect(stateExplanation({ status: 'accepted', booking_kind: 'booking_video' })).toBe(
      'The patient has been e-mailed a link to book a video consultation. The decision is final.',
    );
    expect(stateExplanation({ status: 'awaiting', booking_kind: null })).toMatch(/^Read the referral/);
  });
});
