import { describe, expect, it } from 'vitest';
import {
  formatAdminDate,
  formatAdminDateTime,
  isScheduled,
  toClinicDateTimeLocal,
} from './admin-blog-format';

describe('admin blog dates (clinic time, Europe/Dublin)', () => {
  it('shows DD/MM/YYYY on the clinic calendar day', () => {
    expect(formatAdminDate('2026-03-05T10:00:00Z')).toBe('05/03/2026');
    // 23:30 UTC in summer is already the next day in Dublin.
    expect(formatAdminDate('2026-07-01T23:30:00Z')).toBe('02/07/2026');
    expect(formatAdminDate('not a date')).toBe('');
  });

  it('shows the time with the date', () => {
    expect(formatAdminDateTime('2026-07-01T08:05:00Z')).toBe('01/07/2026 09:05');
    expect(formatAdminDateTime('2026-01-01T00:00:00Z')).toBe('01/01/2026 00:00');
  });

  it('gives a datetime-local value in clinic time', () => {
    expect(toClinicDateTimeLocal('2026-07-01T08:30:00.000Z')).toBe('2026-07-01T09:30');
    expect(toClinicDateTimeLocal('2026-01-15T09:30:00.000Z')).toBe('2026-01-15T09:30');
    expect(toClinicDateTimeLocal('')).toBe('');
  });

  it('tells a scheduled article', () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    expect(isScheduled('2026-05-01T12:00:01Z', now)).toBe(true);
    expect(isScheduled('2026-05-01T12:00:00Z', now)).toBe(false);
  });
});
