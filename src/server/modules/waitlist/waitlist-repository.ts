import { and, asc, eq, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import {
  type AdminWaitlistQuery,
  WAITLIST_OPEN_OFFERS_PER_ADDRESS,
  type WaitlistOfferStatus,
} from '../../../shared/waitlist';
import type { Db } from '../../db/database';
import { paginate } from '../../db/paginate';
import { slots, waitlistEntries, waitlistOffers } from '../../db/schema';

export type WaitlistEntry = typeof waitlistEntries.$inferSelect;
export type WaitlistOffer = typeof waitlistOffers.$inferSelect;

/** Serialises the joins of one e-mail address and of one client address (the limits are counted inside). */
export async function lockWaitlistSenders(db: Db, emailKey: string, client: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`waitlist-email:${emailKey}`}, 0))`);
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`waitlist-from:${client}`}, 0))`);
}

export const countActiveEntriesOf = (db: Db, emailKey: string) =>
  db.$count(
    waitlistEntries,
    and(eq(waitlistEntries.emailKey, emailKey), eq(waitlistEntries.status, 'active')),
  );

/** Whether the e-mail address already waits for this kind (adult or child, test or video). */
export async function hasActiveEntryOfKind(
  db: Db,
  emailKey: string,
  kind: { isAdult: boolean; isVideoCall: boolean },
): Promise<boolean> {
  const count = await db.$count(
    waitlistEntries,
    and(
      eq(waitlistEntries.emailKey, emailKey),
      eq(waitlistEntries.status, 'active'),
      eq(waitlistEntries.isAdult, kind.isAdult),
      eq(waitlistEntries.isVideoCall, kind.isVideoCall),
    ),
  );
  return count > 0;
}

export const countEntriesFromSince = (db: Db, client: string, since: Date) =>
  db.$count(
    waitlistEntries,
    and(eq(waitlistEntries.sentFrom, client), sql`${waitlistEntries.createdAt} >= ${since.toISOString()}`),
  );

export async function insertEntry(
  db: Db,
  values: typeof waitlistEntries.$inferInsert,
): Promise<WaitlistEntry> {
  const [row] = await db.insert(waitlistEntries).values(values).returning();
  if (!row) throw new Error('insertEntry: no row returned');
  return row;
}

export async function findEntry(db: Db, id: number): Promise<WaitlistEntry | undefined> {
  const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).limit(1);
  return row;
}

/** Ends an active entry (one atomic statement); undefined when it was not active. */
export async function endEntry(
  db: Db,
  id: number,
  status: 'booked' | 'left' | 'expired',
): Promise<WaitlistEntry | undefined> {
  const [row] = await db
    .update(waitlistEntries)
    .set({ status, endedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.status, 'active')))
    .returning();
  return row;
}

/** Ends the active entries whose latest day is before `today` (clinic day); answers their ids. */
export async function expireEntries(db: Db, today: string): Promise<number[]> {
  const rows = await db
    .update(waitlistEntries)
    .set({ status: 'expired', endedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(waitlistEntries.status, 'active'), lt(waitlistEntries.toDay, today)))
    .returning({ id: waitlistEntries.id });
  return rows.map((row) => row.id);
}

/**
 * The first active entry (oldest first) that a slot suits: its kind, adult or child, one of its places (or any),
 * its day within the entry's dates; never one offered this slot before, nor one with an open offer. Locked
 * (`for update skip locked`): a runner offering another time at once passes it by.
 */
export async function firstEntryFor(
  db: Db,
  slot: { id: number; isAdult: boolean; isVideoCall: boolean; location: string | null; day: string },
): Promise<WaitlistEntry | undefined> {
  const place = slot.location;
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.status, 'active'),
        eq(waitlistEntries.isAdult, slot.isAdult),
        eq(waitlistEntries.isVideoCall, slot.isVideoCall),
        sql`${waitlistEntries.fromDay} <= ${slot.day} and ${waitlistEntries.toDay} >= ${slot.day}`,
        place === null
          ? undefined
          : sql`(${waitlistEntries.locations} is null or cardinality(${waitlistEntries.locations}) = 0 or ${place} = any(${waitlistEntries.locations}))`,
        sql`not exists (select 1 from ${waitlistOffers} where ${waitlistOffers.entryId} = ${waitlistEntries.id} and (${waitlistOffers.slotId} = ${slot.id} or ${waitlistOffers.status} = 'open'))`,
        sql`(select count(*) from waitlist_offers as o join waitlist_entries as e on e.id = o.entry_id
              where o.status = 'open' and e.sent_from = ${waitlistEntries.sentFrom}) < ${WAITLIST_OPEN_OFFERS_PER_ADDRESS}`,
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/**
 * A new open offer, or undefined when the entry or the slot already has one: another runner's, committed while this
 * insert waited on the unique index (PostgreSQL makes the second insert wait for the first's transaction).
 */
