import { describe, expect, it } from 'vitest';
import { formatClinicTime, formatClock12 } from './clinic-clock';

describe('clinic clock', () => {
  it("shows an instant's time of day in Dublin, 24 hours, in winter and in summer", () => {
    expect(formatClinicTime('2026-11-23T09:05:00.000Z')).toBe('09:05');
    expect(formatClinicTime('2026-07-01T09:05:00.000Z')).toBe('10:05');
    expect(formatClinicTime('2026-11-23T00:00:59.000Z')).toBe('00:00');
    expect(formatClinicTime(new Date('2026-11-23T23:59:00.000Z'))).toBe('23:59');
  });

  it("shows a clinic time 'HH:mm' in 12 hours", () => {
    expect(formatClock12('00:00')).toBe('12:00 AM');
    expect(formatClock12('09:05')).toBe('9:05 AM');
    expect(formatClock12('12:30')).toBe('12:30 PM');
    expect(formatClock12('23:55')).toBe('11:55 PM');
  });
});
