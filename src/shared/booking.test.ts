import { describe, expect, it } from 'vitest';
import { antihistamineTexts } from './antihistamines';
import { bookingFormIssues, bookingFormValues, dobProblem, isAskedFor, otherPatientFields } from './booking';
import { texts } from './validation-texts';

const filled = {
  first_name: 'Aoife',
  last_name: 'Byrne',
  email: 'aoife@example.ie',
  phone: '0871234567',
  dob: '2016-04-12',
  guardian_first_name: 'Niamh',
  guardian_last_name: 'Byrne',
  consultant_name: 'Dr Kelly',
  consultant_addres: 'Main Street, Bray',
  consultant_email: 'gp@example.ie',
  allergens: 'Peanuts',
  antihistamine: true,
  agreement: true,
};

describe('the fields each kind of slot asks for (spec section 5)', () => {
  it('asks a child for guardian names and the test questions, not for a GP', () => {
    const kind = { is_adult: false, is_video_call: false };
    expect(isAskedFor('guardian_first_name', kind)).toBe(true);
    expect(isAskedFor('consultant_name', kind)).toBe(false);
    expect(bookingFormValues({ ...filled, ...kind })).toEqual({
      ...filled,
      ...kind,
      consultant_name: undefined,
      consultant_addres: undefined,
    });
  });

  it('asks an adult test for the GP, and an adult video call only for the name and contact details', () => {
    expect(isAskedFor('consultant_addres', { is_adult: true, is_video_call: false })).toBe(true);
    const video = { is_adult: true, is_video_call: true };
    expect(isAskedFor('email', video)).toBe(true);
    expect(bookingFormValues({ ...filled, ...video })).toEqual({
      ...filled,
      ...video,
      guardian_first_name: undefined,
      guardian_last_name: undefined,
      consultant_name: undefined,
      consultant_addres: undefined,
      consultant_email: undefined,
      allergens: undefined,
      antihistamine: false,
      agreement: false,
    });
  });
});

describe('a date of birth', () => {
  it.each([
    ['1990-04-12', undefined],
    ['1900-01-01', undefined],
    ['2026-11-26', undefined],
    ['1890-04-12', 'dobTooEarly'],
    ['1899-12-31', 'dobTooEarly'],
    ['2026-11-27', 'dobInFuture'],
    ['1990-02-30', 'dobNotReal'],
    ['31.02.1990', 'dobNotReal'],
    ['0990-01-01', 'dobTooEarly'],
    ['12.04.1990', undefined],
    ['12041990', undefined],
    ['12/04/1990', undefined],
    ['12-04-1990', undefined],
    ['12.04.90', 'dobInvalid'],
    ['soon', 'dobInvalid'],
  ])('%s: %s', (dob, problem) => {
    expect(dobProblem(dob, '2026-11-26')).toBe(problem);
  });
});

describe('the antihistamines question refused with None and a medicine', () => {
  const mixed = { ...filled, antihistamines: 'none,tablets' };
  it('speaks of your child on a child’s form', () => {
    const issues = bookingFormIssues({ ...mixed, is_adult: false, is_video_call: false }, '2026-01-01');
    expect(issues).toContainEqual(['antihistamines', antihistamineTexts.noneWithOthersChild]);
  });

  it('speaks of you on an adult’s form', () => {
    const issues = bookingFormIssues(
      { ...mixed, dob: '1990-04-12', is_adult: true, is_video_call: false },
      '2026-01-01',
    );
    expect(issues).toContainEqual(['antihistamines', antihistamineTexts.noneWithOthers]);
  });
});

describe('the payment type staff write on a booking', () => {
  it('is one line of visible characters, as its CSV cell shows it', () => {
    expect(otherPatientFields.payment_type.safeParse(' Insurance ').data).toBe('Insurance');
    for (const typed of ['Insur\u2028ance', 'Cash\tcard', 'Card\u200b'])
      expect(otherPatientFields.payment_type.safeParse(typed).error?.issues[0]?.message, typed).toBe(
        texts.notAllowedCharacters,
      );
  });
});
