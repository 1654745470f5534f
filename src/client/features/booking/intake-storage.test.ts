import { describe, expect, it } from 'vitest';
import { readBirthDate } from './intake-storage';

describe('the date of birth the intake form opens with', () => {
  it('is read as people type it, day first', () => {
    for (const typed of ['14031985', '14/03/1985', '14-03-1985', '14.03.1985', ' 14.3.1985 ']) {
      expect(readBirthDate(typed), typed).toBe('1985-03-14');
    }
  });

  it('says an impossible date is not real, and anything else is not a date', () => {
    expect(readBirthDate('31.02.1990')).toBe('unreal');
    expect(readBirthDate('1985-03-14')).toBeUndefined();
    expect(readBirthDate('March 14')).toBeUndefined();
  });
});
