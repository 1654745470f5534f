import { listAuditLog } from '../../../shared/api/audit-admin-endpoints';
import { type AdminListParams, adminListQuery, useAdminList } from '../../lib/admin-resource';
import { auditSearchText } from './audit-labels';

/**
 * A page of the audit log, newest first; read again each time it is shown (every read of a patient adds to
 * it). What staff typed is sent as the log's own words ('Erased' → 'erase'; see auditSearchText).
 */
export const useAuditLog = (params: AdminListParams) =>
  useAdminList(listAuditLog, adminListQuery({ ...params, search: auditSearchText(params.search) }), {
    staleTime: 0,
  });
