import type { AttendanceMark } from '../../../shared/attendance';
import { clinic, locationKeys } from '../../../shared/clinic';
import { type DeskAppointment, type DeskPlace, deskPlaces } from '../../../shared/desk-day';
import { BOOKED_BY_STAFF_LABEL } from '../../../shared/payment-states';
import { ERASED_PATIENT } from '../../components/patient-details/patient-labels';
import { formatClinicTime } from '../../lib/clinic-clock';
import { attendanceMoves } from './appointment-labels';

/**
 * How the desk reads its day: the marks a row takes now, what a mark shows before the server answers, the
 * day's counts, its places and its address. Pure, so the screen and the tests agree.
 */

const DESK_DAY_PATH = '/admin/today';

/**
 * Where a row stands at the desk, shown apart from its buttons (which say what they do: 'Mark arrived', 'Undo
 * arrival'): 'Arrived 09:42' (clinic time), or 'Not arrived' until then; attended and no-show have their badge.
 */
export function arrivalState(row: Pick<DeskAppointment, 'arrived_at' | 'status'>): string | undefined {
  if (row.arrived_at) return `Arrived ${formatClinicTime(row.arrived_at)}`;
  return row.status === 'attended' || row.status === 'no_show' ? undefined : 'Not arrived';
}

/** The places to choose from, in the clinic's order, then the video consultations. */
export const deskPlaceOptions: readonly { value: DeskPlace; label: string }[] = deskPlaces.map((place) => ({
  value: place,
  label: place === 'video' ? 'Video consultations' : clinic.locations[place].label,
}));

export const isDeskPlace = (value: string | null): value is DeskPlace =>
  value !== null && (deskPlaces as readonly string[]).includes(value);

/** `/admin/today?date=2026-12-08&location=child`; today and all places are left out. */
export function deskDayPath({ day, place }: { day: string; place?: DeskPlace | undefined }, today: string) {
  const query = new URLSearchParams();
  if (day !== today) query.set('date', day);
  if (place) query.set('location', place);
  const search = query.toString();
  return search ? `${DESK_DAY_PATH}?${search}` : DESK_DAY_PATH;
}

/** A real YYYY-MM-DD day of the address, or undefined. */
export function dayOfAddress(value: string | null): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && year <= 2999 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? value
    : undefined;
}

/** The marks a row takes now (`today`: the clinic's, DD/MM/YYYY), as the appointment's screen offers them. */
export const deskMarks = (row: DeskAppointment, today: string): AttendanceMark[] =>
  attendanceMoves(
    {
      status: row.payment_status,
      appointment_status: row.status,
      started: row.started,
      session: { data: row.date },
    },
    today,
  );

/** The row as it will be once `mark` is made at `now`, shown while the server is asked. */
export function markedRow(
  row: DeskAppointment,
  mark: AttendanceMark,
  now: Date = new Date(),
): DeskAppointment {
  switch (mark) {
    case 'arrived':
      return { ...row, status: 'arrived', status_label: 'Arrived', arrived_at: now.toISOString() };
    case 'not_arrived':
      return {
        ...row,
        status: row.payment_status === 'succeeded' ? 'paid' : 'booked',
        status_label: 'Booked',
        arrived_at: null,
      };
    case 'attended':
      return { ...row, status: 'attended', status_label: 'Attended' };
    case 'no_show':
      return { ...row, status: 'no_show', status_label: 'No-show' };
  }
}

export const deskPatientName = (row: Pick<DeskAppointment, 'full_name'>) => row.full_name || ERASED_PATIENT;

const counted = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * '8 appointments · 3 arrived · 1 no-show · 4 paid online · 1 paid at the desk · 3 booked by admin': what is
 * there, only when some. Money taken in cash or on the card terminal is paid at the desk, not online.
 */
export function daySummary(rows: readonly DeskAppointment[]): string {
  const arrived = rows.filter((row) => row.arrived_at !== null).length;
  const noShow = rows.filter((row) => row.status === 'no_show').length;
  const paidRows = rows.filter((row) => row.payment_status === 'succeeded');
  const atDesk = paidRows.filter(
    (row) => row.payment_method === 'cash' || row.payment_method === 'card_terminal',
  );
  const paid = paidRows.length - atDesk.length;
  const byStaff = rows.filter((row) => row.payment_status === 'booked').length;
  return [
    counted(rows.length, 'appointment'),
    arrived > 0 ? `${arrived} arrived` : '',
    noShow > 0 ? counted(noShow, 'no-show') : '',
    paid > 0 ? `${paid} paid online` : '',
    atDesk.length > 0 ? `${atDesk.length} paid at the desk` : '',
    byStaff > 0 ? `${byStaff} ${BOOKED_BY_STAFF_LABEL.toLowerCase()}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The day's rows by place, in the clinic's order of places (the video consultations last), each by start. */
export function rowsByPlace(rows: readonly DeskAppointment[]) {
  return [...locationKeys, 'video' as const].flatMap((place) => {
    const atPlace = rows.filter((row) => row.location === place);
    return atPlace.length > 0 ? [{ place, label: atPlace[0]?.place ?? place, rows: atPlace }] : [];
  });
}
