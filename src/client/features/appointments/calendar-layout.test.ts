import { describe, expect, it } from 'vitest';
import type { CalendarAppointment, CalendarSlot } from '../../../shared/calendar';
import type { ClosureSummary } from '../../../shared/closures';
import {
  calendarItems,
  closureNote,
  closuresOn,
  dayScale,
  daysOf,
  describeTime,
  findsAppointment,
  holdNote,
  isInsideClosure,
  isIsoDay,
  isMoveTarget,
  itemSummary,
  mondayOf,
  placeItems,
  rangeLabel,
  stepDay,
  symbolsOf,
} from './calendar-layout';

const appointment = (overrides: Partial<CalendarAppointment> = {}): CalendarAppointment => ({
  id: 1,
  patient_id: 2,
  patient_name: 'Aoife Ní Bhriain',
  patient_phone: '+353 87 555 0101',
  date: '08/12/2026',
  start_time: '09:00',
  end_time: '09:30',
  location: 'adult_1',
  is_adult: true,
  is_video_call: false,
  status: 'paid',
  payment: 'paid',
  arrived_at: null,
  reminder_sent: false,
  intake_signed: false,
  ...overrides,
});

const slot = (overrides: Partial<CalendarSlot> = {}): CalendarSlot => ({
  id: 10,
  date: '08/12/2026',
  start_time: '10:00',
  end_time: '10:30',
  location: 'adult_1',
  is_adult: true,
  is_video_call: false,
  status: 'available',
  held_by: null,
  hold_expires_at: null,
  price: 180,
  ...overrides,
});

