import type { ReactNode } from 'react';
import { Link, NavLink, useLocation, useSearchParams } from 'react-router';
import type { StaffAppointment } from '../../../shared/appointments';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { ExportCsvButton } from '../../components/data-table/export-csv-button';
import { useTableParams } from '../../components/data-table/use-table-params';
import { ERASED_PATIENT } from '../../components/patient-details/patient-labels';
import { formatAdminDateTime } from '../../lib/clinic-clock';
import type { RouteHandle } from '../../lib/route-handle';
import { useRoleCan } from '../../lib/use-role-can';
import { deleteDialog, refundDialog, useAppointmentActions } from './appointment-actions';
import { AppointmentPaymentBadge, StatusBadge } from './appointment-badges';
import {
  appointmentEditPath,
  canDelete,
  canRefund,
  kindSwitchPath,
  patientNameOf,
  timeRange,
} from './appointment-labels';
import { appointmentsCsvUrl, useAppointments } from './appointments-admin-api';
import './appointments.css';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Booking appointments – Back office',
    description: 'The clinic’s booked appointments.',
    noindex: true,
  }),
};

/**
 * The address's filters: `include_cancelled=true` also lists cancelled and refunded appointments,
 * `include_held=true` the visitors' bookings still being made (so that staff can reach such a person).
 */
const INCLUDE_CANCELLED = 'include_cancelled';
const INCLUDE_HELD = 'include_held';

/** The columns; the patient's name links to their record for a role that may see patients. */
const columnsFor = (mayOpenPatients: boolean): DataTableColumn<StaffAppointment>[] => [
  {
    header: 'Patient name',
    className: 'appointments__patient',
    cell: (row) =>
      row.patient_id !== null && row.full_name ? (
        mayOpenPatients ? (
          <Link to={`/admin/patients/${row.patient_id}`}>{row.full_name}</Link>
        ) : (
          row.full_name
        )
      ) : (
        <span className="appointments__erased">{ERASED_PATIENT}</span>
      ),
  },
  { header: 'Appointment type', cell: (row) => row.appointment_type },
  {
    header: 'Date and time',
    className: 'appointments__when',
    cell: (row) =>
      row.session ? (
        <time dateTime={row.session.starts_at}>
          <span className="appointments__date">{row.session.data}</span>{' '}
          <span className="appointments__time">{timeRange(row.session)}</span>
        </time>
      ) : (
        <span className="appointments__none">No time</span>
      ),
  },
  { header: 'Payment information', cell: (row) => <AppointmentPaymentBadge row={row} /> },
  {
    header: 'Status',
    cell: (row) => (
      <>
        <StatusBadge status={row.appointment_status} />
        {row.intake_signed && <FormSignedMark />}
      </>
    ),
  },
  {
    header: 'Registered',
    className: 'appointments__registered',
    cell: (row) => <time dateTime={row.created_at}>{formatAdminDateTime(row.created_at)}</time>,
  },
];

/** The appointment's intake and consent form is signed: the calendar's symbol, with its words for screen readers. */
function FormSignedMark() {
  return (
    <span className="appointments__form-signed" title="Form signed">
      <span aria-hidden="true">☑</span>
      <span className="visually-hidden">Form signed</span>
    </span>
  );
}

/** Under 'No results for …': which rows the unticked filters leave out of the search. */
function HiddenRowsHint({
  includeCancelled,
  includeHeld,
}: {
  includeCancelled: boolean;
  includeHeld: boolean;
}) {
  if (includeCancelled && includeHeld) return null;
  return (
    <>
      {!includeCancelled && (
        <p>
          Cancelled and refunded appointments are not searched: tick ‘Show cancelled and refunded’ to include
          them.
        </p>
      )}
      {!includeHeld && (
        <p>
          Bookings still being made (not paid yet) are left out: tick ‘Show bookings being made’ to include
          them.
        </p>
      )}
    </>
  );
}

/** 'Aoife Byrne, 08/12/2026 09:00': names a row's buttons ('Open …', 'Refund …'). */
function FilterCheckbox(props: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="field field--checkbox appointments__filter">
      <input
        id={props.id}
        className="field__checkbox"
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
    </div>
  );
}

const rowLabel = (row: StaffAppointment) =>
  `${patientNameOf(row)}${row.session ? `, ${row.session.data} ${row.session.start_time}` : ''}`;

/**
 * /admin (allergy tests) and /admin/video (video consultations): the pathname decides the kind (spec 2.5).
 * Booked appointments newest first, searched by name, e-mail or phone, paged on the server; the page, search,
 * page size, 'Show cancelled and refunded' and 'Show bookings being made' live in the address. Each row opens its appointment; paid ones
 * can be refunded, booked and paid ones deleted. Export downloads Appointments.csv of what the list shows.
 * Booking, deleting, refunding and exporting are offered only to the roles that may do them.
 */
