import { Fragment, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { AdminPatient, PatientListItem } from '../../../shared/patients';
import { formatDateOfBirth, NOT_GIVEN } from '../../components/patient-details/patient-labels';
import type { FormSlot } from '../../lib/patient-fields';
import { PATIENT_CHOICES, usePatientSearch } from './appointments-admin-api';

/**
 * The first step of booking for a patient: find them in the records, so a returning patient keeps one record
 * with all their visits (their page and their yearly statement), or say they are new.
 */

/** How long typing rests before the records are searched. */
const SEARCH_PAUSE_MS = 250;

/** `value` once it has stopped changing for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Why a record cannot be booked on this time (a child's record on an adult's time…); undefined when it can. */
function otherAge(patient: Pick<AdminPatient, 'is_adult'>, slot: Pick<FormSlot, 'isAdult'>) {
  if (patient.is_adult === slot.isAdult) return undefined;
  return patient.is_adult
    ? "An adult's record: this time is for a child."
    : "A child's record: this time is for an adult.";
}

/** The parent or guardian a child's record names, or ''. */
const guardianOf = (patient: Pick<AdminPatient, 'guardian_first_name' | 'guardian_last_name'>) =>
  [patient.guardian_first_name, patient.guardian_last_name].filter(Boolean).join(' ');

function SearchResult({
  patient,
  slot,
  onPick,
}: {
  patient: PatientListItem;
  slot: FormSlot;
  onPick: (id: number) => void;
}) {
  const refusal = otherAge(patient, slot);
  const born = formatDateOfBirth(patient.dob);
  const guardian = guardianOf(patient);
  return (
    <li className="patient-choice__item">
      <div className="patient-choice__who">
        <span className="patient-choice__name">{patient.full_name}</span>
        <span className="patient-choice__facts">
          {[born ? `Born ${born}` : 'Date of birth not given', patient.phone, patient.email]
            .filter(Boolean)
            .map((fact, index, all) => (
              // A fact is not broken across lines (a phone number read in two halves), but for a long e-mail;
              // a line may break after the dot between two.
              <Fragment key={fact}>
                <span className="patient-choice__fact">{fact}</span>
                {index < all.length - 1 && '\u00a0· '}
              </Fragment>
            ))}
        </span>
        {!patient.is_adult && (
          <span className="patient-choice__facts">
            Child{guardian ? ` · parent or guardian ${guardian}` : ''}
          </span>
        )}
      </div>
      {refusal ? (
        <p className="patient-choice__refusal">{refusal}</p>
      ) : (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => onPick(patient.id)}
        >
          Choose<span className="visually-hidden"> {patient.full_name}</span>
        </button>
      )}
    </li>
  );
}

/**
 * The search: part of a name, e-mail or phone (as the patients list searches: "Aoife Ni Bhriain" finds "Aoife Ní
 * Bhriain", "0871234567" finds "087 123 4567"), the newest matching records with what tells two apart, each chosen
 * with a button; "New patient" for someone not in the records.
 */
