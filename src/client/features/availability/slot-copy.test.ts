import { describe, expect, it } from 'vitest';
import type { AdminSlot } from '../../../shared/slots';
import { copyTexts, entryOfError, planCopy, weeklyDays } from './slot-copy';
import { clinicInstant } from './slot-times';

const now = new Date('2026-12-01T10:07:00Z');
const adultTest = { isAdult: true, isVideoCall: false };
const h = (hours: number, minutes = 0) => hours * 60 + minutes;

const slotOn = (day: string, start: number, end: number, fields: Partial<AdminSlot> = {}): AdminSlot => ({
  id: start,
  data: '',
  start_time: '',
  end_time: '',
  starts_at: clinicInstant(day, start),
  ends_at: clinicInstant(day, end),
  age: 'adult',
  price: 180,
  status: 'available',
  is_adult: true,
  is_video_call: false,
  location: 'adult_1',
  address: null,
  held_by: null,
  appointment_id: null,
  patient_name: null,
  closure_reason: null,
  consultant_id: null,
  ...fields,
});

describe('copying a day', () => {
  // Thursday 18 March 2027, before the clocks go forward on Sunday 28 March.
  const source = '2027-03-18';
  const day = [
    slotOn(source, h(10), h(10, 30)),
    slotOn(source, h(10, 40), h(11, 10), { price: 95.5, status: 'booked', consultant_id: 7 }),
  ];

  it('repeats weekly on the same weekday, a 10:00 slot staying 10:00 clinic time across the clocks change', () => {
    const days = weeklyDays(source, 2);
    expect(days).toEqual(['2027-03-25', '2027-04-01']);
    const plan = planCopy(day, source, days, adultTest, 100, now);
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.body.sessions_create.map((slot) => [slot.start_date, slot.end_date])).toEqual([
      ['2027-03-25T10:00:00.000Z', '2027-03-25T10:30:00.000Z'],
      ['2027-03-25T10:40:00.000Z', '2027-03-25T11:10:00.000Z'],
      // Irish Summer Time: 10:00 in Dublin is 09:00 UTC.
      ['2027-04-01T09:00:00.000Z', '2027-04-01T09:30:00.000Z'],
      ['2027-04-01T09:40:00.000Z', '2027-04-01T10:10:00.000Z'],
    ]);
    // Times, address, price and consultant are copied; appointments are not (every copy is a new available slot).
    expect(plan.body.sessions_create[1]).toMatchObject({
      price: 95.5,
      location: 'adult_1',
      is_adult: true,
      consultant_id: 7,
    });
    // A slot naming no consultant stays so (the clinic's default), rather than leaving the field out.
    expect(plan.body.sessions_create.map((slot) => slot.consultant_id)).toEqual([null, 7, null, 7]);
    expect(plan.body.sessions_update).toEqual([]);
    expect(entryOfError('sessions_create.3', plan.entries)).toBe('Thursday 1 April 2027, 10:40 – 11:10');
    expect(entryOfError('sessions_create.1.consultant_id', plan.entries)).toBe(
      'Thursday 25 March 2027, 10:40 – 11:10',
    );
    expect(entryOfError('sessions_update.0', plan.entries)).toBeUndefined();
  });

  it('copies to chosen days in order, once each, and from summer back into winter', () => {
    const summer = '2027-10-28';
    const plan = planCopy(
      [slotOn(summer, h(10), h(10, 30))],
      summer,
      ['2027-11-04', '2027-10-29', '2027-11-04'],
      adultTest,
      100,
      now,
    );
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.days).toEqual(['2027-10-29', '2027-11-04']);
    expect(plan.body.sessions_create.map((slot) => slot.start_date)).toEqual([
      '2027-10-29T09:00:00.000Z',
      '2027-11-04T10:00:00.000Z',
    ]);
  });

  it('refuses no day, a past day, the day itself and a time that has passed, readably', () => {
    expect(planCopy(day, source, [], adultTest, 100, now)).toEqual({ ok: false, message: copyTexts.noDays });
    expect(planCopy(day, source, ['2026-11-30'], adultTest, 100, now)).toEqual({
      ok: false,
      message: 'Monday 30 November 2026 is in the past: choose a day from today on.',
    });
    expect(planCopy(day, source, [source], adultTest, 100, now)).toEqual({
      ok: false,
      message: copyTexts.sameDay,
    });
    expect(planCopy(day, source, ['2026-12-01'], adultTest, 100, now)).toEqual({
      ok: false,
      message: 'Tuesday 1 December 2026, 10:00 has already passed.',
    });
  });

  it('refuses a time the clocks skip on a target day', () => {
    const night = [slotOn(source, h(1, 15), h(1, 45))];
    expect(planCopy(night, source, ['2027-03-28'], adultTest, 100, now)).toEqual({
      ok: false,
      message: 'There is no 01:15 on Sunday 28 March 2027: the clocks go forward an hour.',
    });
  });

  it('refuses more slots than one save takes', () => {
    expect(planCopy(day, source, weeklyDays(source, 51), adultTest, 100, now)).toEqual({
      ok: false,
      message: 'That makes 102 slots, and one save takes at most 100. Choose fewer days.',
    });
  });
});
