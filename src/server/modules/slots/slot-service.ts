import { closureTexts } from '../../../shared/closures';
import {
  type AdminSlot,
  MAX_HOLDS_PER_ADDRESS,
  type PublicSlot,
  type SaveSlotsRequest,
  type SkippedSlot,
  type SlotAnswer,
  type SlotCreate,
  type SlotStatus,
  slotTexts,
} from '../../../shared/slots';
import { waitlistTexts } from '../../../shared/waitlist';
import type { Db } from '../../db/database';
import { DEADLOCK_DETECTED, databaseErrorCode, EXCLUSION_VIOLATION } from '../../db/database-errors';
import { preparedPerDatabase } from '../../db/paginate';
import type { Closure, Slot } from '../../db/schema';
import { conflict, fieldError, limitReached, notFound, refused, refusedFields } from '../../domain-errors';
import { hashSecretToken, newSecretToken } from '../../security/secret-tokens';
import { type AdminActor, auditChange, auditRead } from '../audit/audit-log';
import { clinicDayRange, clinicWallClock } from './clinic-time';
import { closureReasons, closuresOverSlots, slotInsideText } from './closure-service';
import { noteSlotsFreed } from './slot-freed-events';
import {
  appointmentsOfSlots,
  deferOverlapCheck,
  deleteAvailableSlot,
  deleteSlots,
  findAnyHeldSlot,
  findSlot,
  holdSlot,
  insertSlots,
  listSlots,
  OFFER_HOLD_PREFIX,
  overlappingSlots,
  releaseHolds,
  type SlotKind,
  type SlotValues,
  setSlotStatus,
  takeOfferedHold,
  teamMemberIdsOf,
  updateEditableSlot,
} from './slot-repository';
import { adminSlotAnswer, publicSlotAnswer, slotAnswer, slotTimes } from './slot-view';

const ENTITY = 'slot';

/**
 * The slots' no-overlap constraint refused a row, or two saves of overlapping rows checked it at once and
 * PostgreSQL gave one of them up as a deadlock (a deferred exclusion check waits only for a conflicting row).
 */
const isOverlapViolation = (error: unknown) => {
  const code = databaseErrorCode(error);
  return code === EXCLUSION_VIOLATION || code === DEADLOCK_DETECTED;
};

const occupied = (field?: string) =>
  refused('slot_overlaps', slotTexts.occupied, field ? fieldError(field, slotTexts.occupied) : undefined);

function rowValues(slot: SlotCreate): SlotValues {
  return {
    startsAt: slot.start_date,
    endsAt: slot.end_date,
    priceCents: Math.round(slot.price * 100),
    isAdult: slot.is_adult,
    isVideoCall: slot.is_video_call,
    location: slot.is_video_call ? null : (slot.location ?? null),
    ...(slot.consultant_id === undefined ? {} : { consultantId: slot.consultant_id }),
  };
}

/** Refuses a save with a slot in the past, or whose own slots overlap (same kind), naming each such entry; the database refuses overlaps with stored slots. */
export function checkBatch(items: { field: string; values: SlotValues }[], now: Date): void {
  const inPast = items.filter(({ values }) => values.startsAt.getTime() <= now.getTime());
  if (inPast.length > 0) {
    throw refusedFields(inPast.map(({ field }) => [field, slotTexts.startsInPast] as const));
  }
  // Every entry that clashes with another of the save is named, both of each pair, in the save's order.
  const clashing = new Set<string>();
  const sorted = [...items].sort((a, b) => a.values.startsAt.getTime() - b.values.startsAt.getTime());
  for (const [index, item] of sorted.entries()) {
    for (const earlier of sorted.slice(0, index)) {
      if (
        earlier.values.isAdult === item.values.isAdult &&
        earlier.values.isVideoCall === item.values.isVideoCall &&
        earlier.values.endsAt.getTime() > item.values.startsAt.getTime()
      ) {
        clashing.add(earlier.field).add(item.field);
      }
    }
  }
  if (clashing.size > 0) {
    throw refusedFields(
      items
        .filter(({ field }) => clashing.has(field))
        .map(({ field }) => [field, slotTexts.occupied] as const),
    );
  }
}

