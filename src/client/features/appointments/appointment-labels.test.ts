import { describe, expect, it } from 'vitest';
import {
  appointmentAgeLabel,
  appointmentKindLabel,
  appointmentStatusLabel,
  appointmentsListPath,
  attendanceMoves,
  availabilityPathOf,
  canDelete,
  canRecordDeskPayment,
  canRefund,
  clinicDayOf,
  deskMethodOf,
  emailStatusLabel,
  kindSwitchPath,
  patientNameOf,
  paymentChoiceLabel,
  paymentLeftCents,
  refundableCents,
  refundablePayments,
  refundCancels,
  statusTone,
} from './appointment-labels';

const row = (appointment_status: string, status = 'succeeded', started = false) =>
  ({ appointment_status, status, started }) as Parameters<typeof canRefund>[0];

describe('appointment labels', () => {
  it('names the kind, the age and the list of each kind', () => {
    expect(appointmentKindLabel(true)).toBe('Video consultation');
    expect(appointmentKindLabel(false)).toBe('Allergy test');
    expect(appointmentAgeLabel(true)).toBe('Adult appointment');
    expect(appointmentAgeLabel(false)).toBe('Child appointment');
    expect(appointmentsListPath(true)).toBe('/admin/video');
    expect(appointmentsListPath(false)).toBe('/admin');
    expect(appointmentsListPath(null)).toBe('/admin');
  });

  it('shows an erased patient without a name', () => {
    expect(patientNameOf({ full_name: 'Aoife Byrne', patient_id: 3 })).toBe('Aoife Byrne');
    expect(patientNameOf({ full_name: '', patient_id: null })).toBe('Personal data erased');
  });

  it('reads the states as staff do', () => {
    expect(appointmentStatusLabel('paid')).toBe('Booked');
    expect(appointmentStatusLabel('booked')).toBe('Booked');
    expect(appointmentStatusLabel('no_show')).toBe('No-show');
    expect(appointmentStatusLabel('held')).toBe('Being booked');
    expect(statusTone('refunded')).toBe('ended');
    expect(statusTone('no_show')).toBe('missed');
    expect(emailStatusLabel('failed')).toBe('Failed');
  });

  it('offers refund for a payment that succeeded of an appointment not ended, delete for a held, booked or paid one', () => {
    expect(canRefund(row('paid'))).toBe(true);
    expect(canRefund(row('booked', 'booked'))).toBe(false);
    // Issue 32: a part of the payment of an appointment that took place may be given back.
    expect(canRefund(row('attended'))).toBe(true);
    // Cancelled with its payment kept: the money may still go back.
    expect(canRefund(row('cancelled'))).toBe(true);
    expect(canRefund(row('refunded', 'refunded'))).toBe(false);
    expect(canDelete(row('booked', 'booked'))).toBe(true);
    expect(canDelete(row('paid'))).toBe(true);
    expect(canDelete(row('held', 'processing'))).toBe(true);
    for (const state of ['cancelled', 'refunded', 'attended', 'no_show']) {
      expect(canDelete(row(state))).toBe(false);
    }
  });

  it('marks attendance only after the start, towards the other mark', () => {
    expect(attendanceMoves(row('paid', 'succeeded', false))).toEqual([]);
    expect(attendanceMoves(row('paid', 'succeeded', true))).toEqual(['attended', 'no_show']);
    expect(attendanceMoves(row('attended', 'succeeded', true))).toEqual(['no_show']);
    expect(attendanceMoves(row('no_show', 'booked', true))).toEqual(['attended']);
    expect(attendanceMoves(row('refunded', 'refunded', true))).toEqual([]);
  });

  it("checks in on the appointment's clinic day only, before or after its start, and undoes it that day", () => {
    const on = (status: string, started: boolean, data: string) => ({
      ...row(status, 'succeeded', started),
      session: { data },
    });
    expect(attendanceMoves(on('paid', false, '08/12/2026'), '08/12/2026')).toEqual(['arrived']);
    expect(attendanceMoves(on('paid', false, '09/12/2026'), '08/12/2026')).toEqual([]);
    expect(attendanceMoves(on('paid', true, '08/12/2026'), '08/12/2026')).toEqual([
      'arrived',
      'attended',
      'no_show',
    ]);
    expect(attendanceMoves(on('arrived', true, '08/12/2026'), '08/12/2026')).toEqual([
      'not_arrived',
      'attended',
      'no_show',
    ]);
    expect(attendanceMoves(on('arrived', true, '07/12/2026'), '08/12/2026')).toEqual(['attended', 'no_show']);
    expect(statusTone('arrived')).toBe('done');
  });

  it('goes back to the availability day of a time', () => {
    expect(clinicDayOf('08/12/2026')).toBe('2026-12-08');
    expect(clinicDayOf('2026-12-08')).toBeUndefined();
    expect(availabilityPathOf({ data: '08/12/2026', is_video_call: false, is_adult: true })).toBe(
      '/admin/availability?type=test&age=adult&month=2026-12&day=2026-12-08',
    );
    expect(availabilityPathOf({ data: '08/12/2026', is_video_call: true, is_adult: false })).toBe(
      '/admin/availability?type=video&age=child&month=2026-12&day=2026-12-08',
    );
    expect(availabilityPathOf()).toBe('/admin/availability');
  });

  it('switches kind keeping the search and filter, from the first page', () => {
    const current = new URLSearchParams(
      'page=3&search=byrne&include_held=true&include_cancelled=true&per_page=25',
    );
    expect(kindSwitchPath(true, current)).toBe(
      '/admin/video?search=byrne&per_page=25&include_cancelled=true&include_held=true',
    );
    expect(kindSwitchPath(false, new URLSearchParams('page=2'))).toBe('/admin');
  });
});

