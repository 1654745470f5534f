import { describe, expect, it } from 'vitest';
import type { DeskAppointment } from '../../../shared/desk-day';
import {
  arrivalState,
  dayOfAddress,
  daySummary,
  deskDayPath,
  deskMarks,
  deskPlaceOptions,
  markedRow,
  rowsByPlace,
} from './desk-day-labels';

const row = (overrides: Partial<DeskAppointment> = {}): DeskAppointment => ({
  id: 1,
  status: 'booked',
  status_label: 'Booked',
  starts_at: '2026-12-08T09:00:00.000Z',
  ends_at: '2026-12-08T09:30:00.000Z',
  date: '08/12/2026',
  start_time: '09:00',
  end_time: '09:30',
  started: false,
  patient_id: 5,
  full_name: 'Aoife Byrne',
  phone: '087 123 4567',
  is_video_call: false,
  is_adult: true,
  kind: 'Allergy test',
  appointment_type: 'Adult',
  location: 'adult_1',
  place: 'Suite 12, Sandyford (adults)',
  payment_status: 'booked',
  payment_status_label: 'Booked by admin',
  amount: null,
  balance_due: 180,
  arrived_at: null,
  ...overrides,
});

describe('the desk’s day labels', () => {
  it('offers Mark arrived on the day, Undo arrival once arrived, and attended or no-show after the start', () => {
    expect(deskMarks(row(), '08/12/2026')).toEqual(['arrived']);
    expect(deskMarks(row(), '09/12/2026')).toEqual([]);
    expect(deskMarks(row({ status: 'arrived', started: true }), '08/12/2026')).toEqual([
      'not_arrived',
      'attended',
      'no_show',
    ]);
    expect(deskMarks(row({ status: 'paid', started: true }), '08/12/2026')).toEqual([
      'arrived',
      'attended',
      'no_show',
    ]);
    expect(deskMarks(row({ status: 'attended', started: true }), '08/12/2026')).toEqual(['no_show']);
    // Another day, after the start: what the appointment's screen offers then.
    expect(deskMarks(row({ status: 'booked', started: true }), '10/12/2026')).toEqual([
      'attended',
      'no_show',
    ]);
  });

  it('says where a row stands apart from the buttons that change it', () => {
    expect(arrivalState(row())).toBe('Not arrived');
    expect(arrivalState(row({ status: 'arrived', arrived_at: '2026-12-08T09:42:00Z' }))).toBe(
      'Arrived 09:42',
    );
    // Summer time: clinic time is an hour ahead of UTC.
    expect(arrivalState(row({ status: 'arrived', arrived_at: '2026-07-08T08:42:00Z' }))).toBe(
      'Arrived 09:42',
    );
    expect(arrivalState(row({ status: 'attended', arrived_at: '2026-12-08T09:42:00Z' }))).toBe(
      'Arrived 09:42',
    );
    expect(arrivalState(row({ status: 'no_show' }))).toBeUndefined();
  });

  it('shows a mark before the server answers, back to paid when the card payment stands', () => {
    const now = new Date('2026-12-08T09:12:00Z');
    expect(markedRow(row(), 'arrived', now)).toMatchObject({
      status: 'arrived',
      arrived_at: '2026-12-08T09:12:00.000Z',
    });
    const arrived = row({ status: 'arrived', arrived_at: now.toISOString() });
    expect(markedRow(arrived, 'not_arrived')).toMatchObject({ status: 'booked', arrived_at: null });
    expect(markedRow({ ...arrived, payment_status: 'succeeded' }, 'not_arrived').status).toBe('paid');
    expect(markedRow(arrived, 'no_show')).toMatchObject({ status: 'no_show', status_label: 'No-show' });
  });

  it('counts only what is there', () => {
    expect(daySummary([])).toBe('0 appointments');
    expect(
      daySummary([
        row(),
        row({
          id: 2,
          status: 'arrived',
          arrived_at: '2026-12-08T08:55:00Z',
          payment_status: 'succeeded',
          balance_due: 0,
        }),
        row({ id: 3, status: 'no_show', payment_status: 'succeeded', balance_due: 0 }),
        // A part paid at the desk: the rest is due.
        row({ id: 4, payment_status: 'succeeded', amount: 100, balance_due: 80 }),
      ]),
    ).toBe('4 appointments · 1 arrived · 1 no-show · 2 paid · 1 partly paid · 1 booked by admin');
    expect(daySummary([row()])).toBe('1 appointment · 1 booked by admin');
    // Money taken at the desk in full counts as paid, as online.
    expect(
      daySummary([row({ id: 1, status: 'paid', payment_status: 'succeeded', amount: 180, balance_due: 0 })]),
    ).toBe('1 appointment · 1 paid');
  });

  it('groups the day by place in the clinic’s order, video consultations last', () => {
    const groups = rowsByPlace([
      row({ id: 1, location: 'video', place: 'Video consultations' }),
      row({ id: 2, location: 'child', place: 'Suite 36, Sandyford (children)' }),
      row({ id: 3 }),
      row({ id: 4, location: 'child', place: 'Suite 36, Sandyford (children)' }),
    ]);
    expect(groups.map((group) => [group.place, group.rows.map((each) => each.id)])).toEqual([
      ['adult_1', [3]],
      ['child', [2, 4]],
      ['video', [1]],
    ]);
    expect(deskPlaceOptions.map((option) => option.value)).toEqual(['adult_1', 'adult_2', 'child', 'video']);
  });

  it('writes and reads the address: today and all places left out, only real days taken', () => {
    expect(deskDayPath({ day: '2026-12-08' }, '2026-12-08')).toBe('/admin/today');
    expect(deskDayPath({ day: '2026-12-09', place: 'child' }, '2026-12-08')).toBe(
      '/admin/today?date=2026-12-09&location=child',
    );
    expect(dayOfAddress('2026-12-09')).toBe('2026-12-09');
    for (const bad of [null, '', '09/12/2026', '2026-02-30', '1999-01-01'])
      expect(dayOfAddress(bad)).toBeUndefined();
  });
});
