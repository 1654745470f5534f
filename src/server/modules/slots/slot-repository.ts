import {
  and,
  asc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { occupyingStatuses } from '../../../shared/appointment-states';
import { HOLD_LIFETIME_FACTOR } from '../../../shared/slots';
import type { Db } from '../../db/database';
import { databaseErrorCode } from '../../db/database-errors';
import { type PageRequest, paginate } from '../../db/paginate';
import { appointments, patients, type Slot, slotHoldEnds, slots, teamMembers } from '../../db/schema';
import { clinicDayRange, clinicWallClock } from './clinic-time';
import { noteSlotsFreed, type SlotFreedReason } from './slot-freed-events';

export type SlotValues = Pick<
  typeof slots.$inferInsert,
  'startsAt' | 'endsAt' | 'priceCents' | 'isAdult' | 'isVideoCall' | 'location' | 'consultantId'
>;

/** Which of `ids` are team members (a slot's consultant must be one). */
export async function teamMemberIdsOf(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(inArray(teamMembers.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

export interface SlotKind {
  isAdult: boolean;
  isVideoCall: boolean;
}

export interface InstantRange {
  from: Date;
  to: Date;
}

/** `column` within `range`: from its start, up to (not at) its end. */
export const within = (column: AnyPgColumn, range: InstantRange): SQL =>
  and(gte(column, range.from), lt(column, range.to)) as SQL;

const ofKind = (kind: SlotKind) =>
  and(eq(slots.isAdult, kind.isAdult), eq(slots.isVideoCall, kind.isVideoCall));

const startsWithin = (range: InstantRange) => within(slots.startsAt, range);

/** A slot a visitor may take now: available (or its hold has lapsed) and not started. */
const bookableNow: SQL = and(
  gt(slots.startsAt, sql`now()`),
  or(eq(slots.status, 'available'), and(eq(slots.status, 'pending'), lt(slots.holdExpiresAt, sql`now()`))),
) as SQL;

/** The visitor's own live hold. */
const heldBy = (holdTokenHash: string): SQL =>
  and(
    eq(slots.status, 'pending'),
    eq(slots.holdTokenHash, holdTokenHash),
    gt(slots.holdExpiresAt, sql`now()`),
  ) as SQL;

export async function findSlot(db: Db, id: number): Promise<Slot | undefined> {
  const [row] = await db.select().from(slots).where(eq(slots.id, id)).limit(1);
  return row;
}

/** Slots of one kind starting in the range, every status, by start. */
export function listSlots(db: Db, range: InstantRange, kinds: SlotKind[]): Promise<Slot[]> {
  return db
    .select()
    .from(slots)
    .where(and(startsWithin(range), or(...kinds.map(ofKind))))
    .orderBy(asc(slots.startsAt), asc(slots.id));
}

export interface SlotAppointment {
  appointmentId: number;
  patientId: number | null;
  firstName: string | null;
  lastName: string | null;
}

/**
 * The appointment that holds each booked slot of `slotIds`, with its patient's name (null once erased): the one
 * that occupies the slot, else the latest (a slot that has started stays booked after a cancel).
 */
export async function appointmentsOfSlots(db: Db, slotIds: number[]): Promise<Map<number, SlotAppointment>> {
  if (slotIds.length === 0) return new Map();
  const rows = await db
    .select({
      slotId: appointments.slotId,
      appointmentId: appointments.id,
      patientId: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      occupies: sql<boolean>`${inArray(appointments.status, [...occupyingStatuses])}`,
    })
    .from(appointments)
    .leftJoin(patients, eq(patients.id, appointments.patientId))
    .where(inArray(appointments.slotId, slotIds))
    .orderBy(asc(appointments.id));
  const chosen = new Map<number, SlotAppointment & { occupies: boolean }>();
  for (const { slotId, ...row } of rows) {
    if (slotId === null) continue;
    const before = chosen.get(slotId);
    if (!before || row.occupies || !before.occupies) chosen.set(slotId, row);
  }
  return chosen;
}

/** Start instants and prices of the kind's slots in the range: all of them, or only those a visitor may take now. */
async function listSlotStarts(
  db: Db,
  range: InstantRange,
  kind: SlotKind,
  onlyBookable: boolean,
): Promise<{ startsAt: Date; priceCents: number }[]> {
  return db
    .select({ startsAt: slots.startsAt, priceCents: slots.priceCents })
    .from(slots)
    .where(and(startsWithin(range), ofKind(kind), onlyBookable ? bookableNow : undefined))
    .orderBy(asc(slots.startsAt));
}

/** One page of the slots a visitor may take in the range, with the visitor's own hold among them. */
export async function listBookableSlots(
  db: Db,
  range: InstantRange,
  kind: SlotKind,
  holdTokenHash: string | undefined,
  page: PageRequest,
) {
  const where = and(
    startsWithin(range),
    ofKind(kind),
    holdTokenHash ? or(bookableNow, heldBy(holdTokenHash)) : bookableNow,
  );
  const result = await paginate(
    db.select().from(slots).where(where).orderBy(asc(slots.startsAt), asc(slots.id)),
    db.$count(slots, where),
    page,
  );
  return result;
}

/** Within a transaction: check the no-overlap constraint at commit (slots of one save may swap times). */
export async function deferOverlapCheck(db: Db): Promise<void> {
  await db.execute(sql`set constraints slots_no_overlap deferred`);
}

const otherSlots = alias(slots, 'other_slots');

/**
 * Which of `ids` overlap another slot of their kind, as the no-overlap constraint sees them (it is deferred
 * inside a save, so this names the rows before the commit refuses them all).
 */
export async function overlappingSlots(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: slots.id })
    .from(slots)
    .innerJoin(
      otherSlots,
      and(
        ne(otherSlots.id, slots.id),
        eq(otherSlots.isAdult, slots.isAdult),
        eq(otherSlots.isVideoCall, slots.isVideoCall),
        sql`tstzrange(${otherSlots.startsAt}, ${otherSlots.endsAt}) && tstzrange(${slots.startsAt}, ${slots.endsAt})`,
      ),
    )
    .where(inArray(slots.id, ids));
  return new Set(rows.map((row) => row.id));
}

export async function insertSlots(db: Db, values: SlotValues[]): Promise<Slot[]> {
  if (values.length === 0) return [];
  return db
    .insert(slots)
    .values(values.map((value) => ({ ...value, status: 'available' as const })))
    .returning();
}

/** Changes a slot only while it is available and has not started (one atomic statement). */
export async function updateEditableSlot(db: Db, id: number, values: SlotValues): Promise<Slot | undefined> {
  const [row] = await db
    .update(slots)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(slots.id, id), eq(slots.status, 'available'), gt(slots.startsAt, sql`now()`)))
    .returning();
  return row;
}

