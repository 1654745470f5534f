import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { upcomingStatuses } from '../../../shared/appointment-states';
import type { ClosureLocation } from '../../../shared/closures';
import type { Db } from '../../db/database';
import { type PageRequest, paginate } from '../../db/paginate';
import { appointments, type Closure, closures, patients, slots } from '../../db/schema';
import { type ClosureSpan, closureRanges } from './closure-ranges';
import { noteSlotsFreed } from './slot-freed-events';

/**
 * Adding or deleting a closure takes this lock exclusively, a save of slots shares it: a slot saved while a
 * closure over its time is being added is either seen by the closure (and withdrawn) or sees the closure (and is
 * refused), never neither. Held until the transaction ends.
 */
export async function lockClosures(db: Db, mode: 'exclusive' | 'shared'): Promise<void> {
  await db.execute(
    mode === 'exclusive'
      ? sql`select pg_advisory_xact_lock(hashtextextended('closures', 0))`
      : sql`select pg_advisory_xact_lock_shared(hashtextextended('closures', 0))`,
  );
}

const live = isNull(closures.deletedAt);

/** The closures not deleted that share a day with `firstDay`…`lastDay` (YYYY-MM-DD), by first day. */
export function liveClosuresWithin(db: Db, firstDay: string, lastDay: string): Promise<Closure[]> {
  return db
    .select()
    .from(closures)
    .where(and(live, lte(closures.firstDay, lastDay), gte(closures.lastDay, firstDay)))
    .orderBy(asc(closures.firstDay), asc(closures.id));
}

export async function findClosures(db: Db, ids: number[]): Promise<Closure[]> {
  if (ids.length === 0) return [];
  return db.select().from(closures).where(inArray(closures.id, ids));
}

export type NewClosure = ClosureSpan & { reason: string; holidayDate?: string };

/** Stores a closure; a public holiday already stored (deleted or not) is not stored again (undefined). */
export async function insertClosure(db: Db, values: NewClosure): Promise<Closure | undefined> {
  const [row] = await db
    .insert(closures)
    .values(values)
    .onConflictDoNothing({ target: closures.holidayDate })
    .returning();
  return row;
}

/** The public holidays stored from `firstDay` on (YYYY-MM-DD), deleted ones too. */
export async function storedHolidayDates(db: Db, firstDay: string): Promise<Set<string>> {
  const rows = await db
    .select({ day: closures.holidayDate })
    .from(closures)
    .where(and(isNotNull(closures.holidayDate), gte(closures.holidayDate, firstDay)));
  return new Set(rows.flatMap((row) => row.day ?? []));
}

/** Marks a closure deleted (once). */
export async function markClosureDeleted(db: Db, id: number): Promise<Closure | undefined> {
  const [row] = await db
    .update(closures)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(closures.id, id), live))
    .returning();
  return row;
}

/** The slots of the closure's place (SQL), as `closesPlaceOf` says in code. */
function ofPlace(location: ClosureLocation | null): SQL | undefined {
  if (location === null) return undefined;
  if (location === 'video') return eq(slots.isVideoCall, true);
  return and(eq(slots.isVideoCall, false), eq(slots.location, location));
}

/** The slots of the closure's place whose time overlaps it (the first condition lets the start index narrow it). */
function inside(closure: ClosureSpan): SQL {
  const ranges = closureRanges(closure);
  const first = ranges[0]?.from ?? new Date(0);
  const last = ranges.at(-1)?.to ?? new Date(0);
  return and(
    lt(slots.startsAt, last),
    gt(slots.endsAt, first),
    ofPlace(closure.location),
    or(...ranges.map((range) => and(lt(slots.startsAt, range.to), gt(slots.endsAt, range.from)))),
  ) as SQL;
}

/**
 * Tags with the closure every slot inside it that has not started and no other closure tags: a free or held one
 * is withdrawn (its hold ended: the visitor's booking, if they pay, loses its time and is refunded as any lost
 * time is), a booked one stays booked (its appointment is for staff to move) and is withdrawn when freed. Answers
 * each slot with its new status.
 */
