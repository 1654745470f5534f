import { describe, expect, it } from 'vitest';
import { displayDateToIso, isoToDisplayDate, phoneCharacters, tidyDisplayDate } from './patient-fields';

describe('patient fields', () => {
  it('reads a typed date of birth as YYYY-MM-DD', () => {
    expect(displayDateToIso('31.01.1990')).toBe('1990-01-31');
    expect(displayDateToIso(' 1.2.1990 ')).toBe('1990-02-01');
    expect(displayDateToIso('')).toBe('');
    expect(displayDateToIso('1990-01-31')).toBeNull();
  });

  it('shows the API’s date as dd.MM.yyyy', () => {
    expect(isoToDisplayDate('1990-01-31')).toBe('31.01.1990');
    expect(isoToDisplayDate(null)).toBe('');
    expect(isoToDisplayDate('31/01/1990')).toBe('');
    expect(tidyDisplayDate('1.2.1990')).toBe('01.02.1990');
    expect(tidyDisplayDate('soon')).toBe('soon');
  });

  it('keeps no letters in a phone number, and drops nothing else', () => {
    expect(phoneCharacters('+353 (87) 12-34a5b6')).toBe('+353 (87) 12-3456');
    expect(phoneCharacters('087 ÉÑ123 ж4567')).toBe('087 123 4567');
    expect(phoneCharacters('087.123/4567 #2')).toBe('087.123/4567 #2');
  });
});
