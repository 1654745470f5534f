import { type ComponentPropsWithRef, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { type Control, Controller, type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import {
  type AntihistamineChoice,
  antihistamineChoices,
  antihistamineTexts,
  stopDays,
  tooSoonToStopWords,
} from '../../../shared/antihistamines';
import { BOOKING_LIMITS, isAskedFor } from '../../../shared/booking';
import { textTexts } from '../../../shared/texts';
import { uploadRules } from '../../../shared/uploads';
import { markStepChange, StepHeading } from '../../components/booking-steps/booking-steps';
import { EmailField } from '../../components/email-field/email-field';
import { ErrorSummary, type ErrorSummaryItem } from '../../components/error-summary/error-summary';
import { FileField } from '../../components/file-field/file-field';
import { FieldErrorMessage } from '../../components/form-field/field-error-message';
import { TextAreaField } from '../../components/form-field/text-area-field';
import { TextField } from '../../components/form-field/text-field';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/apply-server-errors';
import type { StoredHold } from '../../lib/booking-hold';
import { bookingCalendarPath } from '../../lib/booking-hold';
import { clinicToday } from '../../lib/clinic-clock';
import { type FormSlot, phoneInputProps, tidyDisplayDate } from '../../lib/patient-fields';
import { useTextsSetUp } from '../../lib/texts-config';
import { useCreateVisitorAppointment } from './booking-api';
import { readDraft, writeDraft, writeVisitorAppointment } from './booking-storage';
import {
  bookingBody,
  draftOf,
  emptyRequestForm,
  fieldOrder,
  type RequestFormFields,
  requestFormResolver,
} from './request-form-values';

const DOCUMENT = uploadRules.document;
const idOf = (name: string) => `booking-${name}`;

/** The labels, as the fields and the error summary show them. */
function labelsFor(slot: FormSlot): Record<keyof RequestFormFields, string> {
  const child = !slot.isAdult;
  return {
    first_name: child ? "Child's first name" : 'First name',
    last_name: child ? "Child's surname" : 'Surname',
    guardian_first_name: "Parent or guardian's first name",
    guardian_last_name: "Parent or guardian's surname",
    email: 'E-mail',
    phone: 'Phone',
    sms_consent: 'Texts',
    dob: child ? "Child's date of birth" : 'Date of birth',
    consultant_name: "GP's name",
    consultant_addres: "GP's address",
    consultant_email: "GP's e-mail (optional)",
    allergens: 'Reason for the test (optional)',
    result: 'Previous test results (optional)',
    referral_letter: 'Referral letter (optional)',
    antihistamines: child ? antihistamineTexts.legendChild : antihistamineTexts.legend,
    antihistamine: 'Stopping antihistamines',
    agreement: 'Terms and conditions',
  };
}

/** Which fields the slot's kind shows (spec section 5). */
function shownFields(slot: FormSlot): Set<keyof RequestFormFields> {
  const kind = { is_adult: slot.isAdult, is_video_call: slot.isVideoCall };
  return new Set(fieldOrder.filter((name) => isAskedFor(name, kind)));
}

function CheckboxField({
  id,
  label,
  error,
  children,
  ...input
}: ComponentPropsWithRef<'input'> & { id: string; label: string; error?: string; children: ReactNode }) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field booking-check">
      <span className="field__label booking-check__legend">{label}</span>
      <label className="booking-check__label" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          className="booking-check__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          aria-required
          {...input}
        />
        <span>{children}</span>
      </label>
      {error && <FieldErrorMessage id={errorId}>{error}</FieldErrorMessage>}
    </div>
  );
}

