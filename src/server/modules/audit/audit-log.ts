import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { type AuditAction, auditLog } from '../../db/schema';

/**
 * Who made a change or read a record: a signed-in admin, a visitor (a patient, or anyone not signed in) from
 * an address, or the server itself (a background job acting on what a provider said).
 */
export type Actor =
  | { kind: 'admin'; adminUserId: number; ip: string }
  | { kind: 'visitor'; ip: string }
  | { kind: 'system' };

/** A signed-in admin as an actor. */
export type AdminActor = Extract<Actor, { kind: 'admin' }>;

export const systemActor: Actor = { kind: 'system' };

export const visitorActor = (ip: string): Actor => ({ kind: 'visitor', ip });

type EntityId = string | number | null;

function entry(actor: Actor, action: AuditAction, entity: string, entityId: EntityId, details?: object) {
  return {
    actor: actor.kind,
    adminUserId: actor.kind === 'admin' ? actor.adminUserId : null,
    ip: actor.kind === 'system' ? null : actor.ip,
    action,
    entity,
    entityId: entityId === null ? null : String(entityId),
    details: (details as Record<string, unknown> | undefined) ?? null,
  };
}

/**
 * Records a change by `actor` (DESIGN.md section 4). Call it with the transaction that makes the change, so
 * the change and its audit entry are written together or not at all.
 */
export async function auditChange(
  db: Db,
  actor: Actor,
  action: AuditAction,
  entity: string,
  entityId: EntityId,
  details?: object,
): Promise<void> {
  await db.insert(auditLog).values(entry(actor, action, entity, entityId, details));
}

/**
 * Records that `actor` read personal data: one record (`entityId`), or several of a list (`details` names
 * them). Call it before the answer is sent, so nothing is shown that is not in the log.
 */
export async function auditRead(
  db: Db,
  actor: Actor,
  entity: string,
  entityId: EntityId,
  details?: object,
): Promise<void> {
  await db.insert(auditLog).values(entry(actor, 'read', entity, entityId, details));
}

/** The columns an entry is written with (the others keep their defaults). */
const entryColumns = [
  auditLog.actor,
  auditLog.adminUserId,
  auditLog.ip,
  auditLog.action,
  auditLog.entity,
  auditLog.entityId,
  auditLog.details,
];

/**
 * `auditRead` of one row of `table`, by its id, written only if the row is there when the entry is (one
 * statement, `insert … select … where exists`): the entry can then be written while the row is read, at the same
 * time rather than after it (one wait on the database, and its commit, less), and reading nothing leaves none.
 */
export async function auditReadOfRow(
  db: Db,
  actor: Actor,
  entity: string,
  table: PgTable & { id: AnyColumn },
  id: number,
  details?: object,
): Promise<void> {
  const row = entry(actor, 'read', entity, id, details);
  await db.execute(sql`
    insert into ${auditLog} (${sql.join(
      entryColumns.map((column) => sql.identifier(column.name)),
      sql`, `,
    )})
    select ${row.actor}, ${row.adminUserId}::integer, ${row.ip}, ${row.action}, ${row.entity}, ${row.entityId},
      ${row.details === null ? null : JSON.stringify(row.details)}::jsonb
    where exists (select 1 from ${table} where ${eq(table.id, id)})`);
}

/**
 * `auditRead` by a staff member of what a statement reads, written by that statement itself: an `insert … select`
 * to put in its `with` list, so the entry is committed with the read, before anything is answered, in one call to
 * the database. `details` is a query over the statement's own rows answering one row with one jsonb column,
 * `details`; when that column is null (nothing personal was read) no entry is written. The statement's
 * placeholders `auditAdminUserId` and `auditIp` take `auditReadValues(actor)`.
 */
export function auditReadInsert(entity: string, details: SQL): SQL {
  return sql`insert into ${auditLog} (${sql.join(
    entryColumns.map((column) => sql.identifier(column.name)),
    sql`, `,
  )})
    select 'admin', ${sql.placeholder('auditAdminUserId')}::integer, ${sql.placeholder('auditIp')}::text, 'read',
      ${entity}::text, null, read.details
    from (${details}) read
    where read.details is not null`;
}

/** The placeholders of `auditReadInsert`'s entry. */
export const auditReadValues = (actor: AdminActor) => ({
  auditAdminUserId: actor.adminUserId,
  auditIp: actor.ip,
});

/**
 * Records that `actor` exported personal data (a CSV of a list, a patient's GDPR zip): what and how much, never
 * the data itself. Call it before the first byte is sent.
 */
export async function auditExport(
  db: Db,
  actor: Actor,
  entity: string,
  entityId: EntityId,
  details: object,
): Promise<void> {
  await db.insert(auditLog).values(entry(actor, 'export', entity, entityId, details));
}

/**
 * Counts of what a background run did, kept in ONE audit entry however many transactions the run takes: each
 * transaction calls `add` with what it did, so its counts are written with its change, committed or rolled back
 * together (the first writes the entry, the others add to it). The entry names no record and holds no personal
 * data: counts and the run's fixed `details` only. A run that changes nothing writes no entry.
 */
export interface AuditTally {
  add(tx: Db, counts: Record<string, number>): Promise<void>;
}

export function auditTally(
  actor: Actor,
  action: AuditAction,
  entity: string,
  details: Record<string, unknown>,
): AuditTally {
  let entryId: number | undefined;
  return {
    async add(tx, counts) {
      const keys = Object.keys(counts).filter((key) => counts[key] !== 0);
      if (keys.length === 0) return;
      if (entryId !== undefined) {
        const increments = sql.join(
          keys.map(
            (key) =>
              sql`jsonb_build_object(${key}::text, coalesce((${auditLog.details} ->> ${key}::text)::bigint, 0) + ${counts[key]}::bigint)`,
          ),
          sql` || `,
        );
        const [updated] = await tx
          .update(auditLog)
          .set({ details: sql`coalesce(${auditLog.details}, '{}'::jsonb) || ${increments}` })
          .where(eq(auditLog.id, entryId))
          .returning({ id: auditLog.id });
        // Not there: the transaction that wrote it was rolled back, so this one writes it.
        if (updated) return;
      }
      const [row] = await tx
        .insert(auditLog)
        .values(entry(actor, action, entity, null, { ...details, ...counts }))
        .returning({ id: auditLog.id });
      entryId = row?.id;
    },
  };
}
