import { describe, expect, it } from 'vitest';
import type { PriceListLine } from '../../../shared/price-list';
import {
  changedSlots,
  differsFromPriceList,
  isSlotPrice,
  newRow,
  newSlotPrice,
  rowFieldOfError,
  type SlotRow,
} from './slot-editor-rows';

const adultTest = { isAdult: true, isVideoCall: false };
const row = (fields: Partial<SlotRow>): SlotRow => ({
  id: null,
  start: 9 * 60,
  end: 9 * 60 + 30,
  location: 'adult_1',
  price: '180',
  consultant: '',
  locked: false,
  ...fields,
});

describe('the slot editor’s save', () => {
  it('sends new rows and changed ones, not unchanged or locked ones, and says which row each came from', () => {
    const stored = [
      row({ id: 1 }),
      row({ id: 2, start: 10 * 60, end: 10 * 60 + 30 }),
      row({ id: 3, start: 11 * 60, end: 11 * 60 + 30, locked: true }),
    ];
    const original = new Map(stored.map((slot) => [slot.id, slot]));
    const rows = [
      stored[0] as SlotRow,
      row({ id: 2, start: 10 * 60, end: 10 * 60 + 30, price: '180.00' }), // the same price, typed otherwise
      row({ id: 3, start: 11 * 60, end: 11 * 60 + 45, locked: true }),
      row({ id: 1, price: '200' }), // not possible in the editor, but a change is a change
      row({ start: 14 * 60, end: 14 * 60 + 30, price: '95.5' }),
    ];
    const { body, createRows, updateRows } = changedSlots(rows, original, adultTest, '2026-12-08');
    expect(updateRows).toEqual([3]);
    expect(body.sessions_update).toEqual([
      {
        id: 1,
        start_date: '2026-12-08T09:00:00.000Z',
        end_date: '2026-12-08T09:30:00.000Z',
        is_adult: true,
        is_video_call: false,
        price: 200,
        location: 'adult_1',
        consultant_id: null,
      },
    ]);
    expect(createRows).toEqual([4]);
    expect(body.sessions_create).toEqual([
      {
        start_date: '2026-12-08T14:00:00.000Z',
        end_date: '2026-12-08T14:30:00.000Z',
        is_adult: true,
        is_video_call: false,
        price: 95.5,
        location: 'adult_1',
        consultant_id: null,
      },
    ]);
  });

  it('sends the chosen consultant, or null for the clinic’s default, and counts a new choice as a change', () => {
    const stored = [row({ id: 1 }), row({ id: 2, start: 10 * 60, end: 10 * 60 + 30, consultant: '4' })];
    const original = new Map(stored.map((slot) => [slot.id, slot]));
    const { body, updateRows } = changedSlots(
      [row({ id: 1, consultant: '7' }), row({ id: 2, start: 10 * 60, end: 10 * 60 + 30 })],
      original,
      adultTest,
      '2026-12-08',
    );
    expect(updateRows).toEqual([0, 1]);
    expect(body.sessions_update.map((slot) => slot.consultant_id)).toEqual([7, null]);
  });

  it('sends no address for a video call', () => {
    const { body } = changedSlots(
      [row({ location: '' })],
      new Map(),
      { isAdult: false, isVideoCall: true },
      '2026-12-08',
    );
    expect(body.sessions_create[0]?.location).toBeNull();
  });

  it('finds the row and field of an API error key, and nothing for a key that names no row', () => {
    expect(rowFieldOfError('sessions_create.1.price', [2, 5], [0])).toEqual({ row: 5, field: 'price' });
    expect(rowFieldOfError('sessions_update.0', [2, 5], [0])).toEqual({ row: 0, field: 'end' });
    expect(rowFieldOfError('sessions_update.0.location', [], [7])).toEqual({ row: 7, field: 'location' });
    expect(rowFieldOfError('sessions_create.9.price', [2], [])).toBeUndefined();
    expect(rowFieldOfError('sessions_update.0.consultant_id', [], [3])).toEqual({
      row: 3,
      field: 'consultant',
    });
    expect(rowFieldOfError('base', [2], [])).toBeUndefined();
  });
});

describe('a new slot’s price', () => {
  const skinPrickTest: PriceListLine = {
    id: 4,
    category: 'Allergy testing',
    service: 'Skin prick test',
    description: 'Adult or child',
    amount: 190.5,
  };
  const video = { isAdult: false, isVideoCall: true };
  // Ten in the morning, clinic time, long before the day the rows are for.
  const now = new Date('2026-12-01T10:00:00Z');

  it('is the kind’s line of the price list, or the spec’s default when the kind costs none', () => {
    expect(newSlotPrice(adultTest, skinPrickTest)).toBe('190.5');
    expect(newSlotPrice(adultTest, null)).toBe('180');
    expect(newSlotPrice(video, null)).toBe('85');
  });

  it('follows the price list after a slot of another price, and the last slot’s price without a list', () => {
    const first = newRow(adultTest, '2026-12-08', [], now, skinPrickTest);
    expect(first?.price).toBe('190.5');
    const special = row({ id: 1, price: '150' });
    expect(newRow(adultTest, '2026-12-08', [special], now, skinPrickTest)?.price).toBe('190.5');
    expect(newRow(adultTest, '2026-12-08', [special], now, null)?.price).toBe('150');
    expect(newRow(video, '2026-12-08', [], now)?.price).toBe('85');
  });

  it('is warned when it is not the price list’s amount, however typed, and never without a list', () => {
    expect(differsFromPriceList('190.50', skinPrickTest)).toBe(false);
    expect(differsFromPriceList(' 190.5 ', skinPrickTest)).toBe(false);
    expect(differsFromPriceList('180', skinPrickTest)).toBe(true);
    // Not a price yet: its own error says so, not the warning.
    expect(differsFromPriceList('19O', skinPrickTest)).toBe(false);
    expect(differsFromPriceList('180', null)).toBe(false);
  });
});

describe('isSlotPrice', () => {
  it('takes euro and cents from what a card can be charged (€0.50) to €100,000', () => {
    for (const price of ['0.50', '1', '180', ' 85.5 ', '100000'])
      expect(isSlotPrice(price), price).toBe(true);
  });

  it('refuses nothing, less than a card takes, fractions of a cent, too much and words', () => {
    for (const price of ['', '0', '0.00', '0.49', '1.005', '100000.01', '1e3', '-5', 'free']) {
      expect(isSlotPrice(price), price).toBe(false);
    }
  });
});
