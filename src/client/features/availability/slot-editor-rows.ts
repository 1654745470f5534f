import type { LocationKey } from '../../../shared/clinic';
import { defaultPriceOf, type PriceListLine } from '../../../shared/price-list';
import { type AdminSlot, MIN_CARD_PAYMENT_EUR } from '../../../shared/slots';
import { clinicDayTime } from '../../lib/clinic-clock';
import type { SlotKind } from '../../lib/slot-kind';
import type { SaveSlotsBody } from './availability-admin-api';
import { clinicInstant, defaultSlotTimes } from './slot-times';

/** One row of the slot editor: a stored slot or a new one, as its fields hold it. */
export interface SlotRow {
  /** The stored slot's id; null for a new one. */
  id: number | null;
  start: number;
  end: number;
  location: LocationKey | '';
  price: string;
  /** The team member named on its receipts, as the select holds it (their id); '' for the clinic's default. */
  consultant: string;
  /** Booked, held or started: shown, not changed (spec section 4). */
  locked: boolean;
  lockReason?: string;
}

/** A price in euro with at most two decimals, as typed. */
const PRICE_PATTERN = /^\d{1,6}(\.\d{1,2})?$/;

/** Whether a price as typed is one a slot may have: euro and cents, from what a card can be charged to 100,000. */
export function isSlotPrice(price: string): boolean {
  const text = price.trim();
  return PRICE_PATTERN.test(text) && Number(text) >= MIN_CARD_PAYMENT_EUR && Number(text) <= 100_000;
}

/** A stored slot as a row: booked, held and started ones locked, with the reason. */
export function rowOf(slot: AdminSlot, now: Date): SlotRow {
  const started = new Date(slot.starts_at).getTime() <= now.getTime();
  const locked = slot.status !== 'available' || started;
  return {
    id: slot.id,
    start: clinicDayTime(slot.starts_at).minutes,
    end: clinicDayTime(slot.ends_at).minutes,
    location: slot.location ?? '',
    price: String(slot.price),
    consultant: slot.consultant_id === null ? '' : String(slot.consultant_id),
    locked,
    lockReason: !locked
      ? undefined
      : slot.status === 'booked'
        ? 'Booked: cannot be changed here.'
        : slot.status === 'pending'
          ? 'Being booked right now: cannot be changed.'
          : slot.status === 'withdrawn'
            ? 'Inside a closure: offered again if the closure is deleted.'
            : 'Already started: cannot be changed.',
  };
}

/**
 * A new slot's price, as its field holds it: the amount of the kind's line of the price list (Settings), or the
 * spec's default when the kind costs none.
 */
export const newSlotPrice = (kind: SlotKind, priceLine: PriceListLine | null): string =>
  String(priceLine ? priceLine.amount : defaultPriceOf(kind));

/** Whether a price as typed is an amount other than the price list's (a warning, not a refusal); false without a line. */
export function differsFromPriceList(price: string, priceLine: PriceListLine | null): boolean {
  if (!priceLine || !isSlotPrice(price)) return false;
  return Math.round(Number(price) * 100) !== Math.round(priceLine.amount * 100);
}

/**
 * The row 'Add another session slot' adds: after the day's last slot, at its address and consultant; at the price
 * list's amount when the kind costs a line of it, else at the last slot's price (or the default). Null when no slot
 * fits later that day.
 */
export function newRow(
  kind: SlotKind,
  date: string,
  rows: readonly SlotRow[],
  now: Date,
  priceLine: PriceListLine | null = null,
): SlotRow | null {
  const last = [...rows].sort((a, b) => a.end - b.end).at(-1);
  const times = defaultSlotTimes(date, last?.end, now);
  if (!times) return null;
  const location: LocationKey | '' = kind.isVideoCall
    ? ''
    : last?.location || (kind.isAdult ? 'adult_1' : 'child');
  return {
    id: null,
    ...times,
    location,
    price: priceLine || !last ? newSlotPrice(kind, priceLine) : last.price,
    consultant: last?.consultant ?? '',
    locked: false,
  };
}

/** `sessions_create.2.location` → which row and which of its fields; undefined when the key names no row. */
export function rowFieldOfError(
  key: string,
  createRows: number[],
  updateRows: number[],
): { row: number; field: 'end' | 'location' | 'price' | 'consultant' } | undefined {
  const match = /^sessions_(create|update)\.(\d+)(?:\.(\w+))?$/.exec(key);
  if (!match) return undefined;
  const row = (match[1] === 'create' ? createRows : updateRows)[Number(match[2])];
  if (row === undefined) return undefined;
  const field =
    match[3] === 'location'
      ? 'location'
      : match[3] === 'price'
        ? 'price'
        : match[3] === 'consultant_id'
          ? 'consultant'
          : 'end';
  return { row, field };
}

/**
 * The save's body: the new rows, and the stored ones whose times, address, price or consultant changed (locked rows
 * never), with the row each entry came from (`createRows[i]` is the row of `sessions_create[i]`), so the
 * API's errors can be put back on them.
 */
export function changedSlots(
  rows: readonly SlotRow[],
  original: ReadonlyMap<number | null, SlotRow>,
  kind: SlotKind,
  date: string,
): { body: Required<Omit<SaveSlotsBody, 'skip_clashes'>>; createRows: number[]; updateRows: number[] } {
  const body: Required<Omit<SaveSlotsBody, 'skip_clashes'>> = { sessions_create: [], sessions_update: [] };
  const createRows: number[] = [];
  const updateRows: number[] = [];
  rows.forEach((row, index) => {
    if (row.locked) return;
    const before = original.get(row.id);
    if (
      row.id !== null &&
      before &&
      before.start === row.start &&
      before.end === row.end &&
      before.location === row.location &&
      Number(before.price) === Number(row.price) &&
      before.consultant === row.consultant
    ) {
      return;
    }
    const slot = {
      start_date: clinicInstant(date, row.start),
      end_date: clinicInstant(date, row.end),
      is_adult: kind.isAdult,
      is_video_call: kind.isVideoCall,
      price: Number(row.price),
      location: kind.isVideoCall ? null : (row.location as LocationKey),
      consultant_id: row.consultant ? Number(row.consultant) : null,
    };
    if (row.id === null) {
      createRows.push(index);
      body.sessions_create.push(slot);
    } else {
      updateRows.push(index);
      body.sessions_update.push({ ...slot, id: row.id });
    }
  });
  return { body, createRows, updateRows };
}
