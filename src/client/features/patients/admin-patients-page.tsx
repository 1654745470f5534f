import { Link } from 'react-router';
import { PATIENTS_PAGE_SIZE, type PatientListItem } from '../../../shared/patients';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { ExportCsvButton } from '../../components/data-table/export-csv-button';
import { useTableParams } from '../../components/data-table/use-table-params';
import { formatDateOfBirth, NOT_GIVEN } from '../../components/patient-details/patient-labels';
import type { RouteHandle } from '../../lib/route-handle';
import { useRoleCan } from '../../lib/use-role-can';
import { patientsCsvUrl, usePatients } from './patients-admin-api';
import './patients.css';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Patients – Back office',
    description: 'The clinic’s patients.',
    noindex: true,
  }),
};

const notGiven = <span className="patients__none">{NOT_GIVEN}</span>;

const columns: DataTableColumn<PatientListItem>[] = [
  {
    header: 'Patient name',
    className: 'patients__name',
    cell: (patient) => (
      <>
        <Link to={`/admin/patients/${patient.id}`}>{patient.full_name}</Link>
        {(!patient.is_adult || patient.is_referral) && (
          <span className="patients__tags">
            {[!patient.is_adult && 'Child', patient.is_referral && 'Self-referral']
              .filter(Boolean)
              .join(', ')}
          </span>
        )}
      </>
    ),
  },
  {
    header: 'Email',
    className: 'patients__email',
    cell: (patient) => patient.email || notGiven,
  },
  {
    header: 'Date of birth',
    className: 'patients__dob',
    cell: (patient) =>
      patient.dob ? <time dateTime={patient.dob}>{formatDateOfBirth(patient.dob)}</time> : notGiven,
  },
  { header: 'Phone', className: 'patients__phone', cell: (patient) => patient.phone || notGiven },
];

/**
 * /admin/patients (spec 2.6, section 9): the patients, newest first, 50 a page, searched by name, e-mail or
 * phone on the server, with the page, page size and search in the address. Each name opens the patient's
 * detail (a click on the row too); Export downloads Patients.csv of the current search, with the admin's token.
 */
export function Component() {
  const params = useTableParams({ defaultPerPage: PATIENTS_PAGE_SIZE });
  const list = usePatients(params);
  const mayExport = useRoleCan('patients_export');

  return (
    <>
      <div className="admin-page__header">
        <h1 className="admin-page__title">Patients</h1>
      </div>
      <div className="patients-list">
        <DataTable<PatientListItem>
          label="Patients"
          params={params}
          columns={columns}
          rows={list.data?.patients}
          rowKey={(patient) => patient.id}
          rowLabel={(patient) => patient.full_name}
          pages={list.data?.pages}
          count={list.data?.count}
          isLoading={list.isPending || list.isPlaceholderData}
          error={list.isError ? `The patients could not be loaded. ${list.error.message}` : undefined}
          searchLabel="Search by name, e-mail or phone"
          rowHref={(patient) => `/admin/patients/${patient.id}`}
          emptyState={
            <>
              <p>There are no patients yet. They appear here once they book, or staff book for them.</p>
              <Link className="button button--primary" to="/admin/availability">
                Book for a patient
              </Link>
            </>
          }
          toolbar={
            mayExport ? (
              <ExportCsvButton url={patientsCsvUrl(params.search)} fileName="Patients.csv" />
            ) : undefined
          }
        />
      </div>
    </>
  );
}
