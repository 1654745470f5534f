import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { auditLog } from '../../db/schema';

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

/** Records a back-office change by the signed-in admin of `request`. */
export function auditAdminChange(
  request: FastifyRequest,
  action: 'create' | 'update' | 'delete',
  entity: string,
  entityId: string | number,
  details?: Record<string, unknown>,
): Promise<void> {
  return recordAudit(request.server.db, {
    adminUserId: request.adminUser?.id ?? null,
    action,
    entity,
    entityId,
    details,
    ip: request.ip,
  });
}