/**
 * Why a hold was refused: no such slot, the slot is not free for this visitor, this address held it for a whole
 * lifetime lately, or the address holds enough.
 */
export type HoldRefusal = 'missing' | 'taken' | 'lifetime' | 'limit';

/** The SQLSTATEs `hold_slot` raises its refusals with (migration 0005). */
const holdRefusals: Record<string, HoldRefusal> = {
  SH404: 'missing',
  SH409: 'taken',
  SH410: 'lifetime',
  SH429: 'limit',
};

/** How long a hold may last in all, however often it is renewed. */
const holdLifetimeMinutes = (holdMinutes: number) => holdMinutes * HOLD_LIFETIME_FACTOR;

/**
 * The end of a renewed hold: `holdMinutes` from now, but not past its lifetime from when it started (as
 * in `hold_slot`); never earlier than it already ends.
 */
const cappedHoldEnd = (holdMinutes: number) =>
  sql`greatest(${slots.holdExpiresAt}, least(now() + make_interval(mins => ${holdMinutes}), coalesce(${slots.holdStartedAt}, now()) + make_interval(mins => ${holdLifetimeMinutes(holdMinutes)})))`;

/**
 * Holds a slot for `holdMinutes` for a visitor at `client`, in one call of the `hold_slot` function
 * (migration 0005): only if a visitor may take it now (or `ownHash` already holds it) and `client` has
 * fewer than `maxHolds` live holds besides those of `ownHash`, under a per-client advisory lock so racing
 * holds of one address cannot both count the same live holds. The other slots `ownHash` held are released.
 * A new hold starts its lifetime (`hold_started_at`); `ownHash` re-holding its own slot keeps it, and its
 * hold never ends later than `holdLifetimeMinutes` after it started.
 * Of any number of racing holds of one slot exactly one wins. Within a caller's transaction the lock lasts
 * until it ends.
 */
