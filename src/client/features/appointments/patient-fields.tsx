import type { FocusEvent } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { BOOKING_LIMITS } from '../../../shared/booking';
import type { AdminPatient } from '../../../shared/patients';
import { textTexts } from '../../../shared/texts';
import { uploadRules } from '../../../shared/uploads';
import { FileField } from '../../components/file-field/file-field';
import { CheckboxField } from '../../components/form-field/checkbox-field';
import { FieldFrame, useFieldIds } from '../../components/form-field/field-frame';
import { TextAreaField } from '../../components/form-field/text-area-field';
import { TextField } from '../../components/form-field/text-field';
import { carriesHealthDetails } from '../../components/patient-details/patient-labels';
import { useFileDownload } from '../../lib/download-file';
import { type FormSlot, phoneInputProps, tidyDisplayDate } from '../../lib/patient-fields';
import { truncateFileName } from '../../lib/truncate-file-name';
import {
  type AppointmentFormFields,
  appointmentFieldId,
  appointmentFieldLabels,
  FILE_FIELDS,
  isShown,
  type LabelledField,
  PAYMENT_TYPES,
  withoutOptional,
} from './appointment-form-values';

const fieldId = appointmentFieldId;

/** The payment type staff record for a booking they made; a stored value not in the list is offered too. */
function PaymentTypeField({
  form,
  readOnly,
}: {
  form: UseFormReturn<AppointmentFormFields>;
  readOnly: boolean;
}) {
  const error = form.formState.errors.payment_type?.message;
  const ids = useFieldIds(fieldId('payment_type'), 'How the patient pays at the clinic, if known.', error);
  const stored = form.formState.defaultValues?.payment_type ?? '';
  const options =
    stored && !(PAYMENT_TYPES as readonly string[]).includes(stored)
      ? [stored, ...PAYMENT_TYPES]
      : PAYMENT_TYPES;
  return (
    <FieldFrame
      ids={ids}
      label="Payment type (optional)"
      hint="How the patient pays at the clinic, if known."
      error={error}
    >
      <select
        id={ids.inputId}
        className="field__input appointment-form__select"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        disabled={readOnly}
        {...form.register('payment_type')}
      >
        <option value="">Not recorded</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A closed appointment's documents: each stored one downloads; nothing can be added or removed. */
function StoredDocuments({
  form,
  labels,
  download,
  pending,
}: {
  form: UseFormReturn<AppointmentFormFields>;
  labels: Record<LabelledField, string>;
  download: ReturnType<typeof useFileDownload>['download'];
  pending: string | null;
}) {
  const stored = FILE_FIELDS.flatMap((name) => {
    const value = form.getValues(name);
    return value.kind === 'stored' ? [{ name, file: value }] : [];
  });
  if (stored.length === 0) return <p className="appointment-form__none">No documents.</p>;
  return (
    <ul className="appointment-documents">
      {stored.map(({ name, file }) => (
        <li key={name}>
          <span className="appointment-documents__label">{withoutOptional(labels[name])}</span>
          <button
            type="button"
            className="file-field__download"
            title={file.name}
            aria-busy={pending === file.url || undefined}
            onClick={() => void download(file.url, { fileName: file.name })}
          >
            <span className="visually-hidden">Download </span>
            {truncateFileName(file.name, 27)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The patient form of an appointment (spec section 5, the admin variant): the fields the slot's kind asks
 * for, grouped, the e-mail optional, the date of birth as dd.MM.yyyy, letters kept out of the phone, the
 * test's two ticks, the payment type (for a booking staff made) and the three documents. Stored documents
 * download with the admin's token.
 */
export function PatientFields({
  form,
  slot,
  askPaymentType,
  readOnly = false,
  record,
  asksTextConsent = false,
}: {
  form: UseFormReturn<AppointmentFormFields>;
  slot: FormSlot;
  /** A booking staff made records how it is paid; one paid online was paid by card. */
  askPaymentType: boolean;
  /** A cancelled or refunded appointment: its details shown, nothing changeable; its documents still download. */
  readOnly?: boolean;
  /**
   * A new appointment for a patient in the records, shown above by `RecordedPatient`: only what their record lacks
   * is asked of who they are, their e-mail and phone once staff choose to update them, and the GP, test and
   * documents as the record has them (what is changed is saved to the record).
   */
  record?: { patient: AdminPatient; editingContact: boolean };
  /** A new patient's booking: the patient's consent to texts is asked beside the phone (issue 34). */
  asksTextConsent?: boolean;
}) {
  const {
    register,
    control,
    setValue,
    formState: { errors, isSubmitted },
  } = form;
  const { download, pending } = useFileDownload();
  const child = !slot.isAdult;
  const shown = (name: keyof AppointmentFormFields) => isShown(name, slot);
  const labels = appointmentFieldLabels(slot);
  const text = (name: LabelledField) => ({
    id: fieldId(name),
    label: labels[name],
    error: errors[name]?.message,
    disabled: readOnly,
  });
  // Registered where they are rendered: the order of registration is the order a failed save's focus
  // looks for the first error in.
  const dobField = () => {
    const dob = register('dob');
    return {
      ...dob,
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        const tidy = tidyDisplayDate(event.target.value);
        if (tidy !== event.target.value)
          setValue('dob', tidy, { shouldValidate: isSubmitted, shouldDirty: true });
        void dob.onBlur(event);
      },
    };
  };

  const nameField = (name: 'first_name' | 'last_name' | 'guardian_first_name' | 'guardian_last_name') => (
    <TextField {...text(name)} autoComplete="off" required maxLength={100} {...register(name)} />
  );
  const patient = record?.patient;
  const asksDob = !patient || (!slot.isVideoCall && !patient.dob);
  const asksGuardian =
    shown('guardian_first_name') && (!patient?.guardian_first_name || !patient.guardian_last_name);
  const asksContact = !record || record.editingContact;
  const healthHint = patient
    ? carriesHealthDetails(patient)
      ? "As the patient's record has them: what you change is saved to the record."
      : "Leave these empty to keep what the patient's record holds; fill in only what it lacks."
    : undefined;

  return (
    <>
      {(!patient || asksDob) && (
        <fieldset className="admin-form__fieldset">
          <legend>{child ? 'Child' : 'Patient'}</legend>
          {!patient && (
            <div className="admin-form__row">
              {nameField('first_name')}
              {nameField('last_name')}
            </div>
          )}
          {asksDob && (
            <TextField
              {...text('dob')}
              hint={`dd.mm.yyyy, for example ${child ? '31.01.2019' : '31.01.1990'}`}
              autoComplete="off"
              inputMode="decimal"
              required={!slot.isVideoCall}
              maxLength={10}
              className="appointment-form__short"
              {...dobField()}
            />
          )}
        </fieldset>
      )}

      {asksGuardian && (
        <fieldset className="admin-form__fieldset">
          <legend>Parent or guardian</legend>
          <div className="admin-form__row">
            {nameField('guardian_first_name')}
            {nameField('guardian_last_name')}
          </div>
        </fieldset>
      )}

      {asksContact && shown('phone') && (
        <fieldset className="admin-form__fieldset">
          <legend>Contact</legend>
          {record && (
            <p className="appointment-form__none">Saved to the patient's record with the booking.</p>
          )}
          <div className="admin-form__row">
            <TextField
              {...text('email')}
              type="email"
              inputMode="email"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={BOOKING_LIMITS.email}
              {...register('email')}
            />
            <TextField
              {...text('phone')}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              required
              maxLength={30}
              {...phoneInputProps(register('phone'))}
            />
          </div>
          {asksTextConsent && (
            <CheckboxField
              id={fieldId('sms_consent')}
              label={labels.sms_consent}
              hint={textTexts.consentHint}
              error={errors.sms_consent?.message}
              {...register('sms_consent')}
            />
          )}
        </fieldset>
      )}

      {!slot.isVideoCall && (
        <fieldset className="admin-form__fieldset">
          <legend>
            {shown('consultant_name')
              ? 'GP and the test'
              : shown('allergens')
                ? 'The test'
                : 'Before the test'}
          </legend>
          {healthHint && shown('allergens') && <p className="appointment-form__none">{healthHint}</p>}
          {shown('consultant_name') && (
            <>
              <TextField
                {...text('consultant_name')}
                autoComplete="off"
                required
                maxLength={100}
                {...register('consultant_name')}
              />
              <TextAreaField
                {...text('consultant_addres')}
                rows={3}
                required
                maxLength={600}
                {...register('consultant_addres')}
              />
            </>
          )}
          {shown('allergens') && (
            <>
              <TextField
                {...text('consultant_email')}
                type="email"
                inputMode="email"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={BOOKING_LIMITS.email}
                {...register('consultant_email')}
              />
              <TextAreaField
                {...text('allergens')}
                hint="What the patient reacts to and why they would like the test (10 to 300 characters)."
                rows={3}
                maxLength={600}
                {...register('allergens')}
              />
            </>
          )}
          <CheckboxField
            id={fieldId('antihistamine')}
            label={labels.antihistamine}
            error={errors.antihistamine?.message}
            disabled={readOnly}
            required
            {...register('antihistamine')}
          />
          <CheckboxField
            id={fieldId('agreement')}
            label={labels.agreement}
            error={errors.agreement?.message}
            disabled={readOnly}
            required
            {...register('agreement')}
          />
        </fieldset>
      )}

      {askPaymentType && (
        <fieldset className="admin-form__fieldset">
          <legend>Payment</legend>
          <PaymentTypeField form={form} readOnly={readOnly} />
        </fieldset>
      )}

      {shown('result') && (
        <fieldset className="admin-form__fieldset">
          <legend>Documents</legend>
          {patient && !readOnly && (
            <p className="appointment-form__none">
              {carriesHealthDetails(patient)
                ? "The patient's record's documents: one you add or remove changes the record."
                : 'Add a document only where the patient’s record has none.'}
            </p>
          )}
          {readOnly ? (
            <StoredDocuments form={form} labels={labels} download={download} pending={pending} />
          ) : (
            FILE_FIELDS.map((name) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field, fieldState }) => (
                  <FileField
                    id={fieldId(name)}
                    label={labels[name]}
                    hint=".pdf, .doc or .docx, up to 10 MB"
                    accept=".pdf,.doc,.docx"
                    allowedExtensions={uploadRules.document.extensions}
                    maxNameLength={27}
                    value={field.value}
                    onChange={field.onChange}
                    ref={field.ref}
                    error={fieldState.error?.message}
                    onDownload={
                      field.value.kind === 'stored'
                        ? () => {
                            if (field.value.kind === 'stored')
                              void download(field.value.url, { fileName: field.value.name });
                          }
                        : undefined
                    }
                    downloading={field.value.kind === 'stored' && pending === field.value.url}
                  />
                )}
              />
            ))
          )}
        </fieldset>
      )}
    </>
  );
}