export async function insertOffer(
  db: Db,
  values: typeof waitlistOffers.$inferInsert,
): Promise<WaitlistOffer | undefined> {
  const [row] = await db.insert(waitlistOffers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deleteOffer(db: Db, id: number): Promise<void> {
  await db.delete(waitlistOffers).where(eq(waitlistOffers.id, id));
}

/** The open offer of a token, locked. */
export async function findOpenOfferByToken(db: Db, tokenHash: string): Promise<WaitlistOffer | undefined> {
  const [row] = await db
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.tokenHash, tokenHash), eq(waitlistOffers.status, 'open')))
    .limit(1)
    .for('update');
  return row;
}

export async function findOpenOfferOfEntry(db: Db, entryId: number): Promise<WaitlistOffer | undefined> {
  const [row] = await db
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.entryId, entryId), eq(waitlistOffers.status, 'open')))
    .limit(1)
    .for('update');
  return row;
}

/** Ends an open offer (one atomic statement); undefined when it was not open. */
export async function endOffer(
  db: Db,
  id: number,
  status: Exclude<WaitlistOfferStatus, 'open'>,
): Promise<WaitlistOffer | undefined> {
  const [row] = await db
    .update(waitlistOffers)
    .set({ status, endedAt: sql`now()` })
    .where(and(eq(waitlistOffers.id, id), eq(waitlistOffers.status, 'open')))
    .returning();
  return row;
}

/**
 * Claims, in one statement, the open offers whose time is no longer held for them (the hold lapsed or was let go,
 * the slot was booked or deleted): booked when the slot is booked, else lapsed. `for update skip locked`, so each
 * is ended once, whatever runs at once.
 */
export async function claimEndedOffers(db: Db, limit: number): Promise<WaitlistOffer[]> {
  // node-postgres and PGlite both answer a raw query as { rows }.
  const { rows } = (await db.execute(sql`
    with ended as (
      select o.id, s.status as slot_status
      from ${waitlistOffers} as o left join ${slots} as s on s.id = o.slot_id
      where o.status = 'open' and not coalesce(
        s.status = 'pending' and s.hold_client = 'offer:' || o.id and s.hold_expires_at > now(), false)
      order by o.id
      limit ${limit}
      for update of o skip locked
    )
    update ${waitlistOffers} as w
    set status = case when ended.slot_status = 'booked' then 'booked' else 'lapsed' end, ended_at = now()
    from ended where w.id = ended.id
    returning w.id, w.entry_id, w.slot_id, w.status`)) as unknown as {
    rows: { id: number; entry_id: number; slot_id: number | null; status: WaitlistOfferStatus }[];
  };
  return rows.map((row) => ({
    id: Number(row.id),
    entryId: Number(row.entry_id),
    slotId: row.slot_id === null ? null : Number(row.slot_id),
    status: row.status,
  })) as WaitlistOffer[];
}

/** The back office's list, oldest first, with how many offers each was made and its open one. */
export async function listEntriesForStaff(db: Db, query: AdminWaitlistQuery) {
  const search = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    query.status === 'active'
      ? eq(waitlistEntries.status, 'active')
      : query.status === 'ended'
        ? inArray(waitlistEntries.status, ['booked', 'left', 'expired'])
        : undefined,
    search ? or(ilike(waitlistEntries.name, search), ilike(waitlistEntries.email, search)) : undefined,
  );
  const page = await paginate(
    db
      .select()
      .from(waitlistEntries)
      .where(where)
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id)),
    db.$count(waitlistEntries, where),
    query,
  );
  const ids = page.items.map((entry) => entry.id);
  const offers =
    ids.length === 0
      ? []
      : await db
          .select({
            entryId: waitlistOffers.entryId,
            status: waitlistOffers.status,
            slotId: waitlistOffers.slotId,
            expiresAt: waitlistOffers.expiresAt,
            startsAt: slots.startsAt,
          })
          .from(waitlistOffers)
          .leftJoin(slots, eq(slots.id, waitlistOffers.slotId))
          .where(inArray(waitlistOffers.entryId, ids));
  return { ...page, offers };
}

export const countActiveEntries = (db: Db) =>
  db.$count(waitlistEntries, eq(waitlistEntries.status, 'active'));

/** The entries of an e-mail address (`recipientKey`), for a person's export and erasure. */
export function entriesOfEmail(db: Db, emailKey: string): Promise<WaitlistEntry[]> {
  return db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.emailKey, emailKey))
    .orderBy(asc(waitlistEntries.id));
}

/** Deletes the entries (and their offers) of an e-mail address; answers how many. */
export async function deleteEntriesOfEmail(db: Db, emailKey: string): Promise<number> {
  const rows = await db
    .delete(waitlistEntries)
    .where(eq(waitlistEntries.emailKey, emailKey))
    .returning({ id: waitlistEntries.id });
  return rows.length;
}

/** Deletes entries that ended before `cutoff` (retention); answers how many. */
export async function deleteEntriesEndedBefore(db: Db, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(waitlistEntries)
    .where(and(sql`${waitlistEntries.status} <> 'active'`, lt(waitlistEntries.endedAt, cutoff)))
    .returning({ id: waitlistEntries.id });
  return rows.length;
}
