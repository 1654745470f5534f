import {
  type AffectedAppointment,
  apiDayOf,
  type ClosureAnswer,
  type ClosureRequest,
  type ClosureSummary,
  type ClosureWhen,
  closureTexts,
  isoDayOf,
  minuteOf,
  timeOfMinute,
} from '../../../shared/closures';
import type { Db } from '../../db/database';
import type { PageRequest } from '../../db/paginate';
import type { Closure } from '../../db/schema';
import { conflict, fieldError, notFound, refused } from '../../domain-errors';
import { type Actor, type AdminActor, auditChange, auditRead } from '../audit/audit-log';
import { clinicWallClock } from './clinic-time';
import {
  type ClosureSpan,
  closesPlaceOf,
  closureRanges,
  closuresOverlap,
  overlapsAny,
} from './closure-ranges';
import {
  type AffectedRow,
  affectedAppointments,
  findClosures,
  handOverSlots,
  insertClosure,
  listLiveClosures,
  liveClosuresWithin,
  lockClosures,
  markClosureDeleted,
  type NewClosure,
  releaseSlotsOf,
  storedHolidayDates,
  withdrawnCounts,
  withdrawSlotsInside,
} from './closure-repository';
import type { SlotValues } from './slot-repository';
import { slotTimes } from './slot-view';

const ENTITY = 'closure';

/** Today (or the day of `now`) in clinic time, YYYY-MM-DD. */
const clinicToday = (now = new Date()) => clinicWallClock(now).isoDay;

/** A closure's days and hours as the API writes them. */
function closureWhenOf(row: ClosureSpan): ClosureWhen {
  return {
    from: apiDayOf(row.firstDay),
    to: apiDayOf(row.lastDay),
    from_time: row.fromMinute === null ? null : timeOfMinute(row.fromMinute),
    to_time: row.toMinute === null ? null : timeOfMinute(row.toMinute),
  };
}

function affectedAnswer(row: AffectedRow): AffectedAppointment {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    id: row.id,
    patient_name: name || null,
    status: row.status,
    ...slotTimes(row),
    is_adult: row.isAdult,
    is_video_call: row.isVideoCall,
    location: row.isVideoCall ? null : row.location,
  };
}

/** A closure's when, where and why, as the API answers it. */
export function closureSummaryOf(row: Closure): ClosureSummary {
  return {
    id: row.id,
    ...closureWhenOf(row),
    location: row.location,
    reason: row.reason,
    is_holiday: row.holidayDate !== null,
  };
}

function closureAnswer(row: Closure, withdrawn: number, affected: AffectedAppointment[]): ClosureAnswer {
  return { ...closureSummaryOf(row), withdrawn, affected };
}

/** What the audit log keeps of a closure: when and where, never its reason (free text). */
const auditedSpan = (row: Closure) => ({
  first_day: row.firstDay,
  last_day: row.lastDay,
  from_minute: row.fromMinute,
  to_minute: row.toMinute,
  location: row.location,
});

/** Patients' names are shown with the affected appointments: the read is audited (their ids). */
async function auditAffectedRead(db: Db, actor: AdminActor, rows: AffectedRow[]): Promise<void> {
  const patientIds = [...new Set(rows.flatMap((row) => row.patientId ?? []))];
  if (patientIds.length > 0)
    await auditRead(db, actor, 'patient', null, { via: 'closures', patient_ids: patientIds });
}

/** The closure's row values from a checked request. */
function spanOf(request: ClosureRequest): NewClosure {
  return {
    firstDay: isoDayOf(request.from) ?? '',
    lastDay: isoDayOf(request.to) ?? '',
    fromMinute: request.from_time === undefined ? null : (minuteOf(request.from_time) ?? null),
    toMinute: request.to_time === undefined ? null : (minuteOf(request.to_time) ?? null),
    location: request.location,
    reason: request.reason,
  };
}

/** Stores a closure and withdraws its slots, under the closures' lock (the caller's transaction). */
async function addClosure(tx: Db, actor: Actor, values: NewClosure) {
  const row = await insertClosure(tx, values);
  if (!row) return undefined;
  const touched = await withdrawSlotsInside(tx, row);
  const withdrawn = touched.filter((slot) => slot.status === 'withdrawn').length;
  const affected = await affectedAppointments(tx, [row.id]);
  await auditChange(tx, actor, 'create', ENTITY, row.id, {
    ...auditedSpan(row),
    holiday: row.holidayDate !== null,
    withdrawn_slots: withdrawn,
    affected_appointments: affected.length,
  });
  return { row, withdrawn, affected };
}

/**
 * Closes days (or hours of them) of a place, or of every place: one transaction stores the closure, withdraws its
 * free slots and lists its booked appointments for staff to move. Refused when it is over by `now` (today's hours
 * that have passed; one that has begun and ends later is fine), when it starts before today, or when it overlaps
 * another closure of staff's of the same place (or of every place); a public holiday may lie inside one.
 */