/** The slots of the clinic days and kinds a save touched, by start. */
async function slotsOfDays(db: Db, rows: Slot[]): Promise<SlotAnswer[]> {
  const days = [...new Set(rows.map((row) => clinicWallClock(row.startsAt).isoDay))].sort();
  const kinds = new Map<string, SlotKind>();
  for (const row of rows) kinds.set(`${row.isAdult}/${row.isVideoCall}`, row);
  const answer: SlotAnswer[] = [];
  for (const day of days) {
    for (const row of await listSlots(db, clinicDayRange(day), [...kinds.values()])) {
      answer.push(slotAnswer(row));
    }
  }
  return answer;
}

/**
 * The back office's day list: the slots of a clinic day and kind, with who holds each and, for a booked one, its
 * appointment and patient. The patients' names are personal data, so the read is audited (their ids).
 */
export async function listDayForStaff(
  db: Db,
  actor: AdminActor,
  day: string,
  kind: SlotKind,
): Promise<AdminSlot[]> {
  const rows = await listSlots(db, clinicDayRange(day), [kind]);
  const [bookings, reasons] = await Promise.all([
    appointmentsOfSlots(
      db,
      rows.filter((row) => row.status === 'booked').map((row) => row.id),
    ),
    closureReasons(
      db,
      rows.flatMap((row) => row.closureId ?? []),
    ),
  ]);
  const patientIds = [...bookings.values()].flatMap((booking) => booking.patientId ?? []);
  if (patientIds.length > 0) {
    await auditRead(db, actor, 'patient', null, { via: 'slots_day', patient_ids: patientIds });
  }
  return rows.map((row) =>
    adminSlotAnswer(
      row,
      bookings.get(row.id),
      row.closureId === null ? undefined : reasons.get(row.closureId),
    ),
  );
}

/** A new slot a save with `skip_clashes` left out, and why. */
function skippedEntry(
  field: string,
  values: SlotValues,
  code: SkippedSlot['code'],
  message: string,
): SkippedSlot {
  return { field, ...slotTimes(values), code, message };
}

/**
 * The slot editor's save: every new and changed slot in ONE transaction with its audit entries, all or
 * none. A changed slot must be available and not started; overlaps within the save and with stored slots of
 * the same kind are refused (the latter by the database's exclusion constraint, so racing saves are safe), and so
 * is a slot inside a closure of the clinic. With `skip_clashes` ('Copy this day'), a new slot that overlaps a stored
 * one or lies in a closure is left out and answered under `skipped` instead.
 */