describe('the calendar layout', () => {
  it('shows a day, or the week from its Monday, and steps by a day or a week', () => {
    expect(mondayOf('2026-12-08')).toBe('2026-12-07');
    expect(mondayOf('2026-12-13')).toBe('2026-12-07');
    expect(daysOf('day', '2026-12-08')).toEqual(['2026-12-08']);
    expect(daysOf('week', '2026-12-08')).toEqual([
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
      '2026-12-12',
      '2026-12-13',
    ]);
    expect(stepDay('week', '2026-12-08', -1)).toBe('2026-12-01');
    expect(stepDay('day', '2026-12-31', 1)).toBe('2027-01-01');
    expect(rangeLabel('week', '2026-12-08')).toBe('Week of Monday 7 December 2026');
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(isIsoDay('2026-12-08')).toBe(true);
  });

  it('puts a video consultation in the Video column and the items in order of time', () => {
    const items = calendarItems(
      [appointment({ id: 2, start_time: '10:00', end_time: '10:30', is_video_call: true, location: null })],
      [slot({ start_time: '09:30', end_time: '10:00' })],
    );
    expect(items.map((item) => [item.key, item.place, item.day])).toEqual([
      ['slot-10', 'adult_1', '2026-12-08'],
      ['appointment-2', 'video', '2026-12-08'],
    ]);
  });

  it('places the day on whole hours and overlapping times in lanes side by side', () => {
    const items = calendarItems(
      [appointment({ start_time: '09:15', end_time: '09:45', location: null, is_video_call: true })],
      [slot({ start_time: '09:30', end_time: '10:00', location: null, is_video_call: true })],
    );
    const scale = dayScale(items);
    expect(scale).toEqual({ firstMinute: 9 * 60, rows: 4, rowMinutes: 15 });
    expect(
      placeItems(items, scale).map(({ top, height, lane, lanes, laneSpan }) => [
        top,
        height,
        lane,
        lanes,
        laneSpan,
      ]),
    ).toEqual([
      [1, 2, 0, 2, 1],
      [2, 2, 1, 2, 1],
    ]);
  });

  it('draws a day of 10-minute times on 10-minute rows, one after another, each a row tall on one line', () => {
    const items = calendarItems(
      [appointment({ start_time: '09:10', end_time: '09:20' })],
      [
        slot({ id: 11, start_time: '09:00', end_time: '09:10' }),
        slot({ id: 12, start_time: '09:20', end_time: '09:30' }),
        slot({ id: 13, start_time: '09:30', end_time: '10:00' }),
      ],
    );
    const scale = dayScale(items);
    expect(scale).toEqual({ firstMinute: 9 * 60, rows: 6, rowMinutes: 10 });
    const placed = placeItems(items, scale);
    expect(
      placed.map(({ item, top, height, lane, lanes, density }) => [
        item.key,
        top,
        height,
        lane,
        lanes,
        density,
      ]),
    ).toEqual([
      ['slot-11', 0, 1, 0, 1, 'compact'],
      ['appointment-1', 1, 1, 0, 1, 'compact'],
      ['slot-12', 2, 1, 0, 1, 'compact'],
      ['slot-13', 3, 3, 0, 1, 'tall'],
    ]);
    // 15 minutes on 15-minute rows: one line; 30: two; 45: the kind too.
    expect(dayScale(calendarItems([], [slot({ start_time: '09:00', end_time: '09:15' })])).rowMinutes).toBe(
      15,
    );
    const quarter = calendarItems([], [slot({ start_time: '09:00', end_time: '09:15' })]);
    const half = calendarItems([], [slot({ start_time: '09:00', end_time: '09:30' })]);
    expect(placeItems(quarter, dayScale(quarter))[0]?.density).toBe('compact');
    expect(placeItems(half, dayScale(half))[0]?.density).toBe('regular');
  });

  it('draws a time shorter than a row a row tall, beside the next time it then covers', () => {
    const items = calendarItems(
      [],
      [
        slot({ id: 11, start_time: '09:00', end_time: '09:03' }),
        slot({ id: 12, start_time: '09:03', end_time: '09:30' }),
      ],
    );
    const scale = dayScale(items);
    expect(scale.rowMinutes).toBe(5);
    expect(
      placeItems(items, scale).map(({ item, top, height, lane, lanes }) => [
        item.key,
        top,
        height,
        lane,
        lanes,
      ]),
    ).toEqual([
      ['slot-11', 0, 1, 0, 2],
      ['slot-12', 0.6, 5.4, 1, 2],
    ]);
  });

  it('shares lanes only within a group of times that overlap, and widens a time over the lanes free beside it', () => {
    const video = { location: null, is_video_call: true } as const;
    const items = calendarItems(
      [
        appointment({ id: 1, start_time: '09:00', end_time: '10:00', ...video }),
        appointment({ id: 2, start_time: '09:00', end_time: '09:30', is_adult: false, ...video }),
      ],
      [
        slot({ id: 11, start_time: '09:30', end_time: '10:00', is_adult: false, ...video }),
        slot({
          id: 12,
          start_time: '09:00',
          end_time: '09:30',
          ...video,
          status: 'pending',
          held_by: 'staff',
        }),
        slot({ id: 13, start_time: '10:00', end_time: '10:30', ...video }),
      ],
    );
    const placed = placeItems(items, dayScale(items));
    expect(placed.map(({ item, lane, lanes, laneSpan }) => [item.key, lane, lanes, laneSpan])).toEqual([
      ['appointment-1', 0, 3, 1],
      ['appointment-2', 1, 3, 1],
      ['slot-12', 2, 3, 1],
      // From 09:30 only the hour-long appointment is beside it: it takes the other two lanes.
      ['slot-11', 1, 3, 2],
      // After the group: the whole width.
      ['slot-13', 0, 1, 1],
    ]);
  });

  it('says who holds a held time and until when, and sums an item up for its tooltip', () => {
    expect(holdNote(slot())).toBeUndefined();
    expect(
      holdNote(slot({ status: 'pending', held_by: 'staff', hold_expires_at: '2026-12-08T10:50:00.000Z' })),
    ).toBe('Held by staff until 10:50');
    expect(
      holdNote(slot({ status: 'pending', held_by: 'visitor', hold_expires_at: '2026-07-08T10:45:00.000Z' })),
    ).toBe('Held by a visitor until 11:45');
    expect(itemSummary({ kind: 'slot', slot: slot() })).toBe('10:00 – 10:30, Free, Adult allergy test');
    expect(
      itemSummary(
        { kind: 'appointment', appointment: appointment({ reminder_sent: true, status: 'arrived' }) },
        '08:52',
      ),
    ).toBe('Aoife Ní Bhriain, 09:00 – 09:30, Adult allergy test, Paid, Arrived at 08:52, Reminder sent');
  });

  it('offers only free, future times of the same kind and age to move to', () => {
    const now = { date: '2026-12-08', minutes: 9 * 60 + 45 };
    const moving = appointment();
    expect(isMoveTarget(moving, slot(), now)).toBe(true);
    expect(isMoveTarget(moving, slot({ start_time: '09:30' }), now)).toBe(false);
    expect(isMoveTarget(moving, slot({ is_adult: false }), now)).toBe(false);
    expect(isMoveTarget(moving, slot({ is_video_call: true }), now)).toBe(false);
    expect(isMoveTarget(moving, slot({ status: 'pending' }), now)).toBe(false);
    expect(isMoveTarget(moving, slot({ date: '09/12/2026', location: 'adult_2' }), now)).toBe(true);
    expect(describeTime(slot({ location: 'adult_2' }))).toBe(
      'Tuesday 8 December 2026, 10:00 – 10:30, Suite 23, Blackrock (adults)',
    );
  });

  it('gives each state its symbol and words, and finds names whatever their accents', () => {
    expect(
      symbolsOf(appointment({ payment: 'booked_by_staff', reminder_sent: true })).map((s) => s.text),
    ).toEqual(['Booked by admin', 'Reminder sent']);
    expect(symbolsOf(appointment({ status: 'arrived' }), '08:52').map((s) => s.text)).toEqual([
      'Paid',
      'Arrived at 08:52',
    ]);
    expect(symbolsOf(appointment({ status: 'no_show', payment: 'pending' })).map((s) => s.text)).toEqual([
      'Payment pending',
      'No-show',
    ]);
    expect(findsAppointment('ni bhr', appointment())).toBe(true);
    expect(findsAppointment('0875550101', appointment())).toBe(true);
    expect(findsAppointment('087 555 0101', appointment())).toBe(true);
    expect(findsAppointment('byrne', appointment())).toBe(false);
    expect(findsAppointment('0875550102', appointment())).toBe(false);
    expect(findsAppointment('', appointment({ patient_name: null, patient_phone: null }))).toBe(true);
  });
});