export function withdrawSlotsInside(db: Db, closure: Closure) {
  return db
    .update(slots)
    .set({
      closureId: closure.id,
      status: sql`case when ${slots.status} = 'booked' then 'booked' else 'withdrawn' end`,
      holdStartedAt: null,
      holdExpiresAt: null,
      holdTokenHash: null,
      holdClient: null,
      updatedAt: sql`now()`,
    })
    .where(and(isNull(slots.closureId), gt(slots.startsAt, sql`now()`), inside(closure)))
    .returning({ id: slots.id, status: slots.status });
}

/** Gives `to` the slots of the closure `fromId` that lie inside it too (`fromId` is being deleted). */
export async function handOverSlots(db: Db, fromId: number, to: Closure): Promise<void> {
  await db
    .update(slots)
    .set({ closureId: to.id, updatedAt: sql`now()` })
    .where(and(eq(slots.closureId, fromId), inside(to)));
}

/**
 * Unties the closure's slots: a withdrawn one is available again (one that has started is not offered anyway), a
 * booked one stays booked. Answers how many not started are offered again.
 */
export async function releaseSlotsOf(db: Db, closureId: number): Promise<number> {
  const rows = await db
    .update(slots)
    .set({
      closureId: null,
      status: sql`case when ${slots.status} = 'withdrawn' then 'available' else ${slots.status} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(slots.closureId, closureId))
    .returning({ id: slots.id, status: slots.status, startsAt: slots.startsAt });
  const now = Date.now();
  const reopened = rows.filter((row) => row.status === 'available' && row.startsAt.getTime() > now);
  await noteSlotsFreed(
    db,
    reopened.map((row) => row.id),
    'reopened',
  );
  return reopened.length;
}

/** The closures not deleted, those not ended by `today` first (soonest first), then the ended (latest first). */
export function listLiveClosures(db: Db, today: string, page: PageRequest) {
  const ended = sql`${closures.lastDay} < ${today}`;
  return paginate(
    db
      .select()
      .from(closures)
      .where(live)
      .orderBy(
        asc(ended),
        sql`case when ${ended} then null else ${closures.firstDay} end asc`,
        desc(closures.firstDay),
        asc(closures.id),
      ),
    db.$count(closures, live),
    page,
  );
}

/** How many slots not started each closure withdrew and keeps. */
export async function withdrawnCounts(db: Db, closureIds: number[]): Promise<Map<number, number>> {
  if (closureIds.length === 0) return new Map();
  const rows = await db
    .select({ closureId: slots.closureId, count: sql<number>`count(*)::int` })
    .from(slots)
    .where(
      and(
        inArray(slots.closureId, closureIds),
        eq(slots.status, 'withdrawn'),
        gt(slots.startsAt, sql`now()`),
      ),
    )
    .groupBy(slots.closureId);
  return new Map(rows.map((row) => [row.closureId ?? 0, Number(row.count)]));
}

/** The appointments that will take place in the closures' booked slots and have not started, by start. */
export function affectedAppointments(db: Db, closureIds: number[]) {
  return db
    .select({
      closureId: slots.closureId,
      id: appointments.id,
      status: appointments.status,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      isAdult: slots.isAdult,
      isVideoCall: slots.isVideoCall,
      location: slots.location,
      patientId: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
    })
    .from(slots)
    .innerJoin(appointments, eq(appointments.slotId, slots.id))
    .leftJoin(patients, eq(patients.id, appointments.patientId))
    .where(
      and(
        inArray(slots.closureId, closureIds.length > 0 ? closureIds : [0]),
        eq(slots.status, 'booked'),
        gt(slots.startsAt, sql`now()`),
        inArray(appointments.status, [...upcomingStatuses]),
      ),
    )
    .orderBy(asc(slots.startsAt), asc(appointments.id));
}

export type AffectedRow = Awaited<ReturnType<typeof affectedAppointments>>[number];
