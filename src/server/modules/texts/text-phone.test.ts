import { describe, expect, it } from 'vitest';
import { textablePhone } from './text-phone';

describe('a phone number texts go to', () => {
  it.each([
    ['an Irish mobile as typed', '087 123 4567', '+353871234567'],
    ['an Irish mobile with its country code', '+353 (0)87 123 4567', '+353871234567'],
    ['an Irish mobile dialled from abroad', '00353 87 123 4567', '+353871234567'],
    ['a British mobile', '+44 7911 123456', '+447911123456'],
  ])('is %s in E.164', (_what, typed, e164) => {
    expect(textablePhone(typed)).toBe(e164);
  });

  it.each([
    ['a Dublin landline', '01 283 8000'],
    ['too few digits', '087 123'],
    ['words', 'call me maybe'],
  ])('is none for %s', (_what, typed) => {
    expect(textablePhone(typed)).toBeUndefined();
  });
});
