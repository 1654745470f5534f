import { useId } from 'react';
import { Link } from 'react-router';
import {
  type OutboxEmail,
  type OutboxStatus,
  outboxStatuses,
  outboxStatusLabels,
} from '../../../shared/outbox';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { useListFilter } from '../../components/data-table/use-list-filter';
import { useTableParams } from '../../components/data-table/use-table-params';
import { useNotify } from '../../components/notifications/use-notify';
import { StateBadge, type StateTone } from '../../components/state-badge/state-badge';
import { formatAdminDateTime } from '../../lib/clinic-clock';
import type { RouteHandle } from '../../lib/route-handle';
import { useOutbox, useResendEmail } from './outbox-admin-api';
import './outbox.css';

export const handle: RouteHandle = {
  head: () => ({
    title: 'E-mails – Back office',
    description: 'The e-mails the website sent or is sending, and their delivery.',
    noindex: true,
  }),
};

const STATUS_PARAM = 'status';

const tones: Record<OutboxStatus, StateTone> = {
  pending: 'waiting',
  sending: 'active',
  sent: 'done',
  failed: 'missed',
};

/** What the e-mail is about, linked to it in the back office. */
function AboutCell({ email }: { email: OutboxEmail }) {
  if (email.appointment_id !== null) {
    return <Link to={`/admin/appointment/edit?id=${email.appointment_id}`}>Appointment</Link>;
  }
  if (email.referral_id !== null) return <Link to={`/admin/referrals/${email.referral_id}`}>Referral</Link>;
  return <span className="outbox__muted">Clinic notice</span>;
}

const columns: DataTableColumn<OutboxEmail>[] = [
  {
    header: 'Subject',
    className: 'outbox__subject',
    cell: (email) => (
      <>
        <span className="outbox__subject-text">{email.subject}</span>
        <span className="outbox__to">To {email.to}</span>
      </>
    ),
  },
  {
    header: 'Queued',
    className: 'outbox__when',
    cell: (email) => <time dateTime={email.created_at}>{formatAdminDateTime(email.created_at)}</time>,
  },
  {
    header: 'Delivery',
    className: 'outbox__state',
    cell: (email) => (
      <>
        <StateBadge tone={tones[email.status]}>{outboxStatusLabels[email.status]}</StateBadge>
        <span className="outbox__detail">
          {email.status === 'sent' && email.sent_at
            ? `Sent ${formatAdminDateTime(email.sent_at)}`
            : email.status === 'pending' && email.attempts > 0 && email.next_attempt_at
              ? `Next try ${formatAdminDateTime(email.next_attempt_at)}`
              : null}
        </span>
      </>
    ),
  },
  {
    header: 'Tries',
    className: 'outbox__tries',
    cell: (email) => email.attempts,
  },
  {
    header: 'Last error',
    className: 'outbox__error',
    cell: (email) =>
      email.last_error && email.status !== 'sent' ? (
        <span className="outbox__error-text">{email.last_error}</span>
      ) : (
        <span className="outbox__muted">
          <span aria-hidden="true">—</span>
          <span className="visually-hidden">None</span>
        </span>
      ),
  },
  { header: 'About', className: 'outbox__about', cell: (email) => <AboutCell email={email} /> },
];

/**
 * /admin/emails: every e-mail the site queued (patients' confirmations, reminders, refunds, the clinic's notices),
 * newest first, with its delivery, tries and last error, filtered by state and searched by recipient or subject. A
 * failed one (given up after its tries) can be sent again once the mail server is fixed. Bodies are never shown.
 */
export function Component() {
  const params = useTableParams();
  const [status, setStatus] = useListFilter(STATUS_PARAM, outboxStatuses);
  const list = useOutbox(params, status);
  const resend = useResendEmail();
  const notify = useNotify();
  const filterId = useId();
  const failed = list.data?.failed ?? 0;

  return (
    <>
      <div className="admin-page__header">
        <h1 className="admin-page__title">E-mails</h1>
      </div>
      <p className="outbox__intro">
        Every e-mail the website sends waits here until the mail server takes it; one that fails is tried
        again for several hours, then marked failed.
        {failed > 0 && status !== 'failed' && (
          <>
            {' '}
            <Link to={`?${STATUS_PARAM}=failed`}>
              {failed === 1 ? '1 e-mail has failed' : `${failed} e-mails have failed`}
            </Link>
            .
          </>
        )}
      </p>
      <div className="outbox-list">
        <DataTable<OutboxEmail>
          label={status ? `E-mails: ${outboxStatusLabels[status]}` : 'E-mails'}
          params={params}
          columns={columns}
          rows={list.data?.emails}
          rowKey={(email) => email.id}
          rowLabel={(email) => `${email.subject} to ${email.to}`}
          pages={list.data?.pages}
          count={list.data?.count}
          isLoading={list.isPending || list.isPlaceholderData}
          error={list.isError ? `The e-mails could not be loaded. ${list.error.message}` : undefined}
          searchLabel="Search by recipient or subject"
          filters={
            <div className="field outbox__filter">
              <label className="field__label" htmlFor={filterId}>
                Delivery
              </label>
              <select
                id={filterId}
                className="field__input"
                value={status ?? ''}
                onChange={(event) => setStatus(event.target.value)}
              >
                <option value="">All</option>
                {outboxStatuses.map((value) => (
                  <option key={value} value={value}>
                    {outboxStatusLabels[value]}
                  </option>
                ))}
              </select>
            </div>
          }
          rowActions={[
            {
              label: 'Send again',
              isShown: (email) => email.status === 'failed',
              confirm: {
                title: 'Send this e-mail again?',
                message: (email) => `“${email.subject}” will be sent to ${email.to} again.`,
                confirmLabel: 'Send again',
              },
              run: async (email) => {
                const answer = await resend.mutateAsync(email.id);
                notify.success(answer.message);
              },
            },
          ]}
          emptyState={
            status ? (
              <>
                <p>No e-mails are {outboxStatusLabels[status].toLowerCase()}.</p>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => setStatus(undefined)}
                >
                  Show all e-mails
                </button>
              </>
            ) : (
              <p>No e-mails have been sent yet.</p>
            )
          }
        />
      </div>
    </>
  );
}