export async function holdSlot(
  db: Db,
  id: number,
  hold: { tokenHash: string; holdMinutes: number; client: string; maxHolds: number; ownHash?: string },
): Promise<{ row: Slot } | { refusal: HoldRefusal }> {
  const { tokenHash, holdMinutes, client, maxHolds, ownHash } = hold;
  try {
    // node-postgres and PGlite both answer a raw query as { rows }.
    const { rows } = (await db.execute(
      sql`select * from hold_slot(${id}, ${client}, ${tokenHash}, ${ownHash ?? null}, ${holdMinutes}, ${maxHolds}, ${holdLifetimeMinutes(holdMinutes)})`,
    )) as unknown as { rows: Record<string, unknown>[] };
    const [raw] = rows;
    if (!raw) throw new Error('hold_slot returned no row');
    return { row: slotRowOf(raw) };
  } catch (error) {
    const refusal = holdRefusals[databaseErrorCode(error) ?? ''];
    if (refusal) return { refusal };
    throw error;
  }
}

/** A `slots` row as the driver answers it to a raw query, in Drizzle's shape (names and types). */
function slotRowOf(raw: Record<string, unknown>): Slot {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(slots))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as Slot;
}

/** A slot `tokenHash` holds now, with whose hold it is (`hold_client`); undefined when it holds none. */
export async function findAnyHeldSlot(
  db: Db,
  tokenHash: string,
): Promise<{ id: number; holdClient: string | null } | undefined> {
  const [row] = await db
    .select({ id: slots.id, holdClient: slots.holdClient })
    .from(slots)
    .where(heldBy(tokenHash))
    .limit(1);
  return row;
}

/** The live hold of `tokenHash` on the slot. */
export async function findHeldSlot(db: Db, id: number, tokenHash: string): Promise<Slot | undefined> {
  const [row] = await db
    .select()
    .from(slots)
    .where(and(eq(slots.id, id), heldBy(tokenHash)))
    .limit(1);
  return row;
}

/** A slot without a hold. */
const noHold = {
  holdStartedAt: null,
  holdExpiresAt: null,
  holdTokenHash: null,
  holdClient: null,
};

/**
 * Ends the holds of the pending slots `which` selects, in one statement: each slot is available again, and a
 * visitor's hold is remembered by its address and start (`slot_hold_ends`), so that address taking the slot
 * again goes on with that hold's clock (`hold_slot`). Answers the slots' ids.
 */
async function endHolds(db: Db, which: SQL): Promise<number[]> {
  // node-postgres and PGlite both answer a raw query as { rows }.
  const { rows } = (await db.execute(sql`
    with ended as (
      select ${slots.id} as id, ${slots.holdClient} as client, ${slots.holdStartedAt} as started
      from ${slots} where ${slots.status} = 'pending' and ${which} for update
    ), remembered as (
      insert into ${slotHoldEnds} (slot_id, client, hold_started_at)
      select id, client, started from ended where client is not null and started is not null
      on conflict (slot_id, client) do update set hold_started_at = excluded.hold_started_at
    )
    update ${slots} set status = 'available', hold_started_at = null, hold_expires_at = null,
      hold_token_hash = null, hold_client = null, updated_at = now()
    from ended where ${slots.id} = ended.id
    returning ${slots.id} as id`)) as unknown as { rows: { id: number }[] };
  return rows.map((row) => Number(row.id));
}