/** The consent to texts beside the phone (issue 34): optional, unticked, with what a text holds and how to stop. */
function TextConsentField({
  id,
  error,
  ...input
}: ComponentPropsWithRef<'input'> & { id: string; error?: string }) {
  const hintId = `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field booking-check booking-check--texts">
      <label className="booking-check__label" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          className="booking-check__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
          {...input}
        />
        <span>{textTexts.consentLabel}</span>
      </label>
      <p id={hintId} className="field__hint">
        {textTexts.consentHint}
      </p>
      {error && <FieldErrorMessage id={errorId}>{error}</FieldErrorMessage>}
    </div>
  );
}

export interface RequestFormProps {
  hold: StoredHold;
  /** The hold is gone on the server: back to the calendar with this text. */
  onHoldLost: (message: string) => void;
  /** Releases the hold and goes back to the calendar. */
  onCancel: () => void;
  cancelling: boolean;
}

/**
 * The slot booking form (spec section 5): the shared schema's rules and texts under each field and in an
 * error summary (focused after a failed submit), the API's 422 `errors` put back on the fields. What is
 * typed is kept in session storage as a draft (never the files). On success the appointment's token is kept
 * in session storage and the payment step (/payment) is loaded as a new page, with its own headers.
 */
export function RequestForm({ hold, onHoldLost, onCancel, cancelling }: RequestFormProps) {
  const notify = useNotify();
  const textsSetUp = useTextsSetUp();
  const create = useCreateVisitorAppointment();
  const slot = useMemo<FormSlot>(
    () => ({ slotId: hold.slotId, isAdult: hold.isAdult, isVideoCall: hold.isVideoCall }),
    [hold.slotId, hold.isAdult, hold.isVideoCall],
  );
  const labels = labelsFor(slot);
  const shown = shownFields(slot);
  const summaryRef = useRef<HTMLDivElement>(null);
  // Set by a failed submit; the summary takes the focus once it is on screen with the errors.
  const [focusSummary, setFocusSummary] = useState(0);
  const resolver = useMemo(() => requestFormResolver(slot), [slot]);

  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<RequestFormFields>({
    resolver,
    defaultValues: emptyRequestForm(readDraft()),
    shouldFocusError: false,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // What is typed is kept, for a visitor sent back to choose another time.
  useEffect(() => {
    const subscription = watch((values) => writeDraft(draftOf(values as Partial<RequestFormFields>)));
    return () => subscription.unsubscribe();
  }, [watch]);

  const summary: ErrorSummaryItem[] = fieldOrder
    .filter((name) => shown.has(name) && (errors as FieldErrors<RequestFormFields>)[name]?.message)
    .map((name) => ({
      name,
      targetId: idOf(name),
      label: labels[name],
      message: String(errors[name]?.message),
    }));

  const summaryShown = summary.length > 0;
  const focusPending = useRef(false);
  useEffect(() => {
    if (focusSummary > 0) focusPending.current = true;
  }, [focusSummary]);
  useEffect(() => {
    if (!focusPending.current || !summaryShown) return;
    focusPending.current = false;
    summaryRef.current?.focus();
  });

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const { patient } = await create.mutateAsync({
          body: bookingBody(values, slot),
          holdToken: hold.token,
        });
        writeVisitorAppointment({
          patientId: patient.id,
          accessToken: patient.access_token,
          slotId: hold.slotId,
        });
        // A new page load, so the payment step gets its own security headers (Stripe's card form).
        markStepChange();
        window.location.assign('/payment');
      } catch (error) {
        if (error instanceof ApiError && error.body.errors?.session_id) {
          onHoldLost(error.message);
          return;
        }
        if (applyServerErrors(error, setError, (name) => shown.has(name as keyof RequestFormFields))) {
          setFocusSummary((count) => count + 1);
          return;
        }
        notifyApiError(notify, error);
      }
    },
    () => setFocusSummary((count) => count + 1),
  );

  const dob = register('dob');
  const text = (name: keyof RequestFormFields) => ({
    id: idOf(name),
    label: labels[name],
    error: errors[name]?.message,
  });
  const busy = create.isPending || create.isSuccess;

  return (
    <form className="booking-form" noValidate onSubmit={onSubmit} aria-labelledby="booking-form-title">
      <StepHeading step={1} level={2} id="booking-form-title" className="booking-form__title">
        {hold.isAdult ? 'Your details' : "Your child's details"}
      </StepHeading>
      <p className="booking-form__intro">All fields are required unless marked optional.</p>
      <ErrorSummary ref={summaryRef} items={summary} onSelect={(name) => setFocus(name as never)} />

      <fieldset className="booking-form__group">
        <legend>{hold.isAdult ? 'Patient' : 'Child'}</legend>
        <div className="booking-form__pair">
          <TextField
            {...text('first_name')}
            autoComplete={hold.isAdult ? 'given-name' : 'off'}
            required
            maxLength={100}
            {...register('first_name')}
          />
          <TextField
            {...text('last_name')}
            autoComplete={hold.isAdult ? 'family-name' : 'off'}
            required
            maxLength={100}
            {...register('last_name')}
          />
        </div>
        <TextField
          {...text('dob')}
          hint={`dd.mm.yyyy, for example ${hold.isAdult ? '31.01.1990' : '31.01.2019'}`}
          autoComplete={hold.isAdult ? 'bday' : 'off'}
          inputMode="decimal"
          required={!hold.isVideoCall}
          maxLength={10}
          className="booking-form__short"
          {...dob}
          onBlur={(event) => {
            const tidy = tidyDisplayDate(event.target.value);
            if (tidy !== event.target.value) setValue('dob', tidy, { shouldValidate: isSubmitted });
            void dob.onBlur(event);
          }}
        />
      </fieldset>

      {shown.has('guardian_first_name') && (
        <fieldset className="booking-form__group">
          <legend>Parent or guardian</legend>
          <div className="booking-form__pair">
            <TextField
              {...text('guardian_first_name')}
              autoComplete="given-name"
              required
              maxLength={100}
              {...register('guardian_first_name')}
            />
            <TextField
              {...text('guardian_last_name')}
              autoComplete="family-name"
              required
              maxLength={100}
              {...register('guardian_last_name')}
            />
          </div>
        </fieldset>
      )}

      <fieldset className="booking-form__group">
        <legend>Contact</legend>
        <div className="booking-form__pair">
          <EmailField
            {...text('email')}
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={BOOKING_LIMITS.email}
            {...register('email')}
          />
          <TextField
            {...text('phone')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            maxLength={30}
            {...phoneInputProps(register('phone'))}
          />
        </div>
        {textsSetUp && (
          <TextConsentField
            id={idOf('sms_consent')}
            error={errors.sms_consent?.message}
            {...register('sms_consent')}
          />
        )}
      </fieldset>

      {!hold.isVideoCall && (
        <fieldset className="booking-form__group">
          <legend>{shown.has('consultant_name') ? 'GP or consultant' : 'GP and the test'}</legend>
          {shown.has('consultant_name') && (
            <>
              <TextField
                {...text('consultant_name')}
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
          <TextField
            {...text('consultant_email')}
            type="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={BOOKING_LIMITS.email}
            {...register('consultant_email')}
          />
          <TextAreaField
            {...text('allergens')}
            hint="What you react to and why you would like the test (10 to 300 characters)"
            rows={4}
            maxLength={600}
            {...register('allergens')}
          />
        </fieldset>
      )}

      <fieldset className="booking-form__group">
        <legend>Documents</legend>
        {(['result', 'referral_letter'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field, fieldState }) => (
              <FileField
                id={idOf(name)}
                label={labels[name]}
                hint=".pdf, .doc or .docx, up to 10 MB"
                accept=".pdf,.doc,.docx"
                allowedExtensions={DOCUMENT.extensions}
                maxNameLength={27}
                value={field.value}
                onChange={field.onChange}
                ref={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
        ))}
      </fieldset>

      {!hold.isVideoCall && (
        // One step: which antihistamines they take (optional, for their own stop days), then the spec's
        // required promise to stop them on those days, then the terms (decision 0025).
        <fieldset className="booking-form__group">
          <legend>Before the test</legend>
          <fieldset
            className="booking-medicines"
            aria-describedby={`booking-antihistamines-why${errors.antihistamines ? ' booking-antihistamines-error' : ''}`}
          >
            <legend className="field__label">{labels.antihistamines} (optional)</legend>
            <p id="booking-antihistamines-why" className="field__hint">
              {antihistamineTexts.why}
            </p>
            {antihistamineChoices.map((choice, index) => (
              <label
                key={choice}
                className="booking-check__label"
                htmlFor={index === 0 ? idOf('antihistamines') : idOf(`antihistamines-${choice}`)}
              >
                <input
                  id={index === 0 ? idOf('antihistamines') : idOf(`antihistamines-${choice}`)}
                  type="checkbox"
                  className="booking-check__input"
                  value={choice}
                  aria-invalid={errors.antihistamines ? true : undefined}
                  {...register('antihistamines')}
                />
                <span>{antihistamineTexts.labels[choice]}</span>
              </label>
            ))}
            {errors.antihistamines?.message && (
              <FieldErrorMessage id="booking-antihistamines-error">
                {errors.antihistamines.message}
              </FieldErrorMessage>
            )}
            <TooSoonToStop control={control} testDay={hold.date} />
          </fieldset>
          <CheckboxField
            id={idOf('antihistamine')}
            label={labels.antihistamine}
            error={errors.antihistamine?.message}
            {...register('antihistamine')}
          >
            {antihistamineTexts.promise}
          </CheckboxField>
          <CheckboxField
            id={idOf('agreement')}
            label={labels.agreement}
            error={errors.agreement?.message}
            {...register('agreement')}
          >
            I have read and agree to the{' '}
            <Link to="/terms_and_conditions" target="_blank" rel="noopener">
              Terms &amp; Conditions<span className="visually-hidden"> (opens in a new tab)</span>
            </Link>
            .
          </CheckboxField>
        </fieldset>
      )}

      <div className="booking-form__actions">
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {busy ? 'Saving your details…' : 'Continue to payment'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={cancelling || busy}
          onClick={onCancel}
        >
          Cancel booking
        </button>
      </div>
      <p className="booking-form__note">You check your booking and pay by card on the next step.</p>
    </form>
  );
}

/**
 * Said before paying, as the medicines are ticked: a test too soon to stop one of them for its days (a test taken on
 * antihistamines may have to be done again), with the choice left to the patient.
 */
function TooSoonToStop({ control, testDay }: { control: Control<RequestFormFields>; testDay: string }) {
  const ticked = useWatch({ control, name: 'antihistamines' });
  const taken = (Array.isArray(ticked) ? ticked : []).filter((choice): choice is AntihistamineChoice =>
    (antihistamineChoices as readonly string[]).includes(choice),
  );
  const late = stopDays(testDay, taken, clinicToday()).filter((stop) => stop.late);
  if (late.length === 0) return null;
  return (
    <div className="booking-form__warning" role="status">
      <p>
        This test is {tooSoonToStopWords(late)}. A skin prick test taken on antihistamines may have to be done
        again.
      </p>
      <p>
        You can go back and choose a later day, or keep this time and tell us what you took when you arrive.
      </p>
      <p>
        <Link to={bookingCalendarPath(false)}>Choose a later day</Link>
      </p>
    </div>
  );
}