export async function saveSlots(
  db: Db,
  actor: AdminActor,
  request: SaveSlotsRequest,
): Promise<{ sessions: SlotAnswer[]; skipped: SkippedSlot[] }> {
  const creates = request.sessions_create.map((slot, index) => ({
    field: `sessions_create.${index}`,
    values: rowValues(slot),
  }));
  const updates = request.sessions_update.map((slot, index) => ({
    field: `sessions_update.${index}`,
    id: slot.id,
    values: rowValues(slot),
  }));
  const skipClashes = request.skip_clashes === true;
  const ids = updates.map((update) => update.id);
  if (new Set(ids).size !== ids.length) {
    throw refused('slot_changed_twice', 'Each slot may be changed only once in a save.');
  }
  checkBatch([...creates, ...updates], new Date());
  if (creates.length + updates.length === 0) return { sessions: [], skipped: [] };

  try {
    return await db.transaction(async (tx) => {
      await deferOverlapCheck(tx);
      const items = [...creates, ...updates];
      const named = items.flatMap(({ values }) => (values.consultantId ? [values.consultantId] : []));
      const known = await teamMemberIdsOf(tx, [...new Set(named)]);
      const unknown = items.filter(({ values }) => values.consultantId && !known.has(values.consultantId));
      if (unknown.length > 0)
        throw refusedFields(
          unknown.map(({ field }) => [`${field}.consultant_id`, slotTexts.consultantUnknown] as const),
        );
      const closed = await closuresOverSlots(tx, [...creates, ...updates]);
      const skipped: SkippedSlot[] = [];
      const refusedInClosure = [...creates, ...updates].filter(
        ({ field }) => closed.has(field) && !(skipClashes && field.startsWith('sessions_create.')),
      );
      if (refusedInClosure.length > 0) {
        throw refusedFields(
          refusedInClosure.map(({ field }) => [field, slotInsideText(closed.get(field) as Closure)] as const),
          undefined,
          'slot_in_closure',
        );
      }
      const toCreate = creates.filter(({ field, values }) => {
        const closure = closed.get(field);
        if (closure) skipped.push(skippedEntry(field, values, 'slot_in_closure', slotInsideText(closure)));
        return !closure;
      });

      const touched: Slot[] = [];
      const fieldOfRow = new Map<number, string>();
      for (const update of updates) {
        const before = await findSlot(tx, update.id);
        if (!before) throw notFound(slotTexts.notFound);
        const after = await updateEditableSlot(tx, update.id, update.values);
        if (!after)
          throw refused(
            'slot_not_editable',
            slotTexts.notEditable,
            fieldError(update.field, slotTexts.notEditable),
          );
        touched.push(before, after);
        fieldOfRow.set(after.id, update.field);
        await auditChange(tx, actor, 'update', ENTITY, after.id, {
          from: { starts_at: before.startsAt, ends_at: before.endsAt, price_cents: before.priceCents },
          to: { starts_at: after.startsAt, ends_at: after.endsAt, price_cents: after.priceCents },
        });
      }
      let created = await insertSlots(
        tx,
        toCreate.map((create) => create.values),
      );
      const createdField = new Map(created.map((row, index) => [row.id, toCreate[index]?.field ?? '']));
      if (skipClashes) {
        // A new slot over a stored one is left out; one over a slot this save changed too (the rows are read anew).
        const clashing = await overlappingSlots(
          tx,
          created.map((row) => row.id),
        );
        if (clashing.size > 0) {
          await deleteSlots(tx, [...clashing]);
          for (const row of created.filter((candidate) => clashing.has(candidate.id))) {
            skipped.push(
              skippedEntry(createdField.get(row.id) ?? '', row, 'slot_overlaps', slotTexts.occupied),
            );
          }
          created = created.filter((row) => !clashing.has(row.id));
        }
      }
      await noteSlotsFreed(
        tx,
        created.map((row) => row.id),
        'added',
      );
      for (const row of created) {
        touched.push(row);
        fieldOfRow.set(row.id, createdField.get(row.id) ?? '');
        await auditChange(tx, actor, 'create', ENTITY, row.id, {
          starts_at: row.startsAt,
          ends_at: row.endsAt,
          is_adult: row.isAdult,
          is_video_call: row.isVideoCall,
        });
      }
      // Each entry that overlaps a stored slot is named, so a copy to many days says which day and time.
      const overlapping = await overlappingSlots(tx, [...fieldOfRow.keys()]);
      if (overlapping.size > 0) {
        throw refusedFields(
          [...fieldOfRow].flatMap(([id, field]) =>
            overlapping.has(id) ? [[field, slotTexts.occupied] as const] : [],
          ),
          slotTexts.occupied,
        );
      }
      skipped.sort((a, b) => fieldOrder(a.field) - fieldOrder(b.field));
      return { sessions: await slotsOfDays(tx, touched), skipped };
    });
  } catch (error) {
    if (isOverlapViolation(error)) throw occupied();
    throw error;
  }
}

/** `sessions_create.12` → 12, to list skipped entries in the save's order. */
const fieldOrder = (field: string) => Number(field.split('.')[1] ?? 0);

/**
 * Sets a slot's status from the back office: `pending` holds an available future slot while an admin books
 * it for a patient (for `holdMinutes`, then it lapses like a visitor's hold), `available` releases a staff hold
 * (a visitor's live hold is refused: 409). A booked slot changes only through its appointment.
 */
export async function changeSlotStatus(
  db: Db,
  actor: AdminActor,
  id: number,
  status: SlotStatus,
  holdMinutes: number,
): Promise<SlotAnswer> {
  if (status === 'booked') throw refused('slot_booked_by_setting', slotTexts.bookedBySetting);
  return db.transaction(async (tx) => {
    const before = await findSlot(tx, id);
    if (!before) throw notFound(slotTexts.notFound);
    if (before.status === 'booked') throw refused('slot_booked', slotTexts.bookedStatusLocked);
    if (before.status === 'withdrawn') throw conflict('slot_withdrawn', closureTexts.slotWithdrawn);
    if (status === 'available' && before.status === 'available') return slotAnswer(before);
    if (status === 'pending' && before.status === 'pending') throw conflict('slot_held', slotTexts.taken);
    const after = await setSlotStatus(tx, id, [before.status], status, holdMinutes);
    if (!after && status === 'available') throw conflict('slot_held', slotTexts.heldByVisitor);
    if (!after) {
      throw before.startsAt.getTime() <= Date.now()
        ? refused('slot_not_editable', slotTexts.notEditable)
        : conflict('slot_taken', slotTexts.taken);
    }
    await auditChange(tx, actor, 'update', ENTITY, id, { status: { from: before.status, to: after.status } });
    return slotAnswer(after);
  });
}

