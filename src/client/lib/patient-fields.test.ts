import { describe, expect, it } from 'vitest';
import { displayDateToIso, isoToDisplayDate, tidyDisplayDate } from './patient-fields';

describe('patient fields', () => {
  it('reads a typed date of birth as YYYY-MM-DD', () => {
    expect(displayDateToIso('31.01.1990')).toBe('1990-01-31');
    expect(displayDateToIso(' 1.2.1990 ')).toBe('1990-02-01');
    expect(displayDateToIso('')).toBe('');
    expect(displayDateToIso('14031985')).toBe('1985-03-14');
    expect(displayDateToIso('14/03/1985')).toBe('1985-03-14');
    expect(displayDateToIso('14-03-1985')).toBe('1985-03-14');
    expect(displayDateToIso('1990-01-31')).toBe('1990-01-31');
    expect(displayDateToIso('31.02.1990')).toBeNull();
  });

  it('shows the API’s date as dd.MM.yyyy', () => {
    expect(isoToDisplayDate('1990-01-31')).toBe('31.01.1990');
    expect(isoToDisplayDate(null)).toBe('');
    expect(isoToDisplayDate('31/01/1990')).toBe('');
    expect(tidyDisplayDate('1.2.1990')).toBe('01.02.1990');
    expect(tidyDisplayDate('14031985')).toBe('14.03.1985');
    expect(tidyDisplayDate('31.02.1990')).toBe('31.02.1990');
    expect(tidyDisplayDate('soon')).toBe('soon');
  });
});
