import { useEffect, useId, useRef, useState } from 'react';
import { clinic } from '../../../shared/clinic';
import {
  type AdminWaitlistEntry,
  waitlistEntryStatusLabels,
  waitlistKindLabels,
  waitlistStatusFilters,
} from '../../../shared/waitlist';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { useListFilter } from '../../components/data-table/use-list-filter';
import { useTableParams } from '../../components/data-table/use-table-params';
import { useNotify } from '../../components/notifications/use-notify';
import { StateBadge } from '../../components/state-badge/state-badge';
import { ApiError } from '../../lib/api-client';
import { clinicToday, formatAdminDate, formatAdminDateTime } from '../../lib/clinic-clock';
import type { RouteHandle } from '../../lib/route-handle';
import { useDaySlots, useOfferTime, useWaitlist } from './waitlist-admin-api';
import './waitlist.css';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Wait list – Back office',
    description: 'The people waiting for a time, and offering them one.',
    noindex: true,
  }),
};

const statusLabels = { active: 'Waiting', ended: 'Ended', all: 'All' } as const;

const placesOf = (entry: AdminWaitlistEntry) =>
  entry.kind === 'booking_video'
    ? 'Video call'
    : entry.locations.length === 0
      ? 'Any'
      : entry.locations.map((key) => clinic.locations[key].label).join('; ');

/** "Offer this time": a day, then one of its free slots of the entry's kind. */
function OfferPanel({ entry, onClose }: { entry: AdminWaitlistEntry; onClose: () => void }) {
  const [day, setDay] = useState(entry.from > clinicToday() ? entry.from : clinicToday());
  const [slotId, setSlotId] = useState<number>();
  const [refusal, setRefusal] = useState<string>();
  const slots = useDaySlots(day, { isAdult: entry.is_adult, isVideoCall: entry.kind === 'booking_video' });
  const offer = useOfferTime();
  const notify = useNotify();
  const ids = useId();
  const free = (slots.data?.sessions ?? []).filter(
    (slot) =>
      slot.status === 'available' &&
      Date.parse(slot.starts_at) > Date.now() &&
      (entry.locations.length === 0 || slot.location === null || entry.locations.includes(slot.location)),
  );

  const send = async () => {
    if (slotId === undefined) {
      setRefusal('Choose a free time.');
      return;
    }
    setRefusal(undefined);
    try {
      const answer = await offer.mutateAsync({ entryId: entry.id, slotId });
      notify.success(answer.message);
      onClose();
    } catch (error) {
      setRefusal(error instanceof ApiError ? error.message : 'Something went wrong. Try it later.');
    }
  };

  // The panel opens above the list: on a phone the button pressed is far below it, so the focus (and the view) go to it.
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    titleRef.current?.focus();
    titleRef.current?.scrollIntoView({ block: 'start' });
  }, []);

  return (
    <section className="waitlist-offer" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="waitlist-offer__title" ref={titleRef} tabIndex={-1}>
        Offer a time to {entry.name}
      </h2>
      <p>
        {waitlistKindLabels[entry.kind]}, {entry.is_adult ? 'adult' : 'child'}; {placesOf(entry)}; between{' '}
        {formatAdminDate(`${entry.from}T12:00:00Z`)} and {formatAdminDate(`${entry.to}T12:00:00Z`)}.
      </p>
      <div className="field">
        <label className="field__label" htmlFor={`${ids}-day`}>
          Day
        </label>
        <input
          id={`${ids}-day`}
          className="field__input"
          type="date"
          value={day}
          min={clinicToday()}
          onChange={(event) => {
            setDay(event.target.value);
            setSlotId(undefined);
          }}
        />
      </div>
      <fieldset className="waitlist-form__group">
        <legend>Free times that day</legend>
        {slots.isPending && day ? (
          <p role="status">Loading the day’s times…</p>
        ) : free.length === 0 ? (
          <p>No free time of this kind that day.</p>
        ) : (
          free.map((slot) => (
            <label key={slot.id} className="waitlist-form__choice">
              <input
                type="radio"
                name={`${ids}-slot`}
                checked={slotId === slot.id}
                onChange={() => setSlotId(slot.id)}
              />{' '}
              {slot.start_time}–{slot.end_time}
              {slot.location ? `, ${clinic.locations[slot.location].label}` : ''}
            </label>
          ))
        )}
      </fieldset>
      {refusal && (
        <p role="alert" className="field__error">
          {refusal}
        </p>
      )}
      <div className="waitlist-offer__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={offer.isPending}
          onClick={() => void send()}
        >
          Offer this time
        </button>
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </section>
  );
}