/** Deletes an available slot; a booked one is refused with the spec's text, a held one with 409. */
export async function removeSlot(db: Db, actor: AdminActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deleteAvailableSlot(tx, id);
    if (!row) {
      const existing = await findSlot(tx, id);
      if (!existing) throw notFound(slotTexts.notFound);
      if (existing.status === 'booked') throw refused('slot_booked', slotTexts.deleteBooked);
      throw conflict('slot_held', slotTexts.deletePending);
    }
    await auditChange(tx, actor, 'delete', ENTITY, id, {
      starts_at: row.startsAt,
      ends_at: row.endsAt,
      is_adult: row.isAdult,
      is_video_call: row.isVideoCall,
    });
  });
}

export interface VisitorHold {
  session: PublicSlot;
  hold_token: string;
  hold_expires_at: string;
}

/**
 * Whose live holds a new hold is counted with, and how many they may have at once: a visitor's address
 * (`holdsOfAddress`), or a booking its patient is moving (the appointments' own key), whose holds never count
 * toward the address they came from. The key also carries the hold's clock between holds (`hold_slot`).
 */
export interface HoldCount {
  key: string;
  maxHolds: number;
}

/** A visitor's holds count with the others of their address (an IPv6 one by its /64). */
const holdsOfAddress = (client: string): HoldCount => ({
  key: client,
  maxHolds: MAX_HOLDS_PER_ADDRESS,
});

/**
 * Whose holds a visitor's hold counts with: a time taken from a wait-list offer stays the offer's when its taker
 * holds it again (choosing it anew on the booking page), so the offer is not read as lapsed and its entry ends when
 * it is booked; any other hold counts with the visitor's address.
 */
export async function holdCountOf(db: Db, ownToken: string | undefined, client: string): Promise<HoldCount> {
  const held = ownToken === undefined ? undefined : await findAnyHeldSlot(db, hashSecretToken(ownToken));
  return held?.holdClient?.startsWith(OFFER_HOLD_PREFIX)
    ? { key: held.holdClient, maxHolds: 1 }
    : holdsOfAddress(client);
}

/**
 * A visitor's preliminary booking, in one database call: the slot is taken only if it is free, has not
 * started and the holds it counts with (`count`: the visitor's address, or the booking a patient moves) are
 * fewer than their `maxHolds` besides the visitor's own, so of many racing visitors exactly one wins and one
 * address cannot hold the whole calendar. The visitor's hold on another slot (same token) is released in the
 * same call, and does not count: a browser holds one time at a time, and choosing another lets the first go.
 */
export async function holdForVisitor(
  db: Db,
  id: number,
  visitor: { ownToken: string | undefined; count: HoldCount },
  holdMinutes: number,
): Promise<VisitorHold> {
  const fresh = newSecretToken();
  const own = visitor.ownToken === undefined ? undefined : hashSecretToken(visitor.ownToken);
  const held = await holdDecidedOnce(db, id, {
    tokenHash: fresh.hash,
    holdMinutes,
    client: visitor.count.key,
    maxHolds: visitor.count.maxHolds,
    ownHash: own,
  });
  if ('refusal' in held) {
    if (held.refusal === 'missing') throw notFound(slotTexts.notFound);
    if (held.refusal === 'limit') throw limitReached('holds_limit', slotTexts.tooManyHolds(holdMinutes));
    if (held.refusal === 'lifetime') throw conflict('hold_lifetime_reached', slotTexts.heldLongEnough);
    throw conflict('slot_taken', slotTexts.taken);
  }
  // A visitor re-holding their own time keeps their token: their booking under it stays theirs.
  const token = held.row.holdTokenHash === own && visitor.ownToken ? visitor.ownToken : fresh.token;
  return {
    session: publicSlotAnswer(held.row, held.row.holdTokenHash ?? undefined),
    hold_token: token,
    hold_expires_at: (held.row.holdExpiresAt ?? new Date()).toISOString(),
  };
}

type HoldOutcome = Awaited<ReturnType<typeof holdSlot>>;

/** Another hold of the same slot asked for within this many milliseconds: the slot is being raced for. */
const CONTENDED_MS = 200;

