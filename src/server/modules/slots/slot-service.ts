import { createHash, randomBytes } from 'node:crypto';
import {
  MAX_HOLDS_PER_CLIENT,
  type PublicSession,
  type SaveSessionsRequest,
  type Session,
  type SlotCreate,
  type SlotStatus,
  slotTexts,
} from '../../../shared/slots';
import type { Db } from '../../db/database';
import { databaseErrorCode, EXCLUSION_VIOLATION } from '../../db/database-errors';
import { preparedPerDatabase } from '../../db/paginate';
import { HttpError, notFound } from '../../http/http-errors';
import { fieldErrors } from '../../http/validation';
import { type Actor, auditChange } from '../audit/audit-log';
import { clinicDayRange, clinicWallClock } from './clinic-time';
import {
  deferOverlapCheck,
  deleteAvailableSession,
  findSessionRow,
  holdSession,
  insertSessions,
  listSessionRows,
  releaseHolds,
  type SessionRow,
  type SessionValues,
  type SlotKind,
  setSessionStatus,
  toPublicSession,
  toSession,
  updateEditableSession,
} from './slot-repository';

const ENTITY = 'session';

/** The slots' no-overlap constraint refused a row. */
const isOverlapViolation = (error: unknown) => databaseErrorCode(error) === EXCLUSION_VIOLATION;

const occupied = (field?: string) =>
  new HttpError(422, slotTexts.occupied, field ? fieldErrors([[field, [slotTexts.occupied]]]) : undefined);

function rowValues(slot: SlotCreate): SessionValues {
  return {
    startsAt: slot.start_date,
    endsAt: slot.end_date,
    priceCents: Math.round(slot.price * 100),
    isAdult: slot.is_adult,
    isVideoCall: slot.is_video_call,
    location: slot.is_video_call ? null : (slot.location ?? null),
  };
}

/** Refuses a save whose own slots overlap (same kind); the database refuses overlaps with stored slots. */
function checkBatch(items: { field: string; values: SessionValues }[], now: Date): void {
  for (const { field, values } of items) {
    if (values.startsAt.getTime() <= now.getTime()) {
      throw new HttpError(422, slotTexts.startsInPast, fieldErrors([[field, [slotTexts.startsInPast]]]));
    }
  }
  const sorted = [...items].sort((a, b) => a.values.startsAt.getTime() - b.values.startsAt.getTime());
  for (const [index, item] of sorted.entries()) {
    for (const earlier of sorted.slice(0, index)) {
      if (
        earlier.values.isAdult === item.values.isAdult &&
        earlier.values.isVideoCall === item.values.isVideoCall &&
        earlier.values.endsAt.getTime() > item.values.startsAt.getTime()
      ) {
        throw occupied(item.field);
      }
    }
  }
}

/** The slots of the clinic days and kinds a save touched, by start. */
async function slotsOfDays(db: Db, rows: SessionRow[]): Promise<Session[]> {
  const days = [...new Set(rows.map((row) => clinicWallClock(row.startsAt).isoDay))].sort();
  const kinds = new Map<string, SlotKind>();
  for (const row of rows) kinds.set(`${row.isAdult}/${row.isVideoCall}`, row);
  const answer: Session[] = [];
  for (const day of days) {
    for (const row of await listSessionRows(db, clinicDayRange(day), [...kinds.values()])) {
      answer.push(toSession(row));
    }
  }
  return answer;
}

/**
 * The slot editor's save: every new and changed slot in ONE transaction with its audit entries, all or
 * none. A changed slot must be available and not started; overlaps within the save and with stored slots of
 * the same kind are refused (the latter by the database's exclusion constraint, so racing saves are safe).
 */
