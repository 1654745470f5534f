import { describe, expect, it } from 'vitest';
import {
  ageOn,
  currentIntakeForm,
  intakeTexts,
  intakeUrlOfManageUrl,
  SIGNATURE_MAX,
  signingProblems,
} from './intake';

describe('the intake form', () => {
  it('is the child’s under 16 on the appointment’s day, birthday included', () => {
    expect(ageOn('2010-06-01', '2026-05-31')).toBe(15);
    expect(ageOn('2010-06-01', '2026-06-01')).toBe(16);
  });

  it('asks the printable form’s questions, each key once, the child’s without pregnancy', () => {
    const adult = currentIntakeForm('adult').questions.map((question) => question.key);
    const child = currentIntakeForm('child').questions.map((question) => question.key);
    expect(new Set(adult).size).toBe(adult.length);
    expect(new Set(child).size).toBe(child.length);
    expect(adult).toContain('pregnant');
    expect(child).not.toContain('pregnant');
    expect(child).toContain('guardian_relationship');
  });

  it('is signed with every required answer, the consent, and the signer’s name (case, accents and spaces aside)', () => {
    const { questions } = currentIntakeForm('adult');
    const answers = Object.fromEntries(
      questions
        .filter((question) => question.required)
        .map((question) => [
          question.key,
          question.type === 'yes_no' ? 'no' : question.type === 'choice' ? 'none' : 'Something',
        ]),
    );
    expect(
      signingProblems(questions, { answers, consent: true, signature: 'sinead  o’brien' }, 'Sinéad O’Brien'),
    ).toEqual({});
    expect(
      signingProblems(questions, { answers: { ...answers, asthma: 'maybe' } }, 'Sinéad O’Brien'),
    ).toEqual({
      asthma: intakeTexts.notYesNo,
      consent: intakeTexts.consentMissing,
      signature: intakeTexts.required,
    });
    // A child booked with no guardian named: any name would pass, so none does; the clinic adds the name.
    expect(
      signingProblems(questions, { answers, consent: true, signature: 'Mickey Mouse' }, '').signature,
    ).toBe(intakeTexts.noSigner);
    // The longest names a booking takes, 35 and 35, can be typed whole.
    const longest = `${'A'.repeat(35)} ${'B'.repeat(35)}`;
    expect(longest.length).toBeLessThanOrEqual(SIGNATURE_MAX);
    expect(signingProblems(questions, { answers, consent: true, signature: longest }, longest)).toEqual({});
  });

  it('links from the booking link with the same token', () => {
    expect(intakeUrlOfManageUrl('https://clinic.ie/booking/AB12CD#tok')).toBe(
      'https://clinic.ie/booking/AB12CD/intake#tok',
    );
  });
});