/** After the requests read in this turn of the event loop have reached their handlers. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Per database: each slot's hold this process is asking the database for, and when a hold of it was last asked. */
const holdsOn = preparedPerDatabase(() => ({
  inFlight: new Map<number, Promise<HoldOutcome | undefined>>(),
  lastAsked: new Map<number, number>(),
}));

/** When a slot's hold was last asked for, kept for CONTENDED_MS; answers whether one was asked in that time. */
function raced(lastAsked: Map<number, number>, id: number, now: number): boolean {
  const contended = now - (lastAsked.get(id) ?? Number.NEGATIVE_INFINITY) < CONTENDED_MS;
  lastAsked.set(id, now);
  if (lastAsked.size > 1000) {
    for (const [slot, at] of lastAsked) if (now - at >= CONTENDED_MS) lastAsked.delete(slot);
  }
  return contended;
}

/**
 * `holdSlot`, except that a visitor without a hold token who asks for a slot while this process is already
 * asking the database to hold it for someone else waits for that answer instead of queuing a query of their
 * own. If it won, or was refused because the slot is taken, the slot was another visitor's when the database
 * answered, which is what the database would answer: 'taken' (409). Any other answer (no such slot, the other
 * address's limit, an error) sends the waiter to the database itself, as does a hold token (whose own slot
 * the database alone can tell). A visitor alone asks at once; only when the slot was asked for a moment ago (it
 * is being raced for) does the next one ask after one turn of the event loop, so that the requests read in the
 * same turn join it (PGlite answers within microtasks, before the next request is even read). Nothing is
 * remembered once the answer is in, so other instances, releases and staff changes are never missed. Measured
 * without it, 200 holds at once over 10 slots took 438–490 ms (PGlite) and 343–352 ms (PostgreSQL) at the 99th
 * percentile, with it 132–171 and 175–183 ms (`npm run bench -- --only holds`, docs/performance.md).
 */
async function holdDecidedOnce(
  db: Db,
  id: number,
  hold: Parameters<typeof holdSlot>[2],
): Promise<HoldOutcome> {
  const { inFlight, lastAsked } = holdsOn(db);
  const contended = raced(lastAsked, id, Date.now());
  const racing = hold.ownHash === undefined ? inFlight.get(id) : undefined;
  if (racing) {
    const outcome = await racing;
    if (outcome && ('row' in outcome || outcome.refusal === 'taken')) return { refusal: 'taken' };
  }
  const leads = !inFlight.has(id);
  const attempt = leads && contended ? nextTurn().then(() => holdSlot(db, id, hold)) : holdSlot(db, id, hold);
  if (leads) {
    const settled = attempt.catch(() => undefined);
    inFlight.set(id, settled);
    void settled.then(() => {
      if (inFlight.get(id) === settled) inFlight.delete(id);
    });
  }
  return attempt;
}

/**
 * Takes the hold kept for a wait-list offer with the offer's token (`X-Offer-Token` on the hold call): the visitor
 * gets a hold token of their own for it. Anything else (lapsed, declined, taken already, another slot) is a 409
 * `offer_not_valid`, and nothing changes.
 */
export async function takeOffer(
  db: Db,
  id: number,
  offerToken: string | undefined,
  holdMinutes: number,
): Promise<VisitorHold> {
  if (offerToken === undefined) throw conflict('offer_not_valid', waitlistTexts.offerNotValid);
  const fresh = newSecretToken();
  const row = await takeOfferedHold(db, id, {
    tokenHash: hashSecretToken(offerToken),
    newTokenHash: fresh.hash,
    holdMinutes,
  });
  if (!row) {
    if (!(await findSlot(db, id))) throw notFound(slotTexts.notFound);
    throw conflict('offer_not_valid', waitlistTexts.offerNotValid);
  }
  return {
    session: publicSlotAnswer(row, fresh.hash),
    hold_token: fresh.token,
    hold_expires_at: (row.holdExpiresAt ?? new Date()).toISOString(),
  };
}

/** Ends a visitor's own hold at once ('Choose another time', leaving the flow); 404 without its token. */
export async function releaseVisitorHold(db: Db, id: number, tokenHash: string | undefined): Promise<void> {
  const released = tokenHash ? await releaseHolds(db, tokenHash, { id }) : [];
  if (released.length === 0) throw notFound(slotTexts.holdNotFound);
}
