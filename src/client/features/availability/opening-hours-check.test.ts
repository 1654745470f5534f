import { describe, expect, it } from 'vitest';
import { slotsOutsideOpeningHours } from './opening-hours-check';
import type { SlotRow } from './slot-editor-rows';

const row = (start: string, end: string, location: SlotRow['location'] = 'adult_1'): SlotRow => {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  return {
    id: null,
    start: minutes(start),
    end: minutes(end),
    location,
    price: '180',
    consultant: '',
    locked: false,
  };
};

describe('slotsOutsideOpeningHours', () => {
  // 2027-03-13 is a Saturday, 2027-03-14 a Sunday, 2027-03-15 a Monday.
  it('says each slot outside its place’s hours that day, and only the rows saved', () => {
    const rows = [row('09:00', '09:30'), row('21:00', '21:30'), row('12:45', '13:15'), row('22:00', '22:30')];
    expect(slotsOutsideOpeningHours(rows, [2, 1, 0], '2027-03-13')).toEqual([
      'Slot 2, 21:00 to 21:30: Suite 12, Sandyford (adults) is open 09:00 to 13:00 on Saturdays.',
      'Slot 3, 12:45 to 13:15: Suite 12, Sandyford (adults) is open 09:00 to 13:00 on Saturdays.',
    ]);
  });

  it('says a place is closed on a day it does not open, and leaves a slot within the hours or without a place alone', () => {
    expect(slotsOutsideOpeningHours([row('10:00', '10:30', 'adult_2')], [0], '2027-03-15')).toEqual([
      'Slot 1, 10:00 to 10:30: Suite 23, Blackrock (adults) is closed on Mondays.',
    ]);
    expect(slotsOutsideOpeningHours([row('10:00', '10:30', 'child')], [0], '2027-03-14')).toHaveLength(1);
    expect(
      slotsOutsideOpeningHours([row('09:00', '17:30'), row('20:00', '20:30', '')], [0, 1], '2027-03-15'),
    ).toEqual([]);
  });
});
