import { describe, expect, it } from 'vitest';
import {
  appointmentCount,
  appointmentDetails,
  appointmentPath,
  oldestAwaiting,
  patientName,
  showsState,
  takingsMonths,
  timeRange,
} from './dashboard-labels';

describe('dashboard labels', () => {
  it('names an appointment by its time, its patient (or their erasure), its kind and place', () => {
    expect(timeRange({ start_time: '09:00', end_time: '09:30' })).toBe('09:00 – 09:30');
    expect(patientName({ full_name: 'Aoife Byrne' })).toBe('Aoife Byrne');
    expect(patientName({ full_name: null })).toBe('Personal data erased');
    expect(
      appointmentDetails({
        kind: 'Allergy test',
        appointment_type: 'Child',
        place: 'Suite 36, Sandyford (children)',
      }),
    ).toBe('Allergy test · Child · Suite 36, Sandyford (children)');
    expect(appointmentDetails({ kind: 'Video consultation', appointment_type: 'Adult', place: null })).toBe(
      'Video consultation · Adult',
    );
    expect(appointmentPath(42)).toBe('/admin/appointment/edit?id=42');
  });

  it('shows whether the patient came, not the booked states', () => {
    expect(showsState({ status: 'attended' })).toBe(true);
    expect(showsState({ status: 'no_show' })).toBe(true);
    expect(showsState({ status: 'arrived' })).toBe(true);
    expect(showsState({ status: 'paid' })).toBe(false);
    expect(showsState({ status: 'booked' })).toBe(false);
  });

  it('counts appointments and says how long the oldest referral has waited', () => {
    expect(appointmentCount(1)).toBe('1 appointment');
    expect(appointmentCount(12)).toBe('12 appointments');
    const now = new Date('2026-11-25T12:00:00Z');
    expect(oldestAwaiting('2026-11-23T09:00:00Z', now)).toBe('Oldest sent 2 days ago');
    expect(oldestAwaiting(null, now)).toBeUndefined();
  });

  it('names this clinic month and the last, across a new year', () => {
    expect(takingsMonths('2026-11-25')).toEqual({ thisMonth: 'November 2026', lastMonth: 'October 2026' });
    expect(takingsMonths('2027-01-01')).toEqual({ thisMonth: 'January 2027', lastMonth: 'December 2026' });
  });
});
