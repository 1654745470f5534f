import { describe, expect, it } from 'vitest';
import { bookingFormIssues } from './booking';
import { contactRequestSchema } from './contact';
import { PHONE_MAX_CHARACTERS, phoneIssueText, phoneProblem } from './phone';
import { referralFormIssues } from './referrals';
import { texts } from './validation-texts';

describe('the phone rule (spec section 5, issue 21)', () => {
  it.each([
    '+353 87 123 4567',
    '087 123 4567',
    '(01) 293-4560',
    '+353871234567',
    '123456',
    '123456789012',
    '+353 (87) 123-4567',
  ])('accepts %s: 6 to 12 digits, with spaces, brackets, dashes and a leading +', (phone) => {
    expect(phoneProblem(phone)).toBeUndefined();
    expect(phoneIssueText(phone)).toBeUndefined();
  });

  it.each([
    '087.123.4567',
    '087/123/4567',
    '087 123 4567 #2',
    '++353 1 234567',
    '353+871234567',
    '087 123 4567+',
    '087 abc 4567',
    'call me',
    '087\u00a0123\u00a04567',
    '087\t123 4567',
  ])('refuses %s as invalid: a character other than digits, spaces, brackets, dashes and a leading +', (phone) => {
    expect(phoneProblem(phone)).toBe('invalid');
    expect(phoneIssueText(phone)).toBe('Phone number is invalid.');
  });

  it('counts the digits for the length, with the spec’s length texts', () => {
    expect(phoneIssueText('12345')).toBe(texts.tooShort);
    expect(phoneIssueText('+353 1 2')).toBe(texts.tooShort);
    expect(phoneIssueText('+()- ')).toBe(texts.tooShort);
    expect(phoneIssueText('1234567890123')).toBe(texts.tooLong);
    expect(phoneIssueText('+353 87 123 4567 8')).toBe(texts.tooLong);
    expect(texts.tooShort).toBe('Text is too short.');
    expect(texts.tooLong).toBe('Text is too long.');
  });

  it('refuses a number padded past its longest written form', () => {
    const padded = `087${' '.repeat(PHONE_MAX_CHARACTERS)}1234567`;
    expect(phoneIssueText(padded)).toBe(texts.tooLong);
    const spaced = '+353 - (87) - 123 - 4567';
    expect(spaced).toHaveLength(PHONE_MAX_CHARACTERS);
    expect(phoneIssueText(spaced)).toBeUndefined();
  });
});

describe('every form follows the one rule', () => {
  const booking = (phone: string) =>
    Object.fromEntries(
      bookingFormIssues({
        first_name: 'Aoife',
        last_name: 'Byrne',
        email: 'aoife@example.ie',
        phone,
        is_adult: true,
        is_video_call: true,
        antihistamine: false,
        agreement: false,
      }),
    ).phone;
  const referral = (phone: string) =>
    Object.fromEntries(
      referralFormIssues(
        {
          has_referral_letter: true,
          full_name: 'Aoife Byrne',
          email: 'aoife@example.ie',
          phone,
          dob: '1990-01-31',
          signature: 'Aoife Byrne',
        },
        true,
      ),
    ).phone;
  const contact = (phone: string) => {
    const parsed = contactRequestSchema.safeParse({
      name: 'Aoife Byrne',
      email: 'aoife@example.ie',
      phone,
      message: 'A question about the clinic.',
    });
    return parsed.success
      ? undefined
      : parsed.error.issues.find((issue) => issue.path[0] === 'phone')?.message;
  };

  it.each([
    ['+353 87 123 4567', undefined],
    ['087 123 4567', undefined],
    ['087.123.4567', texts.phoneInvalid],
    ['12345', texts.tooShort],
    ['0871234567890', texts.tooLong],
  ])('the booking, staff, referral and contact forms read %s alike', (phone, expected) => {
    expect(booking(phone)).toBe(expected);
    expect(referral(phone)).toBe(expected);
    expect(contact(phone)).toBe(expected);
  });

  it('stores a number as typed, trimmed', () => {
    const parsed = contactRequestSchema.parse({
      name: 'Aoife Byrne',
      email: 'aoife@example.ie',
      phone: '  +353 (87) 123-4567 ',
      message: 'A question about the clinic.',
    });
    expect(parsed.phone).toBe('+353 (87) 123-4567');
  });
});
