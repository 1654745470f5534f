import { describe, expect, it } from 'vitest';
import { formatAdminDate, formatAdminDateTime, formatClinicTime, formatClock12 } from './clinic-clock';

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

  it('shows the back office’s DD/MM/YYYY and DD/MM/YYYY HH:mm on the clinic’s calendar', () => {
    expect(formatAdminDate('2026-03-05T10:00:00Z')).toBe('05/03/2026');
    // 23:30 UTC in summer is already the next day in Dublin.
    expect(formatAdminDateTime('2026-07-01T23:30:00Z')).toBe('02/07/2026 00:30');
    expect(formatAdminDateTime('2026-11-23T09:05:00.000Z')).toBe('23/11/2026 09:05');
    expect(formatAdminDate('not a date')).toBe('');
    expect(formatAdminDateTime('')).toBe('');
  });
});
