import type { auditLogQuerySchema, auditLogResponseSchema } from '../audit';
import { defineEndpoint } from './endpoint';

export const listAuditLog = defineEndpoint<{
  query: typeof auditLogQuerySchema;
  response: typeof auditLogResponseSchema;
}>()({ method: 'GET', path: '/api/admin/audit_log', access: 'admin', permission: 'staff' });
