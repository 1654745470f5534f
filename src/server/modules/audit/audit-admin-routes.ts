import type { FastifyInstance } from 'fastify';
import { listAuditLog } from '../../../shared/api/audit-endpoint-schemas';
import { route } from '../../http/endpoint-route';
import { listAuditEntries } from './audit-repository';

/** The audit log for staff (the Activity screen), under the guarded /api/admin scope. */
export async function auditAdminRoutes(admin: FastifyInstance): Promise<void> {
  route(admin, listAuditLog, async (request) => {
    const { items, pages, count } = await listAuditEntries(admin.db, request.query);
    return {
      audit_entries: items.map((entry) => ({
        id: entry.id,
        created_at: entry.createdAt.toISOString(),
        actor: entry.actor,
        admin_email: entry.adminEmail,
        action: entry.action,
        entity: entry.entity,
        entity_id: entry.entityId,
        fields: entry.fields,
        context: entry.context,
        purge: entry.purge,
        roles: entry.roles,
        email_tried: entry.emailTried,
        reason: entry.reason,
      })),
      pages,
      count,
    };
  });
}
