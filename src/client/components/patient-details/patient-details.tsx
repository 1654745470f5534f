import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PatientDetail, StaffFile } from '../../../shared/patients';
import { formatAdminDateTime } from '../../lib/clinic-clock';
import { truncateFileName } from '../../lib/truncate-file-name';
import {
  ageGroupLabel,
  appointmentKindLabel,
  appointmentPath,
  appointmentStatusLine,
  appointmentWhen,
  carriesHealthDetails,
  dateOfBirthWithAge,
  guardianName,
  hasSelfReferralAnswers,
  NOT_GIVEN,
  patientFiles,
  yesNo,
} from './patient-labels';
import './patient-details.css';

/** Displayed file names are cut to 27 characters (spec section 9). */
const FILE_NAME_LENGTH = 27;

export interface PatientDetailsProps {
  patient: PatientDetail;
  /** Today in clinic time (YYYY-MM-DD), for the patient's age. */
  today: string;
  /** Downloads a staff-only file with the admin's token. */
  onDownload: (file: StaffFile) => void;
  /** The address of the file being downloaded, if any (its button says so). */
  downloading: string | null;
  /**
   * The Files and Appointments panels (true unless given): a referral's page leaves them out, its patient's
   * page has them.
   */
  withRecords?: boolean;
}

const factSizes = { wide: 'admin-facts__wide', short: 'patient-facts__short' } as const;

/**
 * One fact: its name and its value, 'Not given' (muted) when there is none. `size`: 'wide' across the panel,
 * 'short' (a yes or no) side by side even on a phone; `prose` for a patient's own words, in plain weight.
 */
function Fact({
  term,
  children,
  size,
  prose = false,
}: {
  term: string;
  children: ReactNode;
  size?: 'wide' | 'short';
  prose?: boolean;
}) {
  const empty = children === null || children === undefined || children === '' || children === NOT_GIVEN;
  const valueClass = empty ? 'patient-facts__none' : prose ? 'patient-facts__prose' : undefined;
  return (
    <div className={size ? factSizes[size] : undefined}>
      <dt>{term}</dt>
      <dd className={valueClass}>{empty ? NOT_GIVEN : children}</dd>
    </div>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="admin-panel" aria-labelledby={id}>
      <h2 id={id} className="admin-panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function DownloadButton({
  file,
  children,
  onDownload,
  downloading,
}: {
  file: StaffFile;
  children: ReactNode;
  onDownload: (file: StaffFile) => void;
  downloading: string | null;
}) {
  const busy = downloading === file.url;
  return (
    <button
      type="button"
      className="button button--secondary button--small patient-download"
      title={file.name}
      aria-disabled={downloading !== null || undefined}
      onClick={() => {
        if (downloading === null) onDownload(file);
      }}
    >
      {busy ? 'Downloading…' : children}
    </button>
  );
}

/**
 * A patient's read-only detail (spec 2.6 'Patient detail'): who they are and how to reach them, their GP or
 * consultant and the test's reason, a self-referral's answers and its letter, their files (names cut to 27
 * characters) and their appointments, each opening its own screen. Empty values say 'Not given'. Shown on the
 * patient's page and, without files and appointments, on a referral's page.
 */