describe('refunds and money taken at the desk', () => {
  const paid = {
    appointment_status: 'paid',
    status: 'succeeded',
    started: false,
    amount: 180,
    refunded_amount: 20.5,
  } as const;

  it('works out what is left, and whether giving it back cancels the appointment', () => {
    expect(refundableCents(paid)).toBe(15_950);
    expect(refundCancels(paid, 15_950)).toBe(true);
    expect(refundCancels(paid, 15_000)).toBe(false);
    expect(refundCancels({ ...paid, appointment_status: 'attended' }, 15_950)).toBe(false);
  });

  it('offers a desk payment for a staff booking while any of its price is left to pay', () => {
    const staff = {
      booked_by_admin: true,
      appointment_status: 'booked',
      balance_due: 180,
      left_to_pay: 180,
    } as const;
    expect(canRecordDeskPayment(staff)).toBe(true);
    expect(canRecordDeskPayment({ ...staff, appointment_status: 'attended' })).toBe(true);
    expect(canRecordDeskPayment({ ...staff, appointment_status: 'cancelled' })).toBe(false);
    // A part paid: the rest may be recorded as another payment; paid in full, nothing more.
    expect(canRecordDeskPayment({ ...staff, balance_due: 80, left_to_pay: 80 })).toBe(true);
    expect(canRecordDeskPayment({ ...staff, balance_due: 0, left_to_pay: 0 })).toBe(false);
    // Paid in full and €20 given back (a discount): nothing is owed, though €20 could be taken.
    expect(canRecordDeskPayment({ ...staff, balance_due: 0, left_to_pay: 20 })).toBe(false);
    expect(canRecordDeskPayment({ ...staff, booked_by_admin: false })).toBe(false);
  });

  it('offers the payments that have money left to give back, each named by how and when', () => {
    const payment = {
      id: 1,
      method: 'cash',
      provider: 'desk',
      status: 'succeeded',
      amount: 100,
      refunded_amount: 0,
      paid_at: '2031-03-12T10:02:00.000Z',
      recorded_by: 'Reception',
      provider_payment_id: null,
    } as const;
    const payments = [
      payment,
      { ...payment, id: 2, method: 'card_terminal', amount: 80, refunded_amount: 30 },
      { ...payment, id: 3, status: 'refunded', amount: 50, refunded_amount: 50 },
    ] as const;
    expect(refundablePayments(payments).map((row) => row.id)).toEqual([1, 2]);
    expect(paymentLeftCents(payments[1])).toBe(5000);
    expect(paymentChoiceLabel(payment)).toBe('Cash, 12/03/2031 10:02');
  });

  it('reads the booking’s payment type as a desk method', () => {
    expect(deskMethodOf('Cash')).toBe('cash');
    expect(deskMethodOf('Card at the clinic')).toBe('card_terminal');
    expect(deskMethodOf('Health insurance')).toBeUndefined();
    expect(deskMethodOf(null)).toBeUndefined();
  });
});
