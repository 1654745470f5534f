import { describe, expect, it } from 'vitest';
import { bookingFormValues, isAskedFor } from './booking';

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
