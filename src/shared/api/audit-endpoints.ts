import { auditLogQuerySchema, auditLogResponseSchema } from '../audit';
import { defineEndpoint } from './endpoint';

export const listAuditLog = defineEndpoint({
  method: 'GET',
  path: '/api/admin/audit_log',
  summary:
    "The audit log, newest first: who read or changed which record and which fields (never their values); search matches the admin's e-mail, the action, the record type or id",
  access: 'admin',
  query: auditLogQuerySchema,
  response: auditLogResponseSchema,
});
