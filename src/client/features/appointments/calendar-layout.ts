import { allowsMove } from '../../../shared/appointment-states';
import type { CalendarAppointment, CalendarSlot } from '../../../shared/calendar';
import { clinic, type LocationKey } from '../../../shared/clinic';
import type { ClosureSummary } from '../../../shared/closures';
import { matchesSearch } from '../../../shared/search-text';
import { addDays, formatLongDate } from '../../components/month-calendar/month-grid';
import { clinicDayOf } from './appointment-labels';

/**
 * How the calendar screen lays out what `GET /api/admin/calendar` answers: its days, its places (one column each),
 * the rows of a day by time, and what each item says. Pure, so the page and its tests agree.
 */

export type CalendarView = 'day' | 'week';

/** A place the calendar gives a column: a suite, or the video consultations. */
export type CalendarPlace = LocationKey | 'video';

/** The columns in the order reception reads them: Sandyford's two suites, Blackrock, then video. */
export const calendarPlaces: readonly CalendarPlace[] = ['adult_1', 'child', 'adult_2', 'video'];

/** 'Suite 12, Sandyford (adults)' … 'Video'. */
export const placeLabel = (place: CalendarPlace) =>
  place === 'video' ? 'Video' : clinic.locations[place].label;

/** The place of an appointment or a slot: its suite, or video (a video call has none). */
const placeOf = (item: Pick<CalendarSlot, 'location' | 'is_video_call'>): CalendarPlace =>
  item.is_video_call || !item.location ? 'video' : item.location;

/** Whether `value` is a real day written YYYY-MM-DD. */
export function isIsoDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return addDays(value, 0) === value;
}

/** The Monday of the week of `day` (YYYY-MM-DD). */
export function mondayOf(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The days a view of `day` shows, first to last. */
export function daysOf(view: CalendarView, day: string): string[] {
  if (view === 'day') return [day];
  const monday = mondayOf(day);
  return Array.from({ length: 7 }, (_unused, index) => addDays(monday, index));
}

/** The day the previous or next button goes to: a day or a week away. */
export const stepDay = (view: CalendarView, day: string, direction: 1 | -1) =>
  addDays(day, direction * (view === 'week' ? 7 : 1));

/** 'Tuesday 8 December 2026', or for a week 'Week of Monday 7 December 2026'. */
export function rangeLabel(view: CalendarView, day: string): string {
  return view === 'day' ? formatLongDate(day) : `Week of ${formatLongDate(mondayOf(day))}`;
}

/** Minutes after midnight of 'HH:mm'. */
const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/** One thing shown at a time and place: an appointment, or a slot no appointment takes. */
export type CalendarItem =
  | { kind: 'appointment'; key: string; day: string; place: CalendarPlace; appointment: CalendarAppointment }
  | { kind: 'slot'; key: string; day: string; place: CalendarPlace; slot: CalendarSlot };

const timesOf = (item: CalendarItem) => (item.kind === 'appointment' ? item.appointment : item.slot);

/** Every item of the answer, with its clinic day and place, by start (an appointment before a free time). */
export function calendarItems(
  appointments: readonly CalendarAppointment[],
  slots: readonly CalendarSlot[],
): CalendarItem[] {
  const items: CalendarItem[] = [
    ...appointments.map((appointment) => ({
      kind: 'appointment' as const,
      key: `appointment-${appointment.id}`,
      day: clinicDayOf(appointment.date) ?? '',
      place: placeOf(appointment),
      appointment,
    })),
    ...slots.map((slot) => ({
      kind: 'slot' as const,
      key: `slot-${slot.id}`,
      day: clinicDayOf(slot.date) ?? '',
      place: placeOf(slot),
      slot,
    })),
  ];
  return items.sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      minutesOf(timesOf(a).start_time) - minutesOf(timesOf(b).start_time) ||
      (a.kind === b.kind ? 0 : a.kind === 'appointment' ? -1 : 1),
  );
}

/** The minutes a row of the day grid stands for. */
export const ROW_MINUTES = 15;

/** An item placed in a day's column: its rows (1-based, end excluded) and its lane beside others at the same time. */
export interface PlacedItem {
  item: CalendarItem;
  rowStart: number;
  rowEnd: number;
  lane: number;
}

/** The rows of a day: from the earliest start to the latest end of its items, in whole hours. */
export function dayRows(items: readonly CalendarItem[]): { firstMinute: number; rows: number } {
  if (items.length === 0) return { firstMinute: 9 * 60, rows: 0 };
  const starts = items.map((item) => minutesOf(timesOf(item).start_time));
  const ends = items.map((item) => {
    const { start_time, end_time } = timesOf(item);
    const end = minutesOf(end_time);
    // An item ending at midnight (or past it) runs to the end of its day.
    return end <= minutesOf(start_time) ? 24 * 60 : end;
  });
  const firstMinute = Math.floor(Math.min(...starts) / 60) * 60;
  const lastMinute = Math.ceil(Math.max(...ends) / 60) * 60;
  return { firstMinute, rows: (lastMinute - firstMinute) / ROW_MINUTES };
}

/**
 * One place's items of a day on the day's rows, each in the first lane free at its start (video consultations of
 * adults and children may overlap in one column); answers them and how many lanes the column needs.
 */
export function placeItems(
  items: readonly CalendarItem[],
  firstMinute: number,
): { placed: PlacedItem[]; lanes: number } {
  const laneEnds: number[] = [];
  const placed = items.map((item) => {
    const { start_time, end_time } = timesOf(item);
    const start = minutesOf(start_time);
    const end = Math.max(minutesOf(end_time) <= start ? 24 * 60 : minutesOf(end_time), start + ROW_MINUTES);
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = end;
    return {
      item,
      rowStart: Math.floor((start - firstMinute) / ROW_MINUTES) + 1,
      rowEnd: Math.ceil((end - firstMinute) / ROW_MINUTES) + 1,
      lane,
    };
  });
  return { placed, lanes: Math.max(1, laneEnds.length) };
}