export async function saveSessions(db: Db, actor: Actor, request: SaveSessionsRequest): Promise<Session[]> {
  const creates = request.sessions_create.map((slot, index) => ({
    field: `sessions_create.${index}`,
    values: rowValues(slot),
  }));
  const updates = request.sessions_update.map((slot, index) => ({
    field: `sessions_update.${index}`,
    id: slot.id,
    values: rowValues(slot),
  }));
  const ids = updates.map((update) => update.id);
  if (new Set(ids).size !== ids.length) {
    throw new HttpError(422, 'Each slot may be changed only once in a save.');
  }
  checkBatch([...creates, ...updates], new Date());
  if (creates.length + updates.length === 0) return [];

  try {
    return await db.transaction(async (tx) => {
      await deferOverlapCheck(tx);
      const touched: SessionRow[] = [];
      for (const update of updates) {
        const before = await findSessionRow(tx, update.id);
        if (!before) throw new HttpError(404, slotTexts.notFound);
        const after = await updateEditableSession(tx, update.id, update.values);
        if (!after) {
          throw new HttpError(
            422,
            slotTexts.notEditable,
            fieldErrors([[update.field, [slotTexts.notEditable]]]),
          );
        }
        touched.push(before, after);
        await auditChange(tx, actor, 'update', ENTITY, after.id, {
          from: { starts_at: before.startsAt, ends_at: before.endsAt, price_cents: before.priceCents },
          to: { starts_at: after.startsAt, ends_at: after.endsAt, price_cents: after.priceCents },
        });
      }
      const created = await insertSessions(
        tx,
        creates.map((create) => create.values),
      );
      for (const row of created) {
        touched.push(row);
        await auditChange(tx, actor, 'create', ENTITY, row.id, {
          starts_at: row.startsAt,
          ends_at: row.endsAt,
          is_adult: row.isAdult,
          is_video_call: row.isVideoCall,
        });
      }
      return slotsOfDays(tx, touched);
    });
  } catch (error) {
    if (isOverlapViolation(error)) throw occupied();
    throw error;
  }
}

/**
 * Sets a slot's status from the back office: `pending` holds an available future slot while an admin books
 * it for a patient (it lapses like a visitor's hold), `available` releases a hold. A booked slot changes only
 * through its appointment.
 */
export async function changeSessionStatus(
  db: Db,
  actor: Actor,
  id: number,
  status: SlotStatus,
  holdMinutes: number,
): Promise<Session> {
  if (status === 'booked') throw new HttpError(422, slotTexts.bookedBySetting);
  return db.transaction(async (tx) => {
    const before = await findSessionRow(tx, id);
    if (!before) throw notFound('Session');
    if (before.status === 'booked') throw new HttpError(422, slotTexts.bookedStatusLocked);
    if (status === 'available' && before.status === 'available') return toSession(before);
    if (status === 'pending' && before.status === 'pending') throw new HttpError(409, slotTexts.taken);
    const after = await setSessionStatus(tx, id, [before.status], status, holdMinutes);
    if (!after) {
      throw before.startsAt.getTime() <= Date.now()
        ? new HttpError(422, slotTexts.notEditable)
        : new HttpError(409, slotTexts.taken);
    }
    await auditChange(tx, actor, 'update', ENTITY, id, { status: { from: before.status, to: after.status } });
    return toSession(after);
  });
}

/** Deletes an available slot; a booked one is refused with the spec's text, a held one with 409. */
export async function removeSession(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deleteAvailableSession(tx, id);
    if (!row) {
      const existing = await findSessionRow(tx, id);
      if (!existing) throw notFound('Session');
      if (existing.status === 'booked') throw new HttpError(422, slotTexts.deleteBooked);
      throw new HttpError(409, slotTexts.deletePending);
    }
    await auditChange(tx, actor, 'delete', ENTITY, id, {
      starts_at: row.startsAt,
      ends_at: row.endsAt,
      is_adult: row.isAdult,
      is_video_call: row.isVideoCall,
    });
  });
}

/** A hold token as the browser keeps it; the database keeps only its hash. */
export function hashHoldToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A header value that can be a hold token (32 random bytes, base64url), hashed; anything else is no token. */
export function holdTokenHashOf(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && /^[A-Za-z0-9_-]{43}$/.test(header) ? hashHoldToken(header) : undefined;
}

export interface VisitorHold {
  session: PublicSession;
  hold_token: string;
  hold_expires_at: string;
}

