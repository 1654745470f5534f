import type { AuditEntry, AuditLogResponse } from '../../../shared/audit';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import type { TableParams } from '../../components/data-table/use-table-params';
import { formatAdminDateTime } from '../../lib/clinic-clock';
import {
  auditActionText,
  auditActorLabel,
  auditContextLabel,
  auditEntryLabel,
  auditEntryRecordLabel,
  auditFieldsLabel,
} from './audit-labels';

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
          {auditActionText(entry)}
          {context && <span className="activity__context"> {context}</span>}
        </>
      );
    },
  },
  // A retention run names no record: what it deleted, in counts, stands in its place.
  { header: 'Record', className: 'activity__record', cell: (entry) => auditEntryRecordLabel(entry) },
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

/** The Activity screen's table: one page of the audit log, or the state of loading it. */
export function ActivityTable(props: {
  params: TableParams;
  log: AuditLogResponse | undefined;
  isLoading: boolean;
  error?: string;
}) {
  return (
    <div className="activity-list">
      <DataTable<AuditEntry>
        label="Activity"
        params={props.params}
        columns={columns}
        rows={props.log?.audit_entries}
        rowKey={(entry) => entry.id}
        rowLabel={auditEntryLabel}
        pages={props.log?.pages}
        count={props.log?.count}
        isLoading={props.isLoading}
        error={props.error}
        searchLabel="Search by admin e-mail, action, record type or id"
        emptyState={<p>Nothing has been recorded yet.</p>}
      />
    </div>
  );
}
