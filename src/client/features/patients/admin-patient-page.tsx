import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { appointmentStarts } from '../../../shared/appointment-states';
import { type PatientDetail, patientTexts } from '../../../shared/patients';
import { texts } from '../../../shared/validation-texts';
import { AdminFormHeader } from '../../components/admin-page/admin-form-header';
import { AdminRecordPage } from '../../components/admin-page/admin-record-page';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { useNotify } from '../../components/notifications/use-notify';
import { PatientDetails } from '../../components/patient-details/patient-details';
import { ageGroupLabel } from '../../components/patient-details/patient-labels';
import { idFromParam } from '../../lib/admin-resource';
import { ApiError } from '../../lib/api-client';
import { clinicToday } from '../../lib/clinic-clock';
import { useFileDownload } from '../../lib/download-file';
import type { RouteHandle } from '../../lib/route-handle';
import { useRoleCan } from '../../lib/use-role-can';
import {
  patientZipName,
  patientZipUrl,
  statementUrl,
  useErasePatient,
  usePatient,
} from './patients-admin-api';
import './patients.css';

export const handle: RouteHandle = {
  // Never the patient's name: titles end up in the browser's history.
  head: () => ({ title: 'Patient – Back office', description: 'A patient’s details.', noindex: true }),
};

const BACK = { backTo: '/admin', backLabel: 'Back to appointments' } as const;

/**
 * /admin/patients/{id} (spec 2.6 'Patient detail'): the patient's details read-only, with 'Back to
 * appointments'. A missing or erased patient, or an address naming none, says so.
 */
export function Component() {
  const { id: param } = useParams();
  const id = idFromParam(param);
  const record = usePatient(id);
  return (
    <AdminRecordPage
      record={record}
      missing={id === undefined}
      what="patient"
      title="Patient"
      notFoundTitle="Patient not found"
      {...BACK}
    >
      {({ patient }) => <PatientScreen key={patient.id} patient={patient} />}
    </AdminRecordPage>
  );
}

type Dialog = 'export' | 'erase' | null;

/**
 * The detail with the two GDPR actions, each after a dialog saying what happens: Export data (an access
 * request: patient-{id}.zip) and Erase (for good). A refused erasure (an appointment still to come, a payment
 * in progress) says the server's reason in the page, where the focus goes, and nothing changes.
 */
