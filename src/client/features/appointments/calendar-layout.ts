import { allowsMove, isUpcoming } from '../../../shared/appointment-states';
import type { CalendarAppointment, CalendarSlot } from '../../../shared/calendar';
import { clinic, type LocationKey } from '../../../shared/clinic';
import type { ClosureSummary } from '../../../shared/closures';
import { BOOKED_BY_STAFF_LABEL } from '../../../shared/payment-states';
import { matchesSearch } from '../../../shared/search-text';
import { addDays, formatLongDate } from '../../components/month-calendar/month-grid';
import { formatClinicTime } from '../../lib/clinic-clock';
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

/** A time's start and end in minutes after its day's midnight; one ending at midnight (or past it) runs to the end. */
function spanOf(item: CalendarItem): { start: number; end: number } {
  const { start_time, end_time } = timesOf(item);
  const start = minutesOf(start_time);
  const end = minutesOf(end_time);
  return { start, end: end <= start ? 24 * 60 : end };
}

/**
 * How a day's grid is drawn: from `firstMinute` (a whole hour), `rows` rows of `rowMinutes` each. A row is 15
 * minutes, or 10 or 5 on a day with shorter times, so each time is at least a row tall: its time and name stay
 * readable on one line (Cliniko's calendar likewise shows a day in 5, 10 or 15 minute rows). Every place of the
 * day shares the rows, as they share the hours beside them.
 */
export interface DayScale {
  firstMinute: number;
  rows: number;
  rowMinutes: 5 | 10 | 15;
}

/** The rows of a day: from the earliest start to the latest end of its items, in whole hours. */
export function dayScale(items: readonly CalendarItem[]): DayScale {
  if (items.length === 0) return { firstMinute: 9 * 60, rows: 0, rowMinutes: 15 };
  const spans = items.map(spanOf);
  const shortest = Math.min(...spans.map(({ start, end }) => end - start));
  const rowMinutes = shortest >= 15 ? 15 : shortest >= 10 ? 10 : 5;
  const firstMinute = Math.floor(Math.min(...spans.map(({ start }) => start)) / 60) * 60;
  const lastMinute = Math.ceil(Math.max(...spans.map(({ end }) => end)) / 60) * 60;
  return { firstMinute, rows: (lastMinute - firstMinute) / rowMinutes, rowMinutes };
}

/** How much of an item a card can show: one line (time and name), two (the time, then the name), or the kind too. */
export type ItemDensity = 'compact' | 'regular' | 'tall';

/**
 * An item placed in a place's column of the day: `top` and `height` in rows (fractions where a time starts or
 * ends between rows; at least a row tall), and side by side with the items it overlaps, in `lane` of `lanes`,
 * widened over `laneSpan` lanes where those beside it are free all along it.
 */
export interface PlacedItem {
  item: CalendarItem;
  top: number;
  height: number;
  lane: number;
  lanes: number;
  laneSpan: number;
  density: ItemDensity;
}

/** Rows below which a card shows one line, and from which it shows the kind too (a row is 2 rem). */
const REGULAR_ROWS = 1.75;
const TALL_ROWS = 2.75;

/**
 * One place's items of a day on the day's rows. Items that overlap as drawn (a time shorter than a row is drawn a
 * row tall) go side by side, each in the first lane free at its start; a group of items overlapping one another
 * shares its lanes, and an item alone in its time keeps the column's whole width, as Cliniko and Jane draw a
 * double booking.
 */