/**
 * /admin/waitlist: the people waiting for a time, oldest first (kind, places, dates, since when, offers made, the
 * open offer), and "Offer this time" from a free slot of the entry's kind.
 */
export function Component() {
  const params = useTableParams();
  const [status, setStatus] = useListFilter('status', waitlistStatusFilters);
  const list = useWaitlist(params, status ?? 'active');
  const [offering, setOffering] = useState<AdminWaitlistEntry>();
  const filterId = useId();

  const columns: DataTableColumn<AdminWaitlistEntry>[] = [
    {
      header: 'Person',
      cell: (entry) => (
        <>
          <span className="waitlist-list__name">{entry.name}</span>
          <span className="waitlist-list__muted">{entry.email}</span>
          {entry.phone && (
            <span className="waitlist-list__muted">
              {entry.phone}
              {entry.sms_consent ? ' (texts: yes)' : ''}
            </span>
          )}
        </>
      ),
    },
    {
      header: 'Kind',
      cell: (entry) => `${waitlistKindLabels[entry.kind]}, ${entry.is_adult ? 'adult' : 'child'}`,
    },
    { header: 'Places', cell: placesOf },
    {
      header: 'Dates',
      cell: (entry) =>
        `${formatAdminDate(`${entry.from}T12:00:00Z`)} – ${formatAdminDate(`${entry.to}T12:00:00Z`)}`,
    },
    {
      header: 'Since',
      cell: (entry) => <time dateTime={entry.created_at}>{formatAdminDateTime(entry.created_at)}</time>,
    },
    { header: 'Offers made', cell: (entry) => entry.offers_made },
    {
      header: 'State',
      cell: (entry) =>
        entry.open_offer ? (
          <>
            <StateBadge tone="active">Offered</StateBadge>
            <span className="waitlist-list__muted">
              {entry.open_offer.starts_at ? formatAdminDateTime(entry.open_offer.starts_at) : ''}, held until{' '}
              {formatAdminDateTime(entry.open_offer.expires_at)}
            </span>
          </>
        ) : (
          <StateBadge tone={entry.status === 'active' ? 'waiting' : 'done'}>
            {waitlistEntryStatusLabels[entry.status]}
          </StateBadge>
        ),
    },
    {
      header: 'Action',
      cell: (entry) =>
        entry.status === 'active' && !entry.open_offer ? (
          <button
            type="button"
            className="button button--small"
            aria-label={`Offer this time to ${entry.name}`}
            onClick={() => setOffering(entry)}
          >
            Offer this time
          </button>
        ) : (
          <span className="waitlist-list__muted">
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">None</span>
          </span>
        ),
    },
  ];

  return (
    <>
      <div className="admin-page__header">
        <h1 className="admin-page__title">Wait list</h1>
      </div>
      <p className="waitlist-list__intro">
        People waiting for a time, oldest first. A freed time is offered to the first who suits it and held
        for them; you can also offer one yourself.
      </p>
      {offering && <OfferPanel key={offering.id} entry={offering} onClose={() => setOffering(undefined)} />}
      <DataTable<AdminWaitlistEntry>
        label={`Wait list: ${statusLabels[status ?? 'active']}`}
        params={params}
        columns={columns}
        rows={list.data?.waitlist_entries}
        rowKey={(entry) => entry.id}
        rowLabel={(entry) => entry.name}
        pages={list.data?.pages}
        count={list.data?.count}
        isLoading={list.isPending || list.isPlaceholderData}
        error={list.isError ? `The wait list could not be loaded. ${list.error.message}` : undefined}
        searchLabel="Search by name or e-mail"
        emptyState="Nobody is waiting."
        filters={
          <div className="field">
            <label className="field__label" htmlFor={filterId}>
              Show
            </label>
            <select
              id={filterId}
              className="field__input"
              value={status ?? 'active'}
              onChange={(event) => setStatus(event.target.value as (typeof waitlistStatusFilters)[number])}
            >
              {waitlistStatusFilters.map((value) => (
                <option key={value} value={value}>
                  {statusLabels[value]}
                </option>
              ))}
            </select>
          </div>
        }
      />
    </>
  );
}