describe('closures in the calendar', () => {
  const closure = (overrides: Partial<ClosureSummary> = {}): ClosureSummary => ({
    id: 1,
    from: '07/12/2026',
    to: '08/12/2026',
    from_time: null,
    to_time: null,
    location: null,
    reason: 'Staff training',
    is_holiday: false,
    ...overrides,
  });

  it('finds a day’s closures at a place, those of every place too', () => {
    const boiler = closure({
      id: 2,
      location: 'adult_1',
      from_time: '13:00',
      to_time: '17:00',
      reason: 'Boiler',
    });
    const all = closure();
    expect(closuresOn([boiler, all], '2026-12-08', 'adult_1')).toEqual([boiler, all]);
    expect(closuresOn([boiler, all], '2026-12-08', 'video')).toEqual([all]);
    expect(closuresOn([boiler, all], '2026-12-09')).toEqual([]);
    expect(closuresOn([boiler, all], '2026-12-07')).toEqual([boiler, all]);
    expect(closureNote(boiler)).toBe('Closed 13:00–17:00: Boiler');
    expect(closureNote(boiler, true)).toBe('Closed (Suite 12, Sandyford (adults)) 13:00–17:00: Boiler');
    expect(closureNote(all, true)).toBe('Closed (every place): Staff training');
  });

  it('marks a booking still to come inside a closure of its place, within its hours, for staff to move', () => {
    const afternoon = closure({
      location: 'adult_1',
      from_time: '13:00',
      to_time: '17:00',
      reason: 'Boiler',
    });
    const morning = appointment({ start_time: '12:30', end_time: '13:00' });
    const overlapping = appointment({ start_time: '12:45', end_time: '13:15' });
    expect(isInsideClosure(morning, 'adult_1', [afternoon])).toBe(false);
    expect(isInsideClosure(overlapping, 'adult_1', [afternoon])).toBe(true);
    expect(isInsideClosure(overlapping, 'video', [afternoon])).toBe(false);
    // A whole day at every place; an appointment that took place, or was cancelled, has nothing to move.
    expect(isInsideClosure(morning, 'adult_1', [closure()])).toBe(true);
    expect(isInsideClosure(appointment({ status: 'attended' }), 'adult_1', [closure()])).toBe(false);
    expect(isInsideClosure(appointment({ date: '10/12/2026' }), 'adult_1', [closure()])).toBe(false);
    expect(symbolsOf(overlapping, undefined, true).map((symbol) => symbol.text)).toEqual([
      'Inside a closure: to move',
      'Paid',
    ]);
  });
});
