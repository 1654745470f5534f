import { afterEach, describe, expect, it, vi } from 'vitest';
import { readBirthDate, takeIntakeTokens } from './intake-storage';

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

describe('the token the intake form opens with', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is the address’s own when it carries one, over one this tab kept before, and kept for a reload', () => {
    const kept = new Map<string, string>();
    const sessionStorage = {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => kept.set(key, value),
      removeItem: (key: string) => kept.delete(key),
    };
    vi.stubGlobal('window', { sessionStorage });
    kept.set('intake_token_ABC123', JSON.stringify('old-token'));
    kept.set('manage_booking_ABC123', JSON.stringify('booking-page-token'));
    expect(takeIntakeTokens('ABC123', '#new-token')).toEqual({ manageToken: 'new-token' });
    // The reload after the token left the address bar.
    expect(takeIntakeTokens('ABC123', '')).toEqual({ manageToken: 'new-token' });
  });
});
