import { describe, expect, it } from 'vitest';
import { clinicInstant } from '../../test/slot-fixtures';
import { offerMinutesFrom } from './waitlist-service';

const at = (day: string, time: string) => new Date(clinicInstant(day, time));

describe('how long a wait-list offer holds its time', () => {
  it('is the offer minutes by day', () => {
    expect(offerMinutesFrom(at('2026-12-01', '12:00'), 30)).toBe(30);
    expect(offerMinutesFrom(at('2026-12-01', '20:59'), 30)).toBe(30);
  });

  it('counts from 08:00 clinic time when made in the quiet hours, so sleeping people are not skipped', () => {
    expect(offerMinutesFrom(at('2026-12-01', '21:00'), 30)).toBe(11 * 60 + 30);
    expect(offerMinutesFrom(at('2026-12-01', '02:00'), 30)).toBe(6 * 60 + 30);
    // Over the spring daylight-saving change (29 March 2026 at 01:00 UTC): 23:00 to 08:00 is 8 hours there.
    expect(offerMinutesFrom(at('2026-03-28', '23:00'), 30)).toBe(8 * 60 + 30);
  });
});