export function Component() {
  return <AppointmentsPage />;
}

/**
 * The appointments screen; `overview`, when the app gives one (the dashboard on /admin), is shown under the
 * title, and the list then gets a heading of its own.
 */
export function AppointmentsPage({ overview }: { overview?: ReactNode }) {
  const { pathname } = useLocation();
  const isVideoCall = /^\/admin\/video\/?$/.test(pathname);
  const params = useTableParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const includeCancelled = searchParams.get(INCLUDE_CANCELLED) === 'true';
  const includeHeld = searchParams.get(INCLUDE_HELD) === 'true';
  const filter = { isVideoCall, search: params.search, includeCancelled, includeHeld };
  const list = useAppointments(params, filter);
  const { deleteAppointment, refundAppointment } = useAppointmentActions();
  const kindName = isVideoCall ? 'Video consultations' : 'Allergy tests';
  const mayWrite = useRoleCan('appointments_write');
  const mayRefund = useRoleCan('refunds');
  const mayExport = useRoleCan('appointments_export');
  const seesContacts = useRoleCan('patients');
  const columns = columnsFor(seesContacts);

  const setFlag = (key: typeof INCLUDE_CANCELLED | typeof INCLUDE_HELD, include: boolean) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (include) next.set(key, 'true');
        else next.delete(key);
        next.delete('page');
        return next;
      },
      { preventScrollReset: true },
    );

  const bookLink = mayWrite && (
    <Link
      className="button button--primary"
      to={`/admin/availability?type=${isVideoCall ? 'video' : 'test'}`}
    >
      Book for a patient
    </Link>
  );

  return (
    <>
      <div className="admin-page__header">
        <h1 className="admin-page__title">Booking appointments</h1>
      </div>
      {overview}
      {overview && (
        <h2 className="appointments__list-title" id="appointments-list">
          All appointments
        </h2>
      )}
      <nav className="appointments-kinds" aria-label="Kind of appointment">
        <NavLink className="appointments-kinds__link" to={kindSwitchPath(false, searchParams)} end>
          Allergy tests
        </NavLink>
        <NavLink className="appointments-kinds__link" to={kindSwitchPath(true, searchParams)} end>
          Video consultations
        </NavLink>
      </nav>
      <div className="appointments-list">
        <DataTable
          label={`${kindName}: appointments`}
          params={params}
          columns={columns}
          rows={list.data?.transactions}
          rowKey={(row) => row.id}
          rowLabel={rowLabel}
          pages={list.data?.pages}
          count={list.data?.count}
          isLoading={list.isPending || list.isPlaceholderData}
          error={list.isError ? `The appointments could not be loaded. ${list.error.message}` : undefined}
          searchLabel={seesContacts ? 'Search by name, e-mail or phone' : 'Search by name'}
          filters={
            <>
              <FilterCheckbox
                id="appointments-include-cancelled"
                label="Show cancelled and refunded"
                checked={includeCancelled}
                onChange={(checked) => setFlag(INCLUDE_CANCELLED, checked)}
              />
              <FilterCheckbox
                id="appointments-include-held"
                label="Show bookings being made"
                checked={includeHeld}
                onChange={(checked) => setFlag(INCLUDE_HELD, checked)}
              />
            </>
          }
          editHref={(row) => appointmentEditPath(row.id)}
          editLabel="Open"
          rowHref={(row) => appointmentEditPath(row.id)}
          rowActions={
            mayRefund
              ? [
                  {
                    label: 'Refund',
                    tone: 'danger',
                    isShown: canRefund,
                    confirm: refundDialog,
                    run: refundAppointment,
                  },
                ]
              : []
          }
          onDelete={mayWrite ? deleteAppointment : undefined}
          canDelete={canDelete}
          deleteDialog={deleteDialog}
          noResultsHint={<HiddenRowsHint includeCancelled={includeCancelled} includeHeld={includeHeld} />}
          emptyState={
            <>
              <p>
                {includeCancelled
                  ? `There are no ${kindName.toLowerCase()} yet.`
                  : `There are no booked ${kindName.toLowerCase()}.`}
              </p>
              {bookLink}
            </>
          }
          toolbar={
            <>
              {mayExport && <ExportCsvButton url={appointmentsCsvUrl(filter)} fileName="Appointments.csv" />}
              {bookLink}
            </>
          }
        />
      </div>
    </>
  );
}