/** Releases the holds of `tokenHash`: on one slot, or on every slot but `exceptId`. */
export function releaseHolds(
  db: Db,
  tokenHash: string,
  slot: { id: number } | { exceptId: number },
): Promise<number[]> {
  return endHolds(
    db,
    and(
      eq(slots.holdTokenHash, tokenHash),
      'id' in slot ? eq(slots.id, slot.id) : ne(slots.id, slot.exceptId),
    ) as SQL,
  );
}

/** Releases every hold counted with `holder` (a slot's `hold_client`), live or lapsed. */
export function releaseHoldsOfHolder(db: Db, holder: string): Promise<number[]> {
  return endHolds(db, eq(slots.holdClient, holder));
}

/**
 * Sets the status of a slot whose status is one of `from`; a pending one gets a hold that lapses. Staff set a
 * held slot available only when the hold is theirs (no hold token) or has lapsed: a visitor's live hold stays.
 */
export async function setSlotStatus(
  db: Db,
  id: number,
  from: Slot['status'][],
  status: 'available' | 'pending',
  holdMinutes: number,
): Promise<Slot | undefined> {
  const [row] = await db
    .update(slots)
    .set(
      status === 'available'
        ? { status, ...noHold, updatedAt: sql`now()` }
        : {
            status,
            holdStartedAt: sql`now()`,
            holdExpiresAt: sql`now() + make_interval(mins => ${holdMinutes})`,
            holdTokenHash: null,
            holdClient: null,
            updatedAt: sql`now()`,
          },
    )
    .where(
      and(
        eq(slots.id, id),
        inArray(slots.status, from),
        status === 'pending'
          ? gt(slots.startsAt, sql`now()`)
          : or(ne(slots.status, 'pending'), isNull(slots.holdTokenHash), lt(slots.holdExpiresAt, sql`now()`)),
      ),
    )
    .returning();
  return row;
}

/**
 * Gives the future free slots of a kind (available, or withdrawn by a closure and offered again at this price if it
 * is deleted) a new price; held, booked and started ones keep theirs. Answers the ids of those whose price changed.
 */
