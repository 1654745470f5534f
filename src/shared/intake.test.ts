import { describe, expect, it } from 'vitest';
import { antihistamineChoices, antihistamineTexts } from './antihistamines';
import {
  ANTIHISTAMINES_QUESTION,
  ageOn,
  antihistaminesOfAnswers,
  antihistaminesPrefill,
  currentIntakeForm,
  intakeFormVersion,
  intakeTexts,
  intakeUrlOfManageUrl,
  SIGNATURE_MAX,
  signingProblems,
} from './intake';
import { NAME_LENGTHS } from './name-lengths';

const TODAY = '2026-12-01';

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
          question.type === 'yes_no'
            ? 'no'
            : question.type === 'choice' || question.type === 'multi_choice'
              ? 'none'
              : 'Something',
        ]),
    );
    expect(
      signingProblems(
        questions,
        { answers, consent: true, signature: 'sinead  o’brien' },
        'Sinéad O’Brien',
        TODAY,
      ),
    ).toEqual({});
    expect(
      signingProblems(questions, { answers: { ...answers, asthma: 'maybe' } }, 'Sinéad O’Brien', TODAY),
    ).toEqual({
      asthma: intakeTexts.notYesNo,
      consent: intakeTexts.consentMissing,
      signature: intakeTexts.required,
    });
    // A child booked with no guardian named: any name would pass, so none does; the clinic adds the name.
    expect(
      signingProblems(questions, { answers, consent: true, signature: 'Mickey Mouse' }, '', TODAY).signature,
    ).toBe(intakeTexts.noSigner);
    // A one-line answer or the signature with a line separator, a tab or an invisible character is refused with
    // its own words, though the signature's comparison reads any space alike.
    expect(
      signingProblems(
        questions,
        {
          answers: { ...answers, eircode: 'D02\u2029X285', gp_phone: '01\t234' },
          consent: true,
          signature: 'Sinéad\u2028O’Brien',
        },
        'Sinéad O’Brien',
        TODAY,
      ),
    ).toEqual({
      eircode: intakeTexts.notAllowedCharacters,
      gp_phone: intakeTexts.notAllowedCharacters,
      signature: intakeTexts.notAllowedCharacters,
    });
    // The longest names a booking takes, 35 and 35, can be typed whole.
    const longest = `${'A'.repeat(35)} ${'B'.repeat(35)}`;
    expect(longest.length).toBeLessThanOrEqual(SIGNATURE_MAX);
    expect(
      signingProblems(questions, { answers, consent: true, signature: longest }, longest, TODAY),
    ).toEqual({});
  });

  it('refuses a date after today (the clinic’s day) beside its question, and takes today and earlier', () => {
    const { questions } = currentIntakeForm('adult');
    const dated = (last_reaction_on: string) =>
      signingProblems(questions, { answers: { last_reaction_on } }, 'A B', TODAY).last_reaction_on;
    expect(dated('2026-12-02')).toBe(intakeTexts.futureDate);
    expect(dated('2027-01-01')).toBe(intakeTexts.futureDate);
    expect(dated(TODAY)).toBeUndefined();
    expect(dated('2020-02-29')).toBeUndefined();
    expect(dated('2021-02-29')).toBe(intakeTexts.notADate);
  });

  it('takes a signature as long as the longest names a booking takes, and none longer', () => {
    expect(SIGNATURE_MAX).toBe(NAME_LENGTHS.part.max * 2 + 1);
    expect(SIGNATURE_MAX).toBeGreaterThan(NAME_LENGTHS.full.max);
  });

  it('links from the booking link with the same token', () => {
    expect(intakeUrlOfManageUrl('https://clinic.ie/booking/AB12CD#tok')).toBe(
      'https://clinic.ie/booking/AB12CD/intake#tok',
    );
  });

  it('asks which antihistamines as the booking form does from version 2: several, None on its own; version 1 kept', () => {
    for (const form of ['adult', 'child'] as const) {
      const current = currentIntakeForm(form);
      expect(current.version).toBe(2);
      const question = current.questions.find((each) => each.key === ANTIHISTAMINES_QUESTION);
      expect(question).toMatchObject({ type: 'multi_choice', exclusive: 'none', required: true });
      expect(question?.options).toEqual(
        antihistamineChoices.map((choice) => ({ value: choice, label: antihistamineTexts.labels[choice] })),
      );
      // Signed forms keep the single choice they were signed on.
      const first = intakeFormVersion(form, 1);
      expect(first?.questions.find((each) => each.key === ANTIHISTAMINES_QUESTION)?.type).toBe('choice');
      expect(first?.consent).toEqual(current.consent);
    }
    const { questions } = currentIntakeForm('adult');
    const only = questions.filter((each) => each.key === ANTIHISTAMINES_QUESTION);
    const problem = (value: string) =>
      signingProblems(
        only,
        { answers: { [ANTIHISTAMINES_QUESTION]: value }, consent: true, signature: 'A B' },
        'A B',
        '2026-11-30',
      )[ANTIHISTAMINES_QUESTION];
    expect(problem('tablets,nasal')).toBeUndefined();
    expect(problem('none')).toBeUndefined();
    expect(problem('none,tablets')).toBe(antihistamineTexts.noneWithOthers);
    expect(problem('tablets,gin')).toBe(antihistamineTexts.unknown);
    expect(problem('')).toBe(intakeTexts.required);
  });

  it('begins with the booking’s answer, and gives it back in the booking’s terms once valid', () => {
    const current = currentIntakeForm('adult');
    const first = intakeFormVersion('adult', 1);
    if (!first) throw new Error('no version 1');
    expect(antihistaminesPrefill(current, ['tablets', 'nasal'])).toBe('tablets,nasal');
    expect(antihistaminesPrefill(current, null)).toBeUndefined();
    expect(antihistaminesPrefill(first, ['nasal'])).toBe('nasal');
    expect(antihistaminesPrefill(first, ['tablets', 'nasal'])).toBeUndefined();
    expect(antihistaminesOfAnswers(current, { [ANTIHISTAMINES_QUESTION]: 'nasal,tablets' })).toEqual([
      'tablets',
      'nasal',
    ]);
    expect(antihistaminesOfAnswers(current, { [ANTIHISTAMINES_QUESTION]: 'none,nasal' })).toBeUndefined();
    expect(antihistaminesOfAnswers(first, { [ANTIHISTAMINES_QUESTION]: 'nasal' })).toBeUndefined();
  });
});
