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