/** Whether an item's time starts after `now` (clinic day YYYY-MM-DD and minutes after its midnight). */
export function startsAfter(
  item: Pick<CalendarSlot, 'date' | 'start_time'>,
  now: { date: string; minutes: number },
): boolean {
  const day = clinicDayOf(item.date) ?? '';
  return day > now.date || (day === now.date && minutesOf(item.start_time) > now.minutes);
}

/** Whether staff may move the appointment (the `reschedule` move: booked or paid). */
export const isMovable = (appointment: CalendarAppointment) => allowsMove('reschedule', appointment.status);

/** Whether `slot` is a time `appointment` may move to: free, of its kind and age, not started. */
export function isMoveTarget(
  appointment: Pick<CalendarAppointment, 'is_adult' | 'is_video_call' | 'id'>,
  slot: CalendarSlot,
  now: { date: string; minutes: number },
): boolean {
  return (
    slot.status === 'available' &&
    slot.is_adult === appointment.is_adult &&
    slot.is_video_call === appointment.is_video_call &&
    startsAfter(slot, now)
  );
}

/** 'Tuesday 8 December 2026, 09:00 – 09:30, Suite 12, Sandyford (adults)': what a confirmation names. */
export function describeTime(
  item: Pick<CalendarSlot, 'date' | 'start_time' | 'end_time' | 'location' | 'is_video_call'>,
) {
  const day = clinicDayOf(item.date);
  return `${day ? formatLongDate(day) : item.date}, ${item.start_time} – ${item.end_time}, ${placeLabel(placeOf(item))}`;
}

/** 'Adult allergy test', 'Child video consultation'. */
export const kindLabel = (item: Pick<CalendarSlot, 'is_adult' | 'is_video_call'>) =>
  `${item.is_adult ? 'Adult' : 'Child'} ${item.is_video_call ? 'video consultation' : 'allergy test'}`;

/** A symbol the calendar shows, with the words a screen reader (and the legend) says for it. */
export interface CalendarSymbol {
  key: string;
  symbol: string;
  text: string;
}

const paymentSymbols: Record<CalendarAppointment['payment'], CalendarSymbol> = {
  paid: { key: 'paid', symbol: '€', text: 'Paid' },
  part_paid: { key: 'part_paid', symbol: '◐', text: 'Partly paid (balance due)' },
  booked_by_staff: { key: 'staff', symbol: '✎', text: 'Booked by staff' },
  pending: { key: 'pending', symbol: '…', text: 'Payment pending' },
};

/** The legend: every symbol once. */
export const symbolLegend: readonly CalendarSymbol[] = [
  paymentSymbols.paid,
  paymentSymbols.part_paid,
  paymentSymbols.booked_by_staff,
  paymentSymbols.pending,
  { key: 'arrived', symbol: '⚑', text: 'Arrived' },
  { key: 'attended', symbol: '✓', text: 'Attended' },
  { key: 'no_show', symbol: '✗', text: 'No-show' },
  { key: 'reminded', symbol: '✉', text: 'Reminder sent' },
];

const symbolOf = (key: string) => symbolLegend.find((symbol) => symbol.key === key) as CalendarSymbol;

/**
 * An appointment's symbols: its payment, then its state (arrived with the time, attended, no-show) and whether a
 * reminder was sent. `arrivedTime` is the arrival's clinic time (HH:mm) when known.
 */
export function symbolsOf(appointment: CalendarAppointment, arrivedTime?: string): CalendarSymbol[] {
  const symbols = [paymentSymbols[appointment.payment]];
  if (appointment.status === 'arrived') {
    const arrived = symbolOf('arrived');
    symbols.push(arrivedTime ? { ...arrived, text: `Arrived at ${arrivedTime}` } : arrived);
  }
  if (appointment.status === 'attended') symbols.push(symbolOf('attended'));
  if (appointment.status === 'no_show') symbols.push(symbolOf('no_show'));
  if (appointment.reminder_sent) symbols.push(symbolOf('reminded'));
  return symbols;
}

/** The calendar's search: a patient as said on the phone, by name (accents and case aside) or by the phone's digits. */
export const findsAppointment = (search: string, appointment: CalendarAppointment): boolean =>
  matchesSearch(search, [appointment.patient_name ?? ''], appointment.patient_phone);

/**
 * The closures of `day` (YYYY-MM-DD): at `place` (those closing every place too), or at any place when none is given.
 */
export function closuresOn(
  closures: readonly ClosureSummary[],
  day: string,
  place?: CalendarPlace,
): ClosureSummary[] {
  return closures.filter((closure) => {
    const from = clinicDayOf(closure.from);
    const to = clinicDayOf(closure.to);
    if (!from || !to || day < from || day > to) return false;
    return place === undefined || closure.location === null || closure.location === place;
  });
}

/** 'Closed 13:00–17:00: Boiler repair', naming its place when `withPlace` (a week's day lists every place). */
export function closureNote(closure: ClosureSummary, withPlace = false): string {
  const hours = closure.from_time && closure.to_time ? ` ${closure.from_time}–${closure.to_time}` : '';
  const where = withPlace
    ? ` (${closure.location === null ? 'every place' : placeLabel(closure.location)})`
    : '';
  return `Closed${where}${hours}: ${closure.reason}`;
}