export function placeItems(items: readonly CalendarItem[], scale: DayScale): PlacedItem[] {
  const { firstMinute, rowMinutes } = scale;
  const drawn = items
    .map((item) => {
      const { start, end } = spanOf(item);
      return { item, start, end: Math.max(end, start + rowMinutes), realEnd: end };
    })
    // By start, an appointment before a free time and the longer first: it takes the left lane.
    .sort(
      (a, b) =>
        a.start - b.start ||
        Number(b.item.kind === 'appointment') - Number(a.item.kind === 'appointment') ||
        b.end - a.end,
    );
  const placed: (PlacedItem & { start: number; end: number })[] = [];
  let group: (PlacedItem & { start: number; end: number })[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const closeGroup = () => {
    for (const each of group) {
      each.lanes = laneEnds.length;
      // Widened to the right while the next lanes are free all along it.
      let span = 1;
      while (
        each.lane + span < laneEnds.length &&
        !group.some(
          (other) => other.lane === each.lane + span && other.start < each.end && each.start < other.end,
        )
      ) {
        span += 1;
      }
      each.laneSpan = span;
    }
    placed.push(...group);
    group = [];
    laneEnds = [];
  };
  for (const { item, start, end, realEnd } of drawn) {
    if (start >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = end;
    groupEnd = Math.max(groupEnd, end);
    const height = (end - start) / rowMinutes;
    const rows = (realEnd - start) / rowMinutes;
    group.push({
      item,
      start,
      end,
      top: (start - firstMinute) / rowMinutes,
      height,
      lane,
      lanes: 1,
      laneSpan: 1,
      density: rows < REGULAR_ROWS ? 'compact' : rows < TALL_ROWS ? 'regular' : 'tall',
    });
  }
  closeGroup();
  // In the order given (by time): the order a screen reader and a phone's list follow.
  const order = new Map(items.map((item, index) => [item, index]));
  return placed
    .sort((a, b) => (order.get(a.item) ?? 0) - (order.get(b.item) ?? 0))
    .map(({ start: _start, end: _end, ...each }) => each);
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
  booked_by_staff: { key: 'staff', symbol: '✎', text: BOOKED_BY_STAFF_LABEL },
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
  { key: 'closed', symbol: '⚠', text: 'Inside a closure: to move' },
  { key: 'intake_signed', symbol: '☑', text: 'Form signed' },
];

const symbolOf = (key: string) => symbolLegend.find((symbol) => symbol.key === key) as CalendarSymbol;

/**
 * An appointment's symbols: whether it lies inside a closure of its place (`closed`: booked appointments are never
 * cancelled by one, staff move them), its payment, then its state (arrived with the time, attended, no-show) and
 * whether a reminder was sent. `arrivedTime` is the arrival's clinic time (HH:mm) when known.
 */
export function symbolsOf(
  appointment: CalendarAppointment,
  arrivedTime?: string,
  closed = false,
): CalendarSymbol[] {
  const symbols = closed ? [symbolOf('closed')] : [];
  symbols.push(paymentSymbols[appointment.payment]);
  if (appointment.status === 'arrived') {
    const arrived = symbolOf('arrived');
    symbols.push(arrivedTime ? { ...arrived, text: `Arrived at ${arrivedTime}` } : arrived);
  }
  if (appointment.status === 'attended') symbols.push(symbolOf('attended'));
  if (appointment.status === 'no_show') symbols.push(symbolOf('no_show'));
  if (appointment.reminder_sent) symbols.push(symbolOf('reminded'));
  if (appointment.intake_signed) symbols.push(symbolOf('intake_signed'));
  return symbols;
}

/** 'Held by staff until 10:50', 'Held by a visitor until 10:45' (clinic time); undefined for a free time. */
export function holdNote(
  slot: Pick<CalendarSlot, 'status' | 'held_by' | 'hold_expires_at'>,
): string | undefined {
  if (slot.status !== 'pending') return undefined;
  const who = slot.held_by === 'visitor' ? 'a visitor' : 'staff';
  return `Held by ${who}${slot.hold_expires_at ? ` until ${formatClinicTime(slot.hold_expires_at)}` : ''}`;
}

/**
 * All an item says, in a line: the tooltip of a card too small to show it (its link or buttons name it the same
 * way to a screen reader). 'Aoife Byrne, 09:00 – 09:30, Adult allergy test, Paid, Reminder sent'.
 */
export function itemSummary(
  item: { kind: 'appointment'; appointment: CalendarAppointment } | { kind: 'slot'; slot: CalendarSlot },
  arrivedTime?: string,
  closed = false,
): string {
  if (item.kind === 'slot') {
    const { slot } = item;
    return [`${slot.start_time} – ${slot.end_time}`, holdNote(slot) ?? 'Free', kindLabel(slot)].join(', ');
  }
  const { appointment } = item;
  return [
    appointment.patient_name ?? 'Patient data erased',
    `${appointment.start_time} – ${appointment.end_time}`,
    kindLabel(appointment),
    ...(appointment.status === 'held' ? ['Being booked'] : []),
    ...symbolsOf(appointment, arrivedTime, closed).map((symbol) => symbol.text),
  ].join(', ');
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

/**
 * Whether an appointment still to take place lies inside one of `closures` of its place: on a closed day, within the
 * closed hours when the closure has some.
 */
export function isInsideClosure(
  appointment: CalendarAppointment,
  place: CalendarPlace,
  closures: readonly ClosureSummary[],
): boolean {
  if (!isUpcoming(appointment.status)) return false;
  const day = clinicDayOf(appointment.date);
  if (!day) return false;
  return closuresOn(closures, day, place).some(
    (closure) =>
      closure.from_time === null ||
      closure.to_time === null ||
      (appointment.start_time < closure.to_time && appointment.end_time > closure.from_time),
  );
}

/** 'Closed 13:00–17:00: Boiler repair', naming its place when `withPlace` (a week's day lists every place). */
export function closureNote(closure: ClosureSummary, withPlace = false): string {
  const hours = closure.from_time && closure.to_time ? ` ${closure.from_time}–${closure.to_time}` : '';
  const where = withPlace
    ? ` (${closure.location === null ? 'every place' : placeLabel(closure.location)})`
    : '';
  return `Closed${where}${hours}: ${closure.reason}`;
}
