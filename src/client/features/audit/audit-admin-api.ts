import type { listAuditLog } from '../../../shared/api/audit-admin-endpoints';
import { type AdminListParams, adminListQuery, useAdminList } from '../../lib/admin-resource';
import { auditSearchText } from './audit-labels';

const LIST_PATH: (typeof listAuditLog)['path'] = '/api/admin/audit_log';

/**
 * A page of the audit log, newest first; read again each time it is shown (every read of a patient adds to
 * it). What staff typed is sent as the log's own words ('Erased' → 'erase'; see auditSearchText).
 */
export const useAuditLog = (params: AdminListParams) =>
  useAdminList<typeof listAuditLog>(
    LIST_PATH,
    adminListQuery({ ...params, search: auditSearchText(params.search) }),
    { staleTime: 0 },
  );