function PatientScreen({ patient }: { patient: PatientDetail }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const files = useFileDownload();
  const zip = useFileDownload();
  const { erase, forget } = useErasePatient();
  const [dialog, setDialog] = useState<Dialog>(null);
  // A patient's GDPR export and erasure are the administrator's (as Patients.csv is).
  const mayExport = useRoleCan('patients_export');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  const zipName = patientZipName(patient.id);
  const name = patient.full_name;
  // A booking still being made is deleted with the person (not kept without them), so staff are told before.
  const beingBooked = patient.appointments.filter(
    (appointment) => appointment.appointment_status === appointmentStarts.visitor,
  ).length;
  const kept = patient.appointments.length - beingBooked;

  // After the dialog has given the focus back to its button, the refusal takes it, so it is read first.
  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);

  const exportData = async () => {
    setBusy(true);
    const saved = await zip.download(patientZipUrl(patient.id), { fileName: zipName });
    setBusy(false);
    // A failure keeps the dialog open to try again; the error notice says why.
    if (!saved) return;
    setDialog(null);
    notify.success(`${zipName} has been downloaded. Keep it safe and delete it once it is sent.`);
  };

  const eraseForGood = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      await erase(patient.id);
    } catch (error) {
      setBusy(false);
      setDialog(null);
      setRefusal(error instanceof ApiError ? error.message : texts.defaultError);
      return;
    }
    notify.success(patientTexts.erased);
    await navigate('/admin/patients');
    // Only once the screen has left the patient: it never asks for them again.
    void forget(patient.id);
  };

  const shown =
    dialog === 'export'
      ? {
          title: `Export ${name}’s data?`,
          message: (
            <>
              <p>
                For a GDPR access request: this downloads <strong>{zipName}</strong>, holding patient.json
                (their details, appointments, payments and e-mails) and their files.
              </p>
              <p>
                It holds health data: keep it safe, send it only to the patient, and delete your copy once it
                is sent. The export is recorded in Activity.
              </p>
            </>
          ),
          confirmLabel: `Download ${zipName}`,
          cancelLabel: 'Cancel',
          tone: 'primary' as const,
        }
      : {
          title: `Erase ${name}?`,
          message: (
            <>
              <p>
                This deletes {name}’s personal details, files and e-mails for good.
                {(kept > 0 || beingBooked === 0) && ` ${patientTexts.eraseKeepsAppointments}`}
                {beingBooked > 0 && ` ${patientTexts.eraseDeletesBeingBooked}`}
              </p>
              <p>
                <strong>This cannot be undone.</strong> If they asked for a copy of their data, export it
                first.
              </p>
            </>
          ),
          confirmLabel: 'Erase for good',
          cancelLabel: 'Keep patient',
          tone: 'danger' as const,
        };

  return (
    <div className="patient-page">
      <AdminFormHeader
        title={name}
        eyebrow={
          <p className="admin-eyebrow">
            Patient, {ageGroupLabel(patient.is_adult).toLowerCase()}
            {patient.is_referral ? ', self-referral' : ''}
          </p>
        }
        {...BACK}
      >
        {mayExport && (
          <div className="patient-actions">
            <button type="button" className="button button--secondary" onClick={() => setDialog('export')}>
              Export data
            </button>
            <button
              type="button"
              className="button button--danger-secondary"
              onClick={() => setDialog('erase')}
            >
              Erase
            </button>
          </div>
        )}
      </AdminFormHeader>

      {refusal && (
        <div ref={refusalRef} className="admin-alert patient-alert" role="alert" tabIndex={-1}>
          <p>
            <strong>{name} was not erased.</strong> {refusal}
          </p>
        </div>
      )}

      <YearlyStatement patientId={patient.id} />

      <PatientDetails
        patient={patient}
        today={clinicToday()}
        onDownload={(file) => void files.download(file.url, { fallbackName: file.name })}
        downloading={files.pending}
      />

      <ConfirmDialog
        open={dialog !== null}
        title={shown.title}
        message={shown.message}
        confirmLabel={shown.confirmLabel}
        cancelLabel={shown.cancelLabel}
        confirmTone={shown.tone}
        busy={busy}
        onConfirm={() => void (dialog === 'export' ? exportData() : eraseForGood())}
        onCancel={() => setDialog(null)}
      />
    </div>
  );
}

/** The years a statement is offered for: this one and the five before. */
const STATEMENT_YEARS = 6;

/**
 * 'Yearly statement': one PDF of the patient's visits paid in the chosen year, with their receipt numbers, for their
 * health insurer (every role that reads appointments may download it).
 */
function YearlyStatement({ patientId }: { patientId: number }) {
  const thisYear = Number(clinicToday().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const statement = useFileDownload();
  const mayRead = useRoleCan('appointments_read');
  if (!mayRead) return null;
  return (
    <section className="admin-panel patient-statement" aria-labelledby="patient-statement-title">
      <h2 id="patient-statement-title" className="admin-panel__title">
        Yearly statement
      </h2>
      <p className="patient-statement__hint">
        The visits paid in a year, with their receipt numbers, on one PDF for the patient’s insurer.
      </p>
      <div className="patient-statement__row">
        <div className="field">
          <label className="field__label" htmlFor="patient-statement-year">
            Year
          </label>
          <select
            id="patient-statement-year"
            className="field__input"
            value={year}
            onChange={(event) => setYear(Number(event.target.value))}
          >
            {Array.from({ length: STATEMENT_YEARS }, (_, index) => thisYear - index).map((each) => (
              <option key={each} value={each}>
                {each}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={statement.pending !== null || undefined}
          onClick={() => {
            if (statement.pending === null) void statement.download(statementUrl(patientId, year));
          }}
        >
          {statement.pending ? 'Downloading…' : `Download ${year} statement`}
        </button>
      </div>
    </section>
  );
}