export function PatientDetails({
  patient,
  today,
  onDownload,
  downloading,
  withRecords = true,
}: PatientDetailsProps) {
  const guardian = guardianName(patient);
  const hasConsultant = Boolean(
    patient.consultant_name || patient.consultant_addres || patient.consultant_email,
  );
  const referralLetter = patient.referral_letter;
  const download = { onDownload, downloading };
  const health = carriesHealthDetails(patient);

  return (
    <div className="patient-layout">
      <Panel id="patient-personal-title" title="Personal details">
        <dl className="admin-facts patient-facts">
          <Fact term="Full name">{patient.full_name}</Fact>
          <Fact term="Date of birth">{dateOfBirthWithAge(patient.dob, today)}</Fact>
          <Fact term="Adult or child" size="short">
            {ageGroupLabel(patient.is_adult)}
          </Fact>
          {!patient.is_adult && <Fact term="Parent or guardian">{guardian}</Fact>}
          <Fact term="Phone">
            {patient.phone ? (
              <a href={`tel:${patient.phone.replace(/[^+\d]/g, '')}`}>{patient.phone}</a>
            ) : null}
          </Fact>
          <Fact term="E-mail" size="wide">
            {patient.email ? <a href={`mailto:${patient.email}`}>{patient.email}</a> : null}
          </Fact>
          {patient.is_referral && (
            <Fact term="Address" size="wide">
              {patient.address}
            </Fact>
          )}
          <Fact term="Registered">
            <time dateTime={patient.created_at}>{formatAdminDateTime(patient.created_at)}</time>
          </Fact>
        </dl>
      </Panel>

      {health && patient.is_referral ? (
        <Panel id="patient-referral-title" title="Self-referral">
          {referralLetter ? (
            <p className="patient-panel__lead">
              <DownloadButton file={referralLetter} {...download}>
                Download referral letter
              </DownloadButton>
            </p>
          ) : (
            <p className="patient-panel__lead patient-facts__none">No referral letter was sent.</p>
          )}
          {referralLetter && !hasSelfReferralAnswers(patient) ? (
            <p className="patient-panel__note">
              Sent with a referral letter: the self-referral questions were not asked.
            </p>
          ) : (
            <dl className="admin-facts patient-facts">
              <Fact term="GP details" size="wide" prose>
                {patient.gp_details}
              </Fact>
              <Fact term="Concerns" size="wide" prose>
                {patient.concerns}
              </Fact>
              <Fact term="Suspected allergy, and why" size="wide" prose>
                {patient.suspected_allergy}
              </Fact>
              <Fact term="Hopes for the consultation" size="wide" prose>
                {patient.consultation_hopes}
              </Fact>
              <Fact term="Hayfever" size="short">
                {yesNo(patient.is_hayfever)}
              </Fact>
              <Fact term="Asthma" size="short">
                {yesNo(patient.is_asthma)}
              </Fact>
              <Fact term="Eczema" size="short">
                {yesNo(patient.is_eczema)}
              </Fact>
              <Fact term="Known allergies" size="short">
                {yesNo(patient.do_you_have_any_known_allergies)}
              </Fact>
              <Fact term="Known allergies, described" size="wide" prose>
                {patient.known_allergies_description}
              </Fact>
            </dl>
          )}
        </Panel>
      ) : null}

      {health && (!patient.is_referral || hasConsultant) && (
        <Panel id="patient-gp-title" title="GP or consultant">
          <dl className="admin-facts patient-facts">
            <Fact term="Name">{patient.consultant_name}</Fact>
            <Fact term="E-mail">
              {patient.consultant_email ? (
                <a href={`mailto:${patient.consultant_email}`}>{patient.consultant_email}</a>
              ) : null}
            </Fact>
            <Fact term="Address" size="wide">
              {patient.consultant_addres}
            </Fact>
            {!patient.is_referral && (
              <Fact term="Reason for the test" size="wide" prose>
                {patient.allergens}
              </Fact>
            )}
          </dl>
        </Panel>
      )}

      {withRecords && (
        <>
          {health && (
            <Panel id="patient-files-title" title="Files">
              <ul className="patient-files">
                {patientFiles(patient).map(({ kind, label, file }) => (
                  <li key={kind}>
                    <span className="patient-files__label">{label}</span>
                    {file ? (
                      <DownloadButton file={file} {...download}>
                        Download {truncateFileName(file.name, FILE_NAME_LENGTH)}
                      </DownloadButton>
                    ) : (
                      <span className="patient-facts__none">None</span>
                    )}
                  </li>
                ))}
              </ul>
            </Panel>
          )}

          <Panel id="patient-appointments-title" title="Appointments">
            {patient.appointments.length === 0 ? (
              <p className="patient-facts__none">No appointments.</p>
            ) : (
              <ul className="patient-appointments">
                {patient.appointments.map((appointment) => (
                  <li key={appointment.id}>
                    <Link className="patient-appointment" to={appointmentPath(appointment.id)}>
                      <span className="patient-appointment__when">{appointmentWhen(appointment)}</span>
                      <span className="visually-hidden">, </span>
                      <span className="patient-appointment__kind">
                        {appointmentKindLabel(appointment.is_video_call)}
                      </span>
                      <span className="visually-hidden">, </span>
                      <span className="patient-appointment__status">
                        {appointmentStatusLine(appointment)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </>
      )}
    </div>
  );
}
