import { auditLogQuerySchema, auditLogResponseSchema } from '../audit';
import * as admin from './audit-admin-endpoints';
import { withSchemas } from './endpoint-schemas';

export const listAuditLog = withSchemas(admin.listAuditLog, {
  summary:
    "The audit log, newest first: who read or changed which record and which fields (never their values); search matches the admin's e-mail, the action, the record type or id",
  query: auditLogQuerySchema,
  response: auditLogResponseSchema,
});
