import { useId } from 'react';
import { Link } from 'react-router';
import {
  type ReferralListItem,
  type ReferralStatus,
  referralStatuses,
  referralStatusLabels,
} from '../../../shared/referrals';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { useListFilter } from '../../components/data-table/use-list-filter';
import { useTableParams } from '../../components/data-table/use-table-params';
import { StateBadge } from '../../components/state-badge/state-badge';
import { formatAdminDateTime } from '../../lib/clinic-clock';
import type { RouteHandle } from '../../lib/route-handle';
import { timeAgo } from '../../lib/time-ago';
import {
  ageLabel,
  isOverdue,
  letterOrFormLabel,
  referralPath,
  referralTone,
  STATUS_PARAM,
  statusFilterOptions,
} from './referral-labels';
import { useReferrals } from './referrals-admin-api';
import './referrals.css';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Referrals – Back office',
    description: 'Self-referrals to triage.',
    noindex: true,
  }),
};

/** The columns; `now` for how long ago each referral came. */
function columnsAt(now: Date): DataTableColumn<ReferralListItem>[] {
  return [
    {
      header: 'Name',
      className: 'referrals__name',
      cell: (referral) => (
        <Link to={referralPath(referral.id)}>{referral.full_name || 'Name not given'}</Link>
      ),
    },
    {
      header: 'Received',
      className: 'referrals__received',
      cell: (referral) => (
        <>
          <time dateTime={referral.received_at}>{formatAdminDateTime(referral.received_at)}</time>
          <span
            className={isOverdue(referral, now) ? 'referrals__ago referrals__ago--overdue' : 'referrals__ago'}
          >
            {timeAgo(referral.received_at, now)}
          </span>
        </>
      ),
    },
    {
      header: 'Letter or form',
      className: 'referrals__kind',
      cell: (referral) => letterOrFormLabel(referral.has_referral_letter),
    },
    {
      header: 'State',
      className: 'referrals__state',
      cell: (referral) => (
        <StateBadge tone={referralTone(referral.status)}>{referral.status_label}</StateBadge>
      ),
    },
    {
      header: 'Age',
      className: 'referrals__age',
      cell: (referral) => (
        <>
          <span className={referral.age === null ? 'referrals__none' : undefined}>
            {ageLabel(referral.age)}
          </span>
          {!referral.is_adult && <span className="referrals__child">Child</span>}
        </>
      ),
    },
  ];
}

/** What an empty list says, and what to do: nothing sent yet, or nothing in the chosen state. */
function EmptyState({ status, showAll }: { status: ReferralStatus | undefined; showAll: () => void }) {
  if (status === undefined) {
    return (
      <p>
        No referrals yet. Patients send them from the website (with a referral letter or the self-referral
        form); each appears here to triage, and the clinic is e-mailed.
      </p>
    );
  }
  const text =
    status === 'awaiting'
      ? 'No referrals are awaiting triage: every referral has been answered.'
      : status === 'more_info'
        ? 'No patient has been asked for more information and not yet answered.'
        : `No referrals are ${referralStatusLabels[status].toLowerCase()}.`;
  return (
    <>
      <p>{text}</p>
      <button type="button" className="button button--secondary" onClick={showAll}>
        Show all referrals
      </button>
    </>
  );
}

/**
 * /admin/referrals: the self-referrals in triage order (awaiting triage first, the oldest first; then the rest,
 * newest first), filtered by state, searched by name, e-mail or phone on the server, 10 a page; the page, page
 * size, search and state live in the address. A name (or a click on its row) opens the referral.
 */
export function Component() {
  const params = useTableParams();
  const [status, setStatus] = useListFilter(STATUS_PARAM, referralStatuses);
  const list = useReferrals(params, status);
  const filterId = useId();
  const now = new Date();

  return (
    <>
      <div className="admin-page__header">
        <h1 className="admin-page__title">Referrals</h1>
      </div>
      <div className="referrals-list">
        <DataTable<ReferralListItem>
          label={status ? `Referrals: ${referralStatusLabels[status]}` : 'Referrals'}
          params={params}
          columns={columnsAt(now)}
          rows={list.data?.referrals}
          rowKey={(referral) => referral.id}
          rowLabel={(referral) => referral.full_name}
          pages={list.data?.pages}
          count={list.data?.count}
          isLoading={list.isPending || list.isPlaceholderData}
          error={list.isError ? `The referrals could not be loaded. ${list.error.message}` : undefined}
          searchLabel="Search by name, e-mail or phone"
          rowHref={(referral) => referralPath(referral.id)}
          filters={
            <div className="field referrals__filter">
              <label className="field__label" htmlFor={filterId}>
                State
              </label>
              <select
                id={filterId}
                className="field__input"
                value={status ?? ''}
                onChange={(event) => setStatus(event.target.value)}
              >
                {statusFilterOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          }
          emptyState={<EmptyState status={status} showAll={() => setStatus(undefined)} />}
        />
      </div>
    </>
  );
}
