import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { uploadRules } from '../../../shared/uploads';
import { EmailField } from '../../components/email-field/email-field';
import { ErrorSummary, type ErrorSummaryItem } from '../../components/error-summary/error-summary';
import { FileField } from '../../components/file-field/file-field';
import { CheckboxField } from '../../components/form-field/checkbox-field';
import { TextAreaField } from '../../components/form-field/text-area-field';
import { TextField } from '../../components/form-field/text-field';
import { KindChoice } from '../../components/kind-choice/kind-choice';
import { LONG_NOTIFICATION_DURATION_MS } from '../../components/notifications/notification-context';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { phoneInputProps, tidyDisplayDate } from '../../lib/patient-fields';
import '../../styles/request-forms.css';
import { useSendReferral } from './referral-api';
import {
  emptyReferralForm,
  type ReferralFieldName,
  type ReferralFormContext,
  type ReferralFormFields,
  referralBody,
  referralFieldOrder,
  referralLabels,
  referralSummaryLabels,
} from './referral-form-values';

const DOCUMENT = uploadRules.document;
const idOf = (name: ReferralFieldName) => `referral-${name}`;

/** Zod and the shared schema come with the form's first use, not with the page. */
const validation = lazyResolver<ReferralFormFields, ReferralFormContext, ReferralFormFields>(() =>
  import('./referral-validation').then((module) => module.referralResolver),
);

const yesNo = [
  { label: 'Yes', value: true },
  { label: 'No', value: false },
] as const;

export interface ReferralFormProps {
  /** The visitor's answer to 'Do you have a referral letter…?': which of the two forms this is. */
  hasLetter: boolean;
}

/**
 * The self-referral form (spec sections 2.3, 4 and 5), with a referral letter or with the form's answers:
 * the shared schema's rules and texts under each field and in an error summary (focused after a failed
 * submit), the API's `errors` put back on the fields, and its refusal of too many referrals (429) beside the
 * button. What is typed stays through a refusal and a change of path. Once sent: the two notices, then `/`.
 */
