import { TZDate } from '@date-fns/tz';
import { clinic } from '../../shared/clinic';
import type { Db } from '../db/database';
import { slots } from '../db/schema';

const pad = (value: number) => String(value).padStart(2, '0');

/** The clinic day `offset` days from today (YYYY-MM-DD, Europe/Dublin). */
export function clinicDayFromToday(offset: number): string {
  const today = new TZDate(Date.now(), clinic.timeZone);
  const day = new TZDate(
    today.getFullYear(),
    today.getMonth(),
    today.getDate() + offset,
    12,
    0,
    clinic.timeZone,
  );
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The instant of a clinic-time wall clock `HH:mm` on `day` (YYYY-MM-DD), in ISO 8601. */
export function clinicInstant(day: string, time: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, date, hours, minutes, clinic.timeZone).getTime()).toISOString();
}

/** The next last Sunday of `month` (1–12) that is still ahead: a daylight-saving change day in Dublin. */
export function nextLastSunday(month: 3 | 10): string {
  const now = new Date();
  for (let year = now.getUTCFullYear(); ; year += 1) {
    const last = new Date(Date.UTC(year, month, 0));
    last.setUTCDate(last.getUTCDate() - last.getUTCDay());
    if (last.getTime() > now.getTime() + 86_400_000) {
      return `${last.getUTCFullYear()}-${pad(last.getUTCMonth() + 1)}-${pad(last.getUTCDate())}`;
    }
  }
}

/** DD/MM/YYYY of a YYYY-MM-DD day. */
export const data = (day: string) => day.split('-').reverse().join('/');

export interface SlotRowOptions {
  startsAt: string;
  minutes?: number;
  status?: 'available' | 'pending' | 'booked';
  isAdult?: boolean;
  isVideoCall?: boolean;
  holdExpiresAt?: Date | null;
  /** The kind's price (€180 for a test, €85 for a video call) unless given. */
  priceCents?: number;
}

/** Stores a slot directly (bypassing the API's rules, e.g. one that has started); answers its id. */
export async function insertSlot(db: Db, options: SlotRowOptions): Promise<number> {
  const startsAt = new Date(options.startsAt);
  const isVideoCall = options.isVideoCall ?? false;
  const isAdult = options.isAdult ?? true;
  const [row] = await db
    .insert(slots)
    .values({
      startsAt,
      endsAt: new Date(startsAt.getTime() + (options.minutes ?? 30) * 60_000),
      status: options.status ?? 'available',
      priceCents: options.priceCents ?? (isVideoCall ? 85_00 : 180_00),
      isAdult,
      isVideoCall,
      location: isVideoCall ? null : isAdult ? 'adult_1' : 'child',
      holdExpiresAt: options.holdExpiresAt ?? null,
    })
    .returning({ id: slots.id });
  if (!row) throw new Error('slot insert returned no row');
  return row.id;
}
