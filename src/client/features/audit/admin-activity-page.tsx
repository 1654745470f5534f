import { AUDIT_PAGE_SIZE, type AuditEntry } from '../../../shared/audit';
import type { RouteHandle } from '../../app/route-handle';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { useTableParams } from '../../components/data-table/use-table-params';
import { formatAdminDateTime } from '../../lib/clinic-clock';
import { useAuditLog } from './audit-admin-api';
import {
  auditActionLabel,
  auditActorLabel,
  auditContextLabel,
  auditFieldsLabel,
  auditRecordLabel,
} from './audit-labels';
import './audit.css';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Activity – Back office',
    description: 'Who read or changed which record in the back office.',
    noindex: true,
  }),
};

const columns: DataTableColumn<AuditEntry>[] = [
  {
    header: 'When',
    className: 'activity__when',
    cell: (entry) => {
      const [date, time] = formatAdminDateTime(entry.created_at).split(' ');
      return (
        <time dateTime={entry.created_at}>
          <span>{date}</span> <span>{time}</span>
        </time>
      );
    },
  },
  {
    header: 'Who',
    className: 'activity__who',
    cell: (entry) => (
      <span className={entry.admin_email ? undefined : 'activity__muted'}>{auditActorLabel(entry)}</span>
    ),
  },
  {
    header: 'Action',
    className: 'activity__action',
    cell: (entry) => {
      const context = auditContextLabel(entry.context);
      return (
        <>
          {auditActionLabel(entry.action)}
          {context && <span className="activity__context"> {context}</span>}
        </>
      );
    },
  },
  { header: 'Record', className: 'activity__record', cell: (entry) => auditRecordLabel(entry) },
  {
    header: 'Fields',
    className: 'activity__fields',
    cell: (entry) =>
      entry.fields.length > 0 ? (
        auditFieldsLabel(entry.fields)
      ) : (
        <span className="activity__muted">
          <span aria-hidden="true">—</span>
          <span className="visually-hidden">None</span>
        </span>
      ),
  },
];

/**
 * /admin/activity: the audit log (DESIGN.md section 4), newest first, 25 a page, searched by an admin's
 * e-mail, the action, the record's type or its id. When (clinic time), who, what, which record and which
 * fields: their names only, never their values (the API gives none).
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
        Every read of a patient’s details or files, every export and every change made in the back office,
        newest first. Fields are named, never their values.
      </p>
      <div className="activity-list">
        <DataTable<AuditEntry>
          label="Activity"
          params={params}
          columns={columns}
          rows={log.data?.audit_entries}
          rowKey={(entry) => entry.id}
          rowLabel={(entry) => `${auditActionLabel(entry.action)} ${auditRecordLabel(entry)}`}
          pages={log.data?.pages}
          count={log.data?.count}
          isLoading={log.isPending || log.isPlaceholderData}
          error={log.isError ? `The activity could not be loaded. ${log.error.message}` : undefined}
          searchLabel="Search by admin e-mail, action, record type or id"
          emptyState={<p>Nothing has been recorded yet.</p>}
        />
      </div>
    </>
  );
}
