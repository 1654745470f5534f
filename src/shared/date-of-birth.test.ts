import { describe, expect, it } from 'vitest';
import { dayToShownDate, readTypedDate, typedDateToDay } from './date-of-birth';

describe('a date of birth as people type it', () => {
  it.each([
    '14031985',
    '14/03/1985',
    '14-03-1985',
    '14.03.1985',
    ' 14.3.1985 ',
    '14 03 1985',
    '1985-03-14',
  ])('reads %j as 14 March 1985', (typed) => {
    expect(readTypedDate(typed)).toEqual({ day: '1985-03-14' });
  });

  it('says a day and month the calendar does not have is no real date', () => {
    expect(readTypedDate('31.02.1990')).toEqual({ problem: 'notReal' });
    expect(readTypedDate('31021990')).toEqual({ problem: 'notReal' });
    expect(readTypedDate('29.02.1990')).toEqual({ problem: 'notReal' });
    expect(readTypedDate('29.02.1988')).toEqual({ day: '1988-02-29' });
    expect(readTypedDate('14.13.1985')).toEqual({ problem: 'notReal' });
    expect(readTypedDate('00.03.1985')).toEqual({ problem: 'notReal' });
    expect(readTypedDate('1990-02-30')).toEqual({ problem: 'notReal' });
  });

  it('says what is no date at all is not one', () => {
    for (const typed of [
      '',
      'soon',
      '1403198',
      '140319850',
      '14.03.85',
      '03/14/85',
      '14.03.1985.',
      '1985/03/14',
    ])
      expect(readTypedDate(typed), typed).toEqual({ problem: 'notDate' });
  });

  it('keeps what it cannot read as it was, for its rule to refuse', () => {
    expect(typedDateToDay('14031985')).toBe('1985-03-14');
    expect(typedDateToDay('31.02.1990')).toBe('31.02.1990');
  });

  it('shows a day back as dd.mm.yyyy', () => {
    expect(dayToShownDate('1985-03-14')).toBe('14.03.1985');
    expect(dayToShownDate(null)).toBe('');
    expect(dayToShownDate('14.03.1985')).toBe('');
  });
});
