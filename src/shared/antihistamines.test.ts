import { describe, expect, it } from 'vitest';
import { firstDayToStopFrom, stopDays, tooSoonToStopWords } from './antihistamines';

describe('stopDays', () => {
  it('gives each medicine its own day before the test, earliest first', () => {
    expect(
      stopDays('2026-12-08', ['nasal', 'tablets'], '2026-11-29').map(({ medicine, day, late, text }) => ({
        medicine,
        day,
        late,
        text,
      })),
    ).toEqual([
      {
        medicine: 'tablets',
        day: '2026-12-03',
        late: false,
        text: 'Stop cetirizine-type tablets and syrups on Thursday 3 December',
      },
      {
        medicine: 'nasal',
        day: '2026-12-05',
        late: false,
        text: 'Stop antihistamine nasal sprays on Saturday 5 December',
      },
    ]);
  });

  it('says a day already behind as now, and to tell the clinic what was taken since (a test at short notice)', () => {
    const [tablets, nasal] = stopDays('2026-11-30', ['tablets', 'nasal'], '2026-11-29');
    expect(tablets).toMatchObject({ day: '2026-11-25', late: true });
    expect(tablets?.text).toBe(
      'Stop cetirizine-type tablets and syrups now: they should be stopped 5 days before the test (from Wednesday 25 November). If you have taken any since, tell us when you arrive',
    );
    expect(nasal).toMatchObject({ day: '2026-11-27', late: true });
    // On the stop day itself it is not late.
    expect(stopDays('2026-12-04', ['nasal'], '2026-12-01')[0]?.late).toBe(false);
  });

  it('after "could not stop": the first test day every medicine can still be stopped for, from today', () => {
    expect(firstDayToStopFrom('2026-11-29', ['nasal', 'eye_drops'])).toBe('2026-12-02');
    expect(firstDayToStopFrom('2026-11-29', ['nasal', 'tablets'])).toBe('2026-12-04');
    expect(firstDayToStopFrom('2026-11-29', ['not_sure'])).toBe('2026-12-04');
    // Nothing recorded, or 'None' though they could not stop: the 5-day rule.
    expect(firstDayToStopFrom('2026-11-29', null)).toBe('2026-12-04');
    expect(firstDayToStopFrom('2026-11-29', ['none'])).toBe('2026-12-04');
    const late = stopDays('2026-12-01', ['tablets', 'nasal'], '2026-11-29').filter((stop) => stop.late);
    expect(tooSoonToStopWords(late)).toBe(
      'too soon to stop cetirizine-type tablets and syrups and antihistamine nasal sprays for the 5 days before it (from Thursday 26 November)',
    );
  });
});
