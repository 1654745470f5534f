import { and, asc, desc, eq, ilike, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { appointmentStarts } from '../../../shared/appointment-states';
import { searchNeedle } from '../../../shared/search-text';
import type { Db } from '../../db/database';
import { containsPattern, countCheaply, type PageRequest, paginateFromNearerEnd } from '../../db/paginate';
import { appointments, type Patient, patientSearchText, patients, payments, slots } from '../../db/schema';

/**
 * Staff's reads of patients' records across patients, appointments, payments and files. Other modules' rows are
 * changed only through their own repositories.
 */

/** `'held'` written into the query, not sent as a parameter, so the planner may use the partial index of them. */
const HELD = sql.raw(`'${appointmentStarts.visitor}'`);

/**
 * The people whose only appointments are visitors' bookings still being made (`held`: not paid, so not booked), who
 * are not patients yet. Read from the partial index of held appointments, which holds few rows at any time (an
 * unpaid booking is deleted a day after it was made), each looked up among the person's other appointments through
 * the patient index.
 */
const beingBookedOnly = sql`(select ${appointments.patientId} from ${appointments} where ${appointments.status} = ${HELD} and ${appointments.patientId} is not null and not exists (select 1 from ${appointments} other where other.patient_id = ${appointments.patientId} and other.status <> ${HELD}))`;

/**
 * Patients whose names, e-mail or phone contain `search` (ignoring case; `%`, `_` and `\` match themselves),
 * through `patientSearchText`, the very expression the trigram index holds, so the index answers it.
 */
function searchCondition(search: string | undefined): SQL | undefined {
  return search ? ilike(patientSearchText(patients), containsPattern(searchNeedle(search))) : undefined;
}

/**
 * The patients staff list, export and search for: those the search finds but the people not booked yet. `not in`
 * reads the held appointments once a query, as a hash of their people's ids, however many patients are read.
 */
function listedCondition(search: string | undefined): SQL {
  return and(sql`${patients.id} not in ${beingBookedOnly}`, searchCondition(search)) as SQL;
}

/**
 * How many patients the search finds, from how many people it finds (`found`, counted from `patients` alone as it
 * always was: an index only, or the trigram index), less the few not booked yet among them, counted apart. A
 * `not in` in the count itself would read every patient's row, and halve the planner's estimate of a long search.
 */
async function lessBeingBooked(db: Db, search: string | undefined, found: PromiseLike<number>) {
  const [all, beingBooked] = await Promise.all([
    found,
    db.$count(patients, and(sql`${patients.id} in ${beingBookedOnly}`, searchCondition(search))),
  ]);
  return Math.max(0, all - beingBooked);
}

/** What the list, its CSV and the audit of them read of a patient. */
const listColumns = {
  id: patients.id,
  firstName: patients.firstName,
  lastName: patients.lastName,
  email: patients.email,
  phone: patients.phone,
  dob: patients.dob,
  isAdult: patients.isAdult,
  guardianFirstName: patients.guardianFirstName,
  guardianLastName: patients.guardianLastName,
  isReferral: patients.isReferral,
  createdAt: patients.createdAt,
};

export type PatientListRow = Pick<Patient, keyof typeof listColumns>;

export interface PatientListQuery extends PageRequest {
  search_transaction?: string;
}

/**
 * A page of patients, newest first, and how many the search finds, without the people whose only booking is still
 * being made. All patients are counted from an index alone; a search's matches one by one through the trigram index
 * up to ten thousand, and beyond (a search nearly everyone matches) estimated (`countCheaply`); either less those
 * people (`lessBeingBooked`). A page past the middle is read from the other end.
 */
export function listPatients(db: Db, query: PatientListQuery) {
  const search = query.search_transaction;
  const found = searchCondition(search);
  const where = listedCondition(search);
  return paginateFromNearerEnd<PatientListRow>(
    query,
    () =>
      lessBeingBooked(
        db,
        search,
        found
          ? countCheaply(db, () => db.select({ one: sql`1` }).from(patients).where(found).$dynamic())
          : db.$count(patients),
      ),
    (order, limit, offset) => {
      const direction = order === 'forwards' ? desc : asc;
      return db
        .select(listColumns)
        .from(patients)
        .where(where)
        .orderBy(direction(patients.createdAt), direction(patients.id))
        .limit(limit)
        .offset(offset);
    },
  );
}

/** How many patients the search finds (those `listPatients` lists). */
export function countPatients(db: Db, search: string | undefined): Promise<number> {
  return lessBeingBooked(db, search, db.$count(patients, searchCondition(search)));
}

/**
 * The patients the search finds, newest first, `batchSize` at a time: each batch is read after the last one's
 * place (its `created_at` as the database's text, to the microsecond, and its id), so memory does not grow with
 * the rows and no batch costs more than the one before.
 */
export async function* patientBatches(
  db: Db,
  search: string | undefined,
  batchSize = 500,
): AsyncGenerator<PatientListRow[]> {
  let after: { createdAt: string; id: number } | undefined;
  for (;;) {
    const rows = await db
      .select({ ...listColumns, place: sql<string>`${patients.createdAt}::text` })
      .from(patients)
      .where(
        and(
          listedCondition(search),
          after
            ? and(
                lte(patients.createdAt, sql`${after.createdAt}::timestamptz`),
                or(lt(patients.createdAt, sql`${after.createdAt}::timestamptz`), lt(patients.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(patients.createdAt), desc(patients.id))
      .limit(batchSize);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { createdAt: last.place, id: last.id };
  }
}

/** The patient a stored file belongs to (as their result, referral letter or attachment); none for other files. */
export async function findFileOwner(db: Db, fileId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(
      or(
        eq(patients.resultFileId, fileId),
        eq(patients.referralLetterFileId, fileId),
        eq(patients.attachmentFileId, fileId),
      ),
    )
    .limit(1);
  return row?.id;
}

/** A patient's appointment as the erasure reads it, locked: its state, its time's start, its slot and hold. */
export interface LockedAppointmentOfPatient {
  id: number;
  status: string;
  /** Its time's start; null when it has no time, or its slot could not be read. */
  startsAt: Date | null;
  createdAt: Date;
  slotId: number | null;
  holdTokenHash: string | null;
}

/**
 * Locks a patient's appointments until the transaction ends, answering each with its state, its time's start,
 * when it was made, and its slot and visitor's hold (a booking still being made holds its time by that).
 * Appointments are locked before anything else, as the appointments module does, so an erasure and a booking's
 * move never wait for each other in a circle.
 *
 * The slots are read by a second statement, once the rows are locked. Joined into the locking statement, an
 * appointment a move changed while this waited for its lock would be checked again in its new version against the
 * slot row read before the wait (PostgreSQL re-reads only the locked rows): the old slot, whose join no longer
 * matches, so its start came back null. A later statement sees what the move committed.
 */
export async function lockAppointmentsOfPatient(
  db: Db,
  patientId: number,
): Promise<LockedAppointmentOfPatient[]> {
  const rows = await db
    .select({
      id: appointments.id,
      status: appointments.status,
      createdAt: appointments.createdAt,
      slotId: appointments.slotId,
      holdTokenHash: appointments.holdTokenHash,
    })
    .from(appointments)
    .where(eq(appointments.patientId, patientId))
    .orderBy(appointments.id)
    .for('update');
  const slotIds = [...new Set(rows.flatMap((row) => (row.slotId === null ? [] : [row.slotId])))];
  const starts = new Map(
    slotIds.length === 0
      ? []
      : (
          await db
            .select({ id: slots.id, startsAt: slots.startsAt })
            .from(slots)
            .where(inArray(slots.id, slotIds))
        ).map((slot) => [slot.id, slot.startsAt]),
  );
  return rows.map((row) => ({
    ...row,
    startsAt: row.slotId === null ? null : (starts.get(row.slotId) ?? null),
  }));
}

/** Locks the payments of these appointments until the transaction ends; answers each with its state and appointment. */
export function lockPaymentsOfAppointments(db: Db, appointmentIds: readonly number[]) {
  if (appointmentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: payments.id, status: payments.status, appointmentId: payments.appointmentId })
    .from(payments)
    .where(inArray(payments.appointmentId, [...appointmentIds]))
    .orderBy(payments.id)
    .for('update');
}