/**
 * Who a hold is counted against: the address, an IPv6 one by its /64 (one subscriber's usual allocation,
 * so rotating addresses within it gains nothing); an IPv4-mapped IPv6 address is its IPv4 address.
 */
export function holdClientOf(ip: string): string {
  const address = ip.toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => (Number.parseInt(group, 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * A visitor's preliminary booking, in one database call: the slot is taken only if it is free, has not
 * started and the visitor's address holds fewer than MAX_HOLDS_PER_CLIENT other live slots, so of many
 * racing visitors exactly one wins and one address cannot hold the whole calendar. The visitor's hold on
 * another slot (same token) is released in the same call, and does not count: choosing another time lets
 * the first go.
 */
export async function holdForVisitor(
  db: Db,
  id: number,
  visitor: { ownHash: string | undefined; client: string },
  holdMinutes: number,
): Promise<VisitorHold> {
  const { ownHash, client } = visitor;
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashHoldToken(token);
  const held = await holdRacingOnce(db, id, {
    tokenHash,
    holdMinutes,
    client,
    maxHolds: MAX_HOLDS_PER_CLIENT,
    ownHash,
  });
  if ('refusal' in held) {
    if (held.refusal === 'missing') throw notFound('Session');
    if (held.refusal === 'limit') throw new HttpError(429, slotTexts.tooManyHolds);
    throw new HttpError(409, slotTexts.taken);
  }
  return {
    session: toPublicSession(held.row, tokenHash),
    hold_token: token,
    hold_expires_at: (held.row.holdExpiresAt ?? new Date()).toISOString(),
  };
}

/** After the requests read in this turn of the event loop have reached their handlers. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type HoldOutcome = Awaited<ReturnType<typeof holdSession>>;

/** Per database, the hold of each slot this process is asking the database for, settled without throwing. */
const holdsInFlightOn = preparedPerDatabase(() => new Map<number, Promise<HoldOutcome | undefined>>());

/**
 * `holdSession`, except that a visitor without a hold token who asks for a slot while this process is already
 * asking the database to hold it for someone else waits for that answer instead of queuing a query of their
 * own. If it won, or was refused because the slot is taken, the slot was another visitor's when the database
 * answered (at most that query's round trip before the waiter asked, so a hold lapsing in that millisecond is
 * the only difference), which is what the database would have answered: 'taken' (409). Any other answer (no
 * such slot, the other address's limit, an error) sends the waiter to the database itself, as does a hold
 * token (whose own slot the database alone can tell). The first asks after one turn of the event loop, so
 * the requests read in the same turn join it (PGlite answers within microtasks, before the next request is
 * even read). When a popular slot is chosen by many at once, one query decides it and the rest are answered
 * from it (`npm run bench -- --only holds`). Nothing is remembered once the answer is in, so other instances,
 * releases and staff changes are never missed.
 */
async function holdRacingOnce(
  db: Db,
  id: number,
  hold: Parameters<typeof holdSession>[2],
): Promise<HoldOutcome> {
  const inFlight = holdsInFlightOn(db);
  const racing = hold.ownHash === undefined ? inFlight.get(id) : undefined;
  if (racing) {
    const outcome = await racing;
    if (outcome && ('row' in outcome || outcome.refusal === 'taken')) return { refusal: 'taken' };
  }
  const leads = !inFlight.has(id);
  const attempt = leads ? nextTurn().then(() => holdSession(db, id, hold)) : holdSession(db, id, hold);
  if (leads) {
    const settled = attempt.catch(() => undefined);
    inFlight.set(id, settled);
    void settled.then(() => {
      if (inFlight.get(id) === settled) inFlight.delete(id);
    });
  }
  return attempt;
}

/** Ends a visitor's own hold at once ('Choose another time', leaving the flow); 404 without its token. */
export async function releaseVisitorHold(db: Db, id: number, tokenHash: string | undefined): Promise<void> {
  const released = tokenHash ? await releaseHolds(db, tokenHash, { id }) : [];
  if (released.length === 0) throw new HttpError(404, slotTexts.holdNotFound);
}