export function ReferralForm({ hasLetter }: ReferralFormProps) {
  const notify = useNotify();
  const navigate = useNavigate();
  const send = useSendReferral();
  const summaryRef = useRef<HTMLDivElement>(null);
  const refusalRef = useRef<HTMLParagraphElement>(null);
  // Set by a failed submit; the summary takes the focus once it is on screen with the errors.
  const [focusSummary, setFocusSummary] = useState(0);
  const [refusal, setRefusal] = useState<string>();

  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    clearErrors,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<ReferralFormFields, ReferralFormContext>({
    resolver: validation.resolver,
    context: { hasLetter },
    defaultValues: emptyReferralForm(),
    shouldFocusError: false,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  useEffect(() => validation.preload(), []);

  // Another path asks other questions: the last path's messages go (what was typed stays).
  const previousPath = useRef(hasLetter);
  useEffect(() => {
    if (previousPath.current === hasLetter) return;
    previousPath.current = hasLetter;
    clearErrors();
    setRefusal(undefined);
  }, [hasLetter, clearErrors]);

  const knownAllergies = watch('do_you_have_any_known_allergies');
  const order = referralFieldOrder(hasLetter, { do_you_have_any_known_allergies: knownAllergies });
  const shown = new Set<string>(order);
  const summary: ErrorSummaryItem[] = order
    .filter((name) => errors[name]?.message)
    .map((name) => ({
      name,
      targetId: idOf(name),
      label: referralSummaryLabels[name] ?? referralLabels[name],
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
  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);

  const onSubmit = handleSubmit(
    async (values) => {
      setRefusal(undefined);
      try {
        await send.mutateAsync(referralBody(values, hasLetter));
        // Loaded with the checks that have just passed: already here.
        const { referralSentNotices } = await import('./referral-validation');
        for (const text of referralSentNotices)
          notify.success(text, 'Referral sent', { durationMs: LONG_NOTIFICATION_DURATION_MS });
        navigate('/');
      } catch (error) {
        if (error instanceof ApiError && error.status === 429) {
          setRefusal(error.message);
          return;
        }
        if (applyServerErrors(error, setError, (name) => shown.has(name))) {
          setFocusSummary((count) => count + 1);
          return;
        }
        notifyApiError(notify, error);
      }
    },
    () => setFocusSummary((count) => count + 1),
  );

  const field = (name: ReferralFieldName) => ({
    id: idOf(name),
    label: referralLabels[name],
    error: errors[name]?.message,
  });
  const answer = (name: ReferralFieldName, hint: string) => (
    <TextAreaField {...field(name)} hint={hint} rows={4} required maxLength={600} {...register(name)} />
  );
  const dob = register('dob');
  const busy = send.isPending || send.isSuccess;

  return (
    <form
      className="booking-form referral-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="referral-form-title"
    >
      <h2 id="referral-form-title" className="booking-form__title">
        {hasLetter ? 'Send your referral letter' : 'Tell us about your allergy'}
      </h2>
      <p className="booking-form__intro">All fields are required unless marked optional.</p>
      <ErrorSummary
        ref={summaryRef}
        items={summary}
        onSelect={(name) => setFocus(name as ReferralFieldName)}
      />

      <fieldset className="booking-form__group">
        <legend>About you</legend>
        <p className="referral-form__note">
          Referring a child? Give the child's name and date of birth, and your own e-mail and phone.
        </p>
        <TextField
          {...field('full_name')}
          autoComplete="name"
          required
          maxLength={100}
          {...register('full_name')}
        />
        <TextField
          {...field('dob')}
          hint="dd.mm.yyyy, for example 31.01.1990"
          autoComplete="bday"
          inputMode="decimal"
          required
          maxLength={10}
          className="booking-form__short"
          {...dob}
          onBlur={(event) => {
            const tidy = tidyDisplayDate(event.target.value);
            if (tidy !== event.target.value) setValue('dob', tidy, { shouldValidate: isSubmitted });
            void dob.onBlur(event);
          }}
        />
        {!hasLetter && (
          <TextAreaField
            {...field('address')}
            hint="Street, town or city, county and Eircode (10 to 300 characters)"
            autoComplete="street-address"
            rows={3}
            required
            maxLength={600}
            {...register('address')}
          />
        )}
      </fieldset>

      <fieldset className="booking-form__group">
        <legend>Contact</legend>
        <div className="booking-form__pair">
          <EmailField
            {...field('email')}
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={254}
            {...register('email')}
          />
          <TextField
            {...field('phone')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            maxLength={30}
            {...phoneInputProps(register('phone'))}
          />
        </div>
      </fieldset>

      {hasLetter ? (
        <fieldset className="booking-form__group">
          <legend>Your GP's or consultant's letter</legend>
          <Controller
            control={control}
            name="referral_letter"
            render={({ field: file, fieldState }) => (
              <FileField
                id={idOf('referral_letter')}
                label={referralLabels.referral_letter}
                hint="The letter from your GP or consultant: a PDF or Word file (.pdf, .doc or .docx), up to 10 MB"
                accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
                allowedExtensions={DOCUMENT.extensions}
                maxNameLength={27}
                value={file.value}
                onChange={file.onChange}
                ref={file.ref}
                error={fieldState.error?.message}
              />
            )}
          />
        </fieldset>
      ) : (
        <>
          <fieldset className="booking-form__group">
            <legend>Your doctor</legend>
            <TextAreaField
              {...field('gp_details')}
              hint="Their name and the address of their practice or hospital (10 to 300 characters)"
              rows={3}
              required
              maxLength={600}
              {...register('gp_details')}
            />
          </fieldset>

          <fieldset className="booking-form__group">
            <legend>About your allergy</legend>
            {answer('concerns', 'What happens, how often, and since when (10 to 300 characters)')}
            {answer(
              'suspected_allergy',
              'A food, pollen, an animal, a medicine…, and what makes you think so (10 to 300 characters)',
            )}
            {answer(
              'consultation_hopes',
              'For example a diagnosis, a test, a treatment plan or advice (10 to 300 characters)',
            )}
          </fieldset>

          <fieldset className="booking-form__group">
            <legend>Do you have hayfever, asthma or eczema?</legend>
            <p className="referral-form__note">Tick any that apply.</p>
            <div className="referral-form__checks">
              {(['is_hayfever', 'is_asthma', 'is_eczema'] as const).map((name) => (
                <CheckboxField key={name} id={idOf(name)} label={referralLabels[name]} {...register(name)} />
              ))}
            </div>
          </fieldset>

          <div className="booking-form__group referral-form__allergies">
            <Controller
              control={control}
              name="do_you_have_any_known_allergies"
              render={({ field: choice }) => (
                <KindChoice
                  legend={referralLabels.do_you_have_any_known_allergies}
                  options={yesNo}
                  value={choice.value}
                  onChange={choice.onChange}
                />
              )}
            />
            {knownAllergies === true && (
              <TextAreaField
                {...field('known_allergies_description')}
                hint="What you are allergic to and how you react (up to 300 characters)"
                rows={3}
                maxLength={600}
                {...register('known_allergies_description')}
              />
            )}
          </div>
        </>
      )}

      <fieldset className="booking-form__group">
        <legend>Sign your referral</legend>
        <TextField
          {...field('signature')}
          hint="Type your full name exactly as above. It confirms that what you sent is true and complete."
          autoComplete="off"
          autoCapitalize="words"
          spellCheck={false}
          required
          maxLength={100}
          {...register('signature')}
        />
        <p className="referral-form__note">
          The clinic uses your details only to triage and answer this referral; read our{' '}
          <Link to="/privacy_policy" target="_blank" rel="noopener">
            Privacy Policy<span className="visually-hidden"> (opens in a new tab)</span>
          </Link>
          .
        </p>
      </fieldset>

      {refusal && (
        <p className="referral-form__refusal" role="alert" tabIndex={-1} ref={refusalRef}>
          {refusal}
        </p>
      )}
      <div className="booking-form__actions">
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {busy ? 'Sending your referral…' : 'Send referral'}
        </button>
      </div>
    </form>
  );
}
