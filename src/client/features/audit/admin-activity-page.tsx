import { AUDIT_PAGE_SIZE } from '../../../shared/audit';
import { useTableParams } from '../../components/data-table/use-table-params';
import type { RouteHandle } from '../../lib/route-handle';
import { ActivityTable } from './activity-table';
import { useAuditLog } from './audit-admin-api';
import './audit.css';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Activity – Back office',
    description: 'Who read or changed which record in the back office.',
    noindex: true,
  }),
};

/**
 * /admin/activity: the audit log (DESIGN.md section 4), newest first, 25 a page, searched by an admin's
 * e-mail, the action, the record's type or its id. When (clinic time), who, what, which record and which
 * fields: their names only, never their values (the API gives none), but for the few an administrator reads the entry
 * for (a role change's roles, the e-mail a failed sign-in tried, why an invitation link was refused); a retention
 * run by the system, with what it deleted in counts.
 */
export function Component() {
  const params = useTableParams({ defaultPerPage: AUDIT_PAGE_SIZE });
  const log = useAuditLog(params);

  return (
    <>
      <div className="admin-page__header">
        <h1 className="admin-page__title">Activity</h1>
      </div>
      <p className="activity__intro">
        Every read of a patient’s details or files, every export, every change made in the back office and
        every deletion of the website forms’ data once its time is up (Retention), newest first. Fields are
        named, never their values; a role change shows its roles, and a failed sign-in the e-mail address it
        tried.
      </p>
      <ActivityTable
        params={params}
        log={log.data}
        isLoading={log.isPending || log.isPlaceholderData}
        error={log.isError ? `The activity could not be loaded. ${log.error.message}` : undefined}
      />
    </>
  );
}