export async function createClosure(db: Db, actor: AdminActor, request: ClosureRequest, now = new Date()) {
  const values = spanOf(request);
  const end = closureRanges(values).at(-1)?.to;
  if (!end || end.getTime() <= now.getTime()) {
    throw refused('closure_ended', closureTexts.ended, fieldError('to', closureTexts.ended));
  }
  if (values.firstDay < clinicToday(now)) {
    throw refused('closure_in_past', closureTexts.inPast, fieldError('from', closureTexts.inPast));
  }
  return db.transaction(async (tx) => {
    await lockClosures(tx, 'exclusive');
    const clash = (await liveClosuresWithin(tx, values.firstDay, values.lastDay)).find(
      (other) => other.holidayDate === null && closuresOverlap(other, values),
    );
    if (clash) {
      const message = closureTexts.overlaps({ ...closureWhenOf(clash), reason: clash.reason });
      throw conflict('closure_overlaps', message, fieldError('from', message));
    }
    const added = await addClosure(tx, actor, values);
    if (!added) throw new Error('a closure of staff was not stored');
    await auditAffectedRead(tx, actor, added.affected);
    const affected = added.affected.map(affectedAnswer);
    return {
      closure: closureAnswer(added.row, added.withdrawn, affected),
      withdrawn: added.withdrawn,
      affected,
    };
  });
}

/**
 * Deletes a closure (marks it deleted, so a public holiday is not added again) and offers its withdrawn slots
 * again, but those another closure covers too, which that closure keeps. Answers how many are offered again.
 */
export async function deleteClosure(db: Db, actor: AdminActor, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    await lockClosures(tx, 'exclusive');
    const row = await markClosureDeleted(tx, id);
    if (!row) throw notFound(closureTexts.notFound);
    for (const other of await liveClosuresWithin(tx, row.firstDay, row.lastDay)) {
      if (closuresOverlap(other, row)) await handOverSlots(tx, row.id, other);
    }
    const restored = await releaseSlotsOf(tx, row.id);
    await auditChange(tx, actor, 'delete', ENTITY, id, {
      ...auditedSpan(row),
      holiday: row.holidayDate !== null,
      restored_slots: restored,
    });
    return restored;
  });
}

/** A page of the closures for the back office, each with its withdrawn slots' count and its affected appointments. */
export async function listClosuresForStaff(db: Db, actor: AdminActor, page: PageRequest) {
  const result = await listLiveClosures(db, clinicToday(), page);
  const ids = result.items.map((row) => row.id);
  const [counts, affectedRows] = await Promise.all([withdrawnCounts(db, ids), affectedAppointments(db, ids)]);
  await auditAffectedRead(db, actor, affectedRows);
  return {
    closures: result.items.map((row) =>
      closureAnswer(
        row,
        counts.get(row.id) ?? 0,
        affectedRows.filter((affected) => affected.closureId === row.id).map(affectedAnswer),
      ),
    ),
    pages: result.pages,
    count: result.count,
  };
}

export interface PublicHoliday {
  /** YYYY-MM-DD. */
  date: string;
  name: string;
}

/**
 * Adds the public holidays not stored yet (never one stored before and deleted since) as whole-day closures of
 * every place, each withdrawing its slots, by the system. Safe when several instances run it at once (one row a
 * holiday date). Answers the closures added.
 */
export async function addPublicHolidays(db: Db, actor: Actor, holidays: readonly PublicHoliday[]) {
  const today = clinicToday();
  const stored = await storedHolidayDates(db, today);
  const added: Closure[] = [];
  for (const holiday of holidays) {
    if (holiday.date < today || stored.has(holiday.date)) continue;
    const closure = await db.transaction(async (tx) => {
      await lockClosures(tx, 'exclusive');
      return addClosure(tx, actor, {
        firstDay: holiday.date,
        lastDay: holiday.date,
        fromMinute: null,
        toMinute: null,
        location: null,
        reason: holiday.name,
        holidayDate: holiday.date,
      });
    });
    if (closure) added.push(closure.row);
  }
  return added;
}

/**
 * The closure each slot of a save falls in, by the entry's field, for the slots inside one; under the closures'
 * lock (shared) in the save's transaction, so no closure over them is added before it commits.
 */
export async function closuresOverSlots(
  tx: Db,
  items: readonly { field: string; values: SlotValues }[],
): Promise<Map<string, Closure>> {
  const found = new Map<string, Closure>();
  if (items.length === 0) return found;
  await lockClosures(tx, 'shared');
  const days = items.flatMap(({ values }) => [
    clinicWallClock(values.startsAt).isoDay,
    clinicWallClock(new Date(values.endsAt.getTime() - 1)).isoDay,
  ]);
  days.sort();
  const live = await liveClosuresWithin(tx, days[0] ?? '', days.at(-1) ?? '');
  if (live.length === 0) return found;
  const ranges = new Map(live.map((closure) => [closure.id, closureRanges(closure)]));
  for (const { field, values } of items) {
    const slot = { ...values, isVideoCall: values.isVideoCall ?? false, location: values.location ?? null };
    const closure = live.find(
      (candidate) =>
        closesPlaceOf(candidate.location, slot) && overlapsAny(ranges.get(candidate.id) ?? [], slot),
    );
    if (closure) found.set(field, closure);
  }
  return found;
}

/** The refusal of a slot inside `closure`. */
export const slotInsideText = (closure: Closure) =>
  closureTexts.slotInside({ ...closureWhenOf(closure), reason: closure.reason });

/** The reasons of the closures, by id (the day list names the closure each slot lies in). */
export async function closureReasons(db: Db, ids: number[]): Promise<Map<number, string>> {
  const rows = await findClosures(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row.reason]));
}