export async function repriceFreeFutureSlots(db: Db, kind: SlotKind, priceCents: number): Promise<number[]> {
  const rows = await db
    .update(slots)
    .set({ priceCents, updatedAt: sql`now()` })
    .where(
      and(
        ofKind(kind),
        inArray(slots.status, ['available', 'withdrawn']),
        gt(slots.startsAt, sql`now()`),
        ne(slots.priceCents, priceCents),
      ),
    )
    .returning({ id: slots.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** Deletes a slot only while it is available, or withdrawn by a closure. */
export async function deleteAvailableSlot(db: Db, id: number): Promise<Slot | undefined> {
  const [row] = await db
    .delete(slots)
    .where(and(eq(slots.id, id), inArray(slots.status, ['available', 'withdrawn'])))
    .returning();
  return row;
}

/** Deletes slots the save just inserted (`skip_clashes` leaves them out). */
export async function deleteSlots(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(slots).where(inArray(slots.id, ids));
}

/**
 * Returns lapsed holds to available in one statement (remembering whose they were), and forgets the ends of
 * holds that started more than two lifetimes ago (`hold_slot` no longer looks at them); safe when several
 * instances run it at once.
 */
export async function releaseExpiredHolds(db: Db, holdMinutes: number): Promise<number[]> {
  const released = await endHolds(db, lt(slots.holdExpiresAt, sql`now()`) as SQL);
  await db
    .delete(slotHoldEnds)
    .where(
      lt(
        slotHoldEnds.holdStartedAt,
        sql`now() - make_interval(mins => ${2 * holdLifetimeMinutes(holdMinutes)})`,
      ),
    );
  return released;
}

/**
 * The clinic days of a calendar range with slots of the kind (any slot, or only ones a visitor may take), and
 * those slots' prices in euro, ascending, each once.
 */
export async function daysWithSlots(
  db: Db,
  query: { range_calendar: { from: string; to: string }; is_adult: boolean; is_video_call: boolean },
  onlyBookable: boolean,
): Promise<{ days: string[]; prices: number[] }> {
  const starts = await listSlotStarts(
    db,
    clinicDayRange(query.range_calendar.from, query.range_calendar.to),
    { isAdult: query.is_adult, isVideoCall: query.is_video_call },
    onlyBookable,
  );
  return {
    days: [...new Set(starts.map((slot) => clinicWallClock(slot.startsAt).isoDay))],
    prices: [...new Set(starts.map((slot) => slot.priceCents))]
      .sort((a, b) => a - b)
      .map((cents) => cents / 100),
  };
}

/**
 * Extends the live hold of `tokenHash` on a slot to `holdMinutes` from now (a booking in progress keeps it),
 * but never past the hold's lifetime from when it started.
 */
export async function extendHold(
  db: Db,
  id: number,
  tokenHash: string,
  holdMinutes: number,
): Promise<Slot | undefined> {
  const [row] = await db
    .update(slots)
    .set({
      holdExpiresAt: cappedHoldEnd(holdMinutes),
      // A hold taken before holds had a start (migration 0005) starts now.
      holdStartedAt: sql`coalesce(${slots.holdStartedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(slots.id, id), gt(slots.startsAt, sql`now()`), heldBy(tokenHash)))
    .returning();
  return row;
}

/**
 * Books a slot for a paid booking: while `tokenHash` still holds it (even if the hold has just lapsed), or
 * while anyone may take it. A slot someone else holds or has booked is not taken.
 */
export async function bookSlot(db: Db, id: number, tokenHash: string | null): Promise<Slot | undefined> {
  const ours = tokenHash ? and(eq(slots.status, 'pending'), eq(slots.holdTokenHash, tokenHash)) : undefined;
  const [row] = await db
    .update(slots)
    .set({ status: 'booked', ...noHold, updatedAt: sql`now()` })
    .where(and(eq(slots.id, id), ours ? or(ours, bookableNow) : bookableNow))
    .returning();
  return row;
}

/**
 * A slot staff may book for a patient now: not started, and available, or held by staff (`PUT
 * /api/admin/sessions/:id` pending: a hold without a visitor's token), or held by a visitor whose hold has lapsed.
 */
const bookableByStaff: SQL = and(
  gt(slots.startsAt, sql`now()`),
  or(
    eq(slots.status, 'available'),
    and(eq(slots.status, 'pending'), or(isNull(slots.holdTokenHash), lt(slots.holdExpiresAt, sql`now()`))),
  ),
) as SQL;

/** Whether staff may book the slot now (see `bookableByStaff`). */
export function isBookableByStaff(slot: Slot, now = new Date()): boolean {
  if (slot.startsAt.getTime() <= now.getTime()) return false;
  if (slot.status === 'available') return true;
  return (
    slot.status === 'pending' &&
    (slot.holdTokenHash === null || (slot.holdExpiresAt?.getTime() ?? 0) < now.getTime())
  );
}

/**
 * Books a slot for an appointment staff make or move (one atomic statement): only while staff may book it
 * (`bookableByStaff`); a slot a visitor holds, or booked, or started, is not taken.
 */
export async function bookSlotForStaff(db: Db, id: number): Promise<Slot | undefined> {
  const [row] = await db
    .update(slots)
    .set({ status: 'booked', ...noHold, updatedAt: sql`now()` })
    .where(and(eq(slots.id, id), bookableByStaff))
    .returning();
  return row;
}

/**
 * Frees a booked slot that has not started (its appointment was refunded, cancelled or moved): available again,
 * or withdrawn when it lies in a closure.
 */
export async function freeBookedSlot(db: Db, id: number, reason: SlotFreedReason): Promise<Slot | undefined> {
  const [row] = await db
    .update(slots)
    .set({
      status: sql`case when ${slots.closureId} is null then 'available' else 'withdrawn' end`,
      ...noHold,
      updatedAt: sql`now()`,
    })
    .where(and(eq(slots.id, id), eq(slots.status, 'booked'), gt(slots.startsAt, sql`now()`)))
    .returning();
  // The wait list hears of it in the same transaction (its outbox), whichever move freed it.
  if (row?.status === 'available') await noteSlotsFreed(db, [row.id], reason);
  return row;
}

/** The `hold_client` of a time held for a wait-list offer: never counted toward any address. */
export const OFFER_HOLD_PREFIX = 'offer:';
export const offerHolder = (offerId: number) => `${OFFER_HOLD_PREFIX}${offerId}`;

/**
 * Holds a free slot (available, or its hold lapsed; not started) for a wait-list offer until `expiresAt`, in one
 * atomic statement: of racing offers of one slot one wins. Nobody else can hold or book it while it lasts.
 */
export async function holdSlotForOffer(
  db: Db,
  id: number,
  offer: { id: number; tokenHash: string; minutes: number },
): Promise<Slot | undefined> {
  const [row] = await db
    .update(slots)
    .set({
      status: 'pending',
      holdStartedAt: sql`now()`,
      holdExpiresAt: sql`now() + make_interval(mins => ${offer.minutes})`,
      holdTokenHash: offer.tokenHash,
      holdClient: offerHolder(offer.id),
      updatedAt: sql`now()`,
    })
    .where(and(eq(slots.id, id), bookableNow))
    .returning();
  return row;
}

/**
 * The person an offer was sent to takes its hold (`X-Offer-Token`): the hold is theirs under a hold token of its
 * own, for at least `holdMinutes` more, still counted with the offer. One atomic statement, so of two people
 * taking one offer at once one does; the offer's token holds nothing afterwards.
 */
export async function takeOfferedHold(
  db: Db,
  id: number,
  offer: { tokenHash: string; newTokenHash: string; holdMinutes: number },
): Promise<Slot | undefined> {
  const [row] = await db
    .update(slots)
    .set({
      holdTokenHash: offer.newTokenHash,
      holdStartedAt: sql`now()`,
      holdExpiresAt: sql`greatest(${slots.holdExpiresAt}, now() + make_interval(mins => ${offer.holdMinutes}))`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(slots.id, id),
        gt(slots.startsAt, sql`now()`),
        sql`${slots.holdClient} like 'offer:%'`,
        heldBy(offer.tokenHash),
      ),
    )
    .returning();
  return row;
}

/** Ends the hold kept for an offer (taken by its person or not), live or lapsed. Answers the slots' ids. */
export function releaseOfferHold(db: Db, offerId: number): Promise<number[]> {
  return endHolds(db, eq(slots.holdClient, offerHolder(offerId)));
}

/** Live holds now, for the metrics: visitors' (with the address they came from) and staff's (without). */
export async function countLiveHolds(db: Db): Promise<{ visitor: number; staff: number }> {
  const [row] = await db
    .select({
      visitor: sql<number>`count(*) filter (where ${slots.holdClient} is not null)::int`,
      staff: sql<number>`count(*) filter (where ${slots.holdClient} is null)::int`,
    })
    .from(slots)
    .where(and(eq(slots.status, 'pending'), gt(slots.holdExpiresAt, sql`now()`)));
  return { visitor: Number(row?.visitor ?? 0), staff: Number(row?.staff ?? 0) };
}
