import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { auditLog } from '../../db/schema';
import { currentAdmin } from '../auth/admin-guard';

export interface AuditEntry {
  adminUserId?: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Writes who did what to which record, and when (DESIGN.md section 4). */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    adminUserId: entry.adminUserId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    details: entry.details ?? null,
    ip: entry.ip ?? null,
  });
}

/** Who makes a back-office change: the signed-in admin and the address the request came from. */
export interface Actor {
  adminUserId: number;
  ip: string;
}

/** The signed-in admin of a guarded route, as the actor of the change it asks for. */
export function actorOf(request: FastifyRequest): Actor {
  return { adminUserId: currentAdmin(request).id, ip: request.ip };
}

/**
 * Records a back-office change by `actor`. Call it with the transaction that makes the change, so the
 * change and its audit entry are written together or not at all.
 */
export function auditChange(
  db: Db,
  actor: Actor,
  action: 'create' | 'update' | 'delete',
  entity: string,
  entityId: string | number,
  details?: Record<string, unknown>,
): Promise<void> {
  return recordAudit(db, { adminUserId: actor.adminUserId, action, entity, entityId, details, ip: actor.ip });
}
