import { clinic } from '../../../shared/clinic';
import type { DeskAppointment, DeskDayResponse, DeskPlace } from '../../../shared/desk-day';
import type { Db } from '../../db/database';
import type { CsvCell } from '../../http/csv-export';
import { type AdminActor, auditChange, auditRead } from '../audit/audit-log';
import { clinicDayRange, clinicWallClock } from '../slots/clinic-time';
import { appointmentsStartingWithin, type DayAppointmentRow } from './dashboard-repository';
import { dashboardAppointment } from './dashboard-service';

/** Which day and place: a clinic day (YYYY-MM-DD; the clinic's today when left out) and maybe one place. */
interface DeskDayChoice {
  date?: string | undefined;
  location?: DeskPlace | undefined;
}

/** The place of a row: its location, or `video` for a video consultation. */
function placeOf(row: DayAppointmentRow): { location: DeskPlace; place: string } {
  if (row.isVideoCall || !row.location) return { location: 'video', place: 'Video consultations' };
  return { location: row.location, place: clinic.locations[row.location].label };
}

function deskAppointment(row: DayAppointmentRow, now: Date): DeskAppointment {
  const shown = dashboardAppointment(row);
  return {
    id: shown.id,
    status: shown.status,
    status_label: shown.status_label,
    starts_at: shown.starts_at,
    ends_at: shown.ends_at,
    date: shown.date,
    start_time: shown.start_time,
    end_time: shown.end_time,
    started: row.startsAt.getTime() <= now.getTime(),
    patient_id: shown.patient_id,
    full_name: shown.full_name,
    phone: row.phone,
    is_video_call: shown.is_video_call,
    is_adult: shown.is_adult,
    kind: shown.kind,
    appointment_type: shown.appointment_type,
    ...placeOf(row),
    payment_status: shown.payment_status,
    payment_status_label: shown.payment_status_label,
    amount: shown.amount,
    payment_method: row.paymentStatus === null ? null : (row.paymentMethod ?? 'card'),
    arrived_at: row.arrivedAt?.toISOString() ?? null,
  };
}

const patientIdsOf = (rows: readonly DayAppointmentRow[]) =>
  rows.flatMap((row) => (row.patientId === null ? [] : [row.patientId]));

async function dayRows(db: Db, choice: DeskDayChoice, now: Date) {
  const day = choice.date ?? clinicWallClock(now).isoDay;
  return { day, rows: await appointmentsStartingWithin(db, clinicDayRange(day), choice.location) };
}

/**
 * The desk's day at `now`: one clinic day's appointments that take or took place, by start (one query), with the
 * patients' names and phones but none of their health. The patients named are personal data: the read is audited
 * before it is answered.
 */
export async function deskDayForStaff(
  db: Db,
  actor: AdminActor,
  choice: DeskDayChoice,
  now: Date,
): Promise<DeskDayResponse> {
  const { day, rows } = await dayRows(db, choice, now);
  const patientIds = patientIdsOf(rows);
  if (patientIds.length > 0) {
    await auditRead(db, actor, 'patient', null, { via: 'desk_day', patient_ids: patientIds });
  }
  return {
    as_of: now.toISOString(),
    day,
    today: clinicWallClock(now).isoDay,
    appointments: rows.map((row) => deskAppointment(row, now)),
  };
}

/**
 * The day's CSV rows, in the order of `deskDayCsvColumns`, and the day they are of. The export is audited before the first byte, with how
 * many rows it holds and what was chosen.
 */
export async function exportDeskDayForStaff(
  db: Db,
  actor: AdminActor,
  choice: DeskDayChoice,
  now: Date,
): Promise<{ day: string; rows: AsyncIterable<CsvCell[]> }> {
  const { day, rows } = await dayRows(db, choice, now);
  await auditChange(db, actor, 'export', 'appointment', null, {
    format: 'csv',
    via: 'desk_day',
    day,
    location: choice.location ?? null,
    rows: rows.length,
  });
  const cells = rows.map((row): CsvCell[] => {
    const shown = deskAppointment(row, now);
    return [
      shown.date,
      shown.start_time,
      shown.end_time,
      shown.place,
      shown.full_name ?? '',
      { phone: shown.phone },
      shown.kind,
      shown.appointment_type,
      shown.payment_status_label,
      shown.status_label,
      row.arrivedAt ? clinicWallClock(row.arrivedAt).time : '',
    ];
  });
  return {
    day,
    rows: (async function* () {
      yield* cells;
    })(),
  };
}