export function PatientSearch({
  slot,
  search,
  onSearch,
  onPick,
  onNew,
  focusOnMount,
  actions,
}: {
  slot: FormSlot;
  search: string;
  onSearch: (search: string) => void;
  onPick: (id: number) => void;
  onNew: () => void;
  /** Focus the search once shown (staff came back to it with "Change patient"). */
  focusOnMount: boolean;
  actions: ReactNode;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the step is shown
  useEffect(() => {
    if (focusOnMount) inputRef.current?.focus();
  }, []);
  const wanted = useSettled(search.trim(), SEARCH_PAUSE_MS);
  const found = usePatientSearch(wanted);
  const results = wanted.length >= 2 ? found.data : undefined;
  const shown = results?.patients ?? [];
  const status =
    wanted.length < 2
      ? 'Type at least two letters or digits of their name, e-mail or phone.'
      : found.isError
        ? `The patients could not be searched. ${found.error.message}`
        : !results || found.isPlaceholderData
          ? 'Searching…'
          : results.count === 0
            ? `No patient found for “${wanted}”. Check the spelling, or book them as a new patient.`
            : results.count > shown.length
              ? `The ${PATIENT_CHOICES} newest of ${results.count} patients found: type more to narrow it.`
              : `${results.count} ${results.count === 1 ? 'patient' : 'patients'} found.`;
  return (
    <section className="admin-form appointment-form patient-choice" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="appointment-form__title">
        Who is the appointment for?
      </h2>
      <p className="appointment-form__intro">
        Search the records first: a returning patient keeps one record with all their visits.
      </p>
      <search className="field">
        <label className="field__label" htmlFor={`${id}-search`}>
          Search patients by name, e-mail or phone
        </label>
        <input
          id={`${id}-search`}
          ref={inputRef}
          className="field__input"
          type="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={search}
          aria-describedby={`${id}-status`}
          onChange={(event) => onSearch(event.target.value)}
        />
      </search>
      <p id={`${id}-status`} className="patient-choice__status" role="status">
        {status}
      </p>
      {shown.length > 0 && (
        <ul className="patient-choice__results" aria-label="Patients found" aria-busy={found.isFetching}>
          {shown.map((patient) => (
            <SearchResult key={patient.id} patient={patient} slot={slot} onPick={onPick} />
          ))}
        </ul>
      )}
      <div className="admin-form__actions">
        <button type="button" className="button button--primary" onClick={onNew}>
          New patient
        </button>
        {actions}
      </div>
    </section>
  );
}

/** The fields a slot of this kind needs that the record lacks, by the label that says so. */
function missingFromRecord(patient: AdminPatient, slot: FormSlot): string[] {
  return [
    ...(!slot.isVideoCall && !patient.dob ? ['date of birth'] : []),
    ...(!slot.isAdult && !(patient.guardian_first_name && patient.guardian_last_name)
      ? ['parent or guardian']
      : []),
  ];
}

/**
 * The patient a booking is for, read-only from their record (their name, birth date, guardian, e-mail and phone),
 * with "Change patient" (back to the search) and "Update e-mail or phone" (their contact fields in the form, saved
 * to the record with the booking).
 */
export function RecordedPatient({
  patient,
  slot,
  headingRef,
  editingContact,
  onEditContact,
  onChange,
}: {
  patient: AdminPatient;
  slot: FormSlot;
  headingRef: RefObject<HTMLHeadingElement | null>;
  editingContact: boolean;
  onEditContact: () => void;
  onChange: () => void;
}) {
  const child = !patient.is_adult;
  const guardian = guardianOf(patient);
  const missing = missingFromRecord(patient, slot);
  const rows: [string, string][] = [
    [child ? "Child's date of birth" : 'Date of birth', formatDateOfBirth(patient.dob) || NOT_GIVEN],
    ...(child ? [['Parent or guardian', guardian || NOT_GIVEN] as [string, string]] : []),
    ['E-mail', patient.email || NOT_GIVEN],
    ['Phone', patient.phone || NOT_GIVEN],
  ];
  return (
    <div className="recorded-patient">
      <p className="admin-eyebrow">From the patient's record</p>
      <h3 className="recorded-patient__name" ref={headingRef} tabIndex={-1}>
        {patient.full_name}
      </h3>
      <dl className="recorded-patient__facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {missing.length > 0 && (
        <p className="recorded-patient__missing">
          The record has no {missing.join(' and no ')}: fill it in below and it is saved to the record.
        </p>
      )}
      <div className="recorded-patient__actions">
        <button type="button" className="button button--secondary button--small" onClick={onChange}>
          Change patient
        </button>
        {!editingContact && (
          <button type="button" className="button button--secondary button--small" onClick={onEditContact}>
            Update e-mail or phone
          </button>
        )}
      </div>
    </div>
  );
}
