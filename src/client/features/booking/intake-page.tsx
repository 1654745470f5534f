import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { clinic } from '../../../shared/clinic';
import {
  dateProblem,
  type IntakeQuestion,
  intakeTexts,
  multiChoiceValues,
  SIGNATURE_MAX,
  signingProblems,
} from '../../../shared/intake';
import type { IntakeAnswer } from '../../../shared/intake-schemas';
import { manageBookingPath } from '../../../shared/manage-booking';
import { ErrorSummary } from '../../components/error-summary/error-summary';
import { CheckboxField } from '../../components/form-field/checkbox-field';
import { FieldErrorMessage } from '../../components/form-field/field-error-message';
import { TextAreaField } from '../../components/form-field/text-area-field';
import { TextField } from '../../components/form-field/text-field';
import { ApiError } from '../../lib/api-client';
import { clinicToday } from '../../lib/clinic-clock';
import type { RouteHandle } from '../../lib/route-handle';
import { type IntakeProof, readIntakeForm, saveIntakeForm } from './intake-api';
import {
  forgetBirthDate,
  forgetLocalDraft,
  type IntakeTokens,
  keepBirthDate,
  readBirthDate,
  readKeptBirthDate,
  readLocalDraft,
  takeIntakeTokens,
  writeLocalDraft,
} from './intake-storage';
import { intakeHead } from './manage-booking-head';
import { signedOnText } from './signed-on';
import '../../styles/request-forms.css';
import './booking.css';
import './intake.css';

export const handle: RouteHandle = { head: () => intakeHead };

/** How long after the last key a draft is saved to the server. */
const SAVE_AFTER_MS = 1200;

/**
 * `/booking/{reference}/intake#{token}`: the booking's intake and consent form (issue 33), from the link in the
 * confirmation e-mail, the booking's page or the confirmation after paying. The patient's date of birth opens it; the
 * questions are the server's (the form's version); answers are kept as they are typed, in this browser and on the
 * server, and sent signed once complete. Client-only, like the booking's page: one patient's, read with a token the
 * server never sees in the address.
 */
export function Component() {
  const { reference = '' } = useParams();
  const upper = reference.toUpperCase();
  return <IntakeLink key={upper} reference={upper} />;
}

function IntakeLink({ reference }: { reference: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [tokens] = useState(() => takeIntakeTokens(reference, location.hash));
  const hasHash = location.hash !== '';
  useEffect(() => {
    if (hasHash) navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [hasHash, navigate, location.pathname, location.search]);

  if (!tokens) {
    return (
      <div className="page container intake">
        <div className="notice-page__box">
          <h1 className="page__title">Open the form from its e-mail</h1>
          <p>
            For your privacy, this form opens only from the link in your booking confirmation e-mail (or the
            reminder), in the tab it opened in. Please open that link again, or call us on{' '}
            <a href={clinic.phoneHref}>{clinic.phone}</a> and we will help.
          </p>
        </div>
      </div>
    );
  }
  return <IntakeGate reference={reference} tokens={tokens} />;
}

type Loaded = { form: IntakeAnswer; proof: IntakeProof };

/** The date of birth first; then the form. */
function IntakeGate({ reference, tokens }: { reference: string; tokens: IntakeTokens }) {
  const [loaded, setLoaded] = useState<Loaded>();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [checking, setChecking] = useState(false);
  const [closed, setClosed] = useState<string>();
  const [broken, setBroken] = useState(false);
  const fieldRef = useRef<HTMLInputElement>(null);

  const open = useCallback(
    async (dateOfBirth: string, fromTab: boolean) => {
      setChecking(true);
      const proof = { ...tokens, dateOfBirth };
      try {
        const form = await readIntakeForm(reference, proof);
        keepBirthDate(reference, dateOfBirth);
        setLoaded({ form, proof });
      } catch (caught) {
        forgetBirthDate(reference);
        if (caught instanceof ApiError && caught.code === 'intake_closed') {
          setClosed(caught.message);
          return;
        }
        if (fromTab) return;
        if (
          caught instanceof ApiError &&
          (caught.code === 'intake_identity_wrong' ||
            caught.code === 'intake_date_of_birth_invalid' ||
            caught.code === 'intake_identity_throttled')
        ) {
          setError(caught.message);
          fieldRef.current?.focus();
        } else {
          setProblem(
            caught instanceof ApiError && caught.status === 404
              ? brokenLinkText
              : caught instanceof Error
                ? caught.message
                : String(caught),
          );
        }
      } finally {
        setChecking(false);
      }
    },
    [reference, tokens],
  );

  // A reload in this tab opens the form again with the date already given. Without one, the server is asked (no date
  // sent: no guess counted) whether the form is open at all, so a cancelled or past booking says so at once.
  useEffect(() => {
    const kept = readKeptBirthDate(reference);
    if (kept) {
      void open(kept, true);
      return;
    }
    let current = true;
    readIntakeForm(reference, { ...tokens, dateOfBirth: '' }).catch((caught: unknown) => {
      if (!current || !(caught instanceof ApiError)) return;
      if (caught.code === 'intake_closed') setClosed(caught.message);
      // A mistyped or forged link is known before any date of birth: asking for one first would be a wasted step.
      else if (caught.status === 404) setBroken(true);
    });
    return () => {
      current = false;
    };
  }, [reference, open, tokens]);

  if (closed) return <ClosedForm reference={reference} message={closed} />;
  if (broken) return <BrokenLink />;
  if (loaded) return <IntakeForm reference={reference} loaded={loaded} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const read = readBirthDate(typed);
    if (read === undefined || read === 'unreal' || read > clinicToday()) {
      setError(
        read === 'unreal'
          ? intakeTexts.dateOfBirthNotReal
          : read === undefined
            ? 'Please type the date of birth as DD.MM.YYYY.'
            : intakeTexts.dateOfBirthFuture,
      );
      fieldRef.current?.focus();
      return;
    }
    setError(undefined);
    void open(read, false);
  };

  return (
    <div className="page container intake">
      <h1 className="page__title">Intake and consent form</h1>
      <p className="page__lead">
        Booking reference <strong>{reference}</strong>
      </p>
      <form className="intake__gate booking-form" onSubmit={submit} noValidate>
        <p>
          The form asks about health, so first please confirm the patient’s date of birth, as given when
          booking.
        </p>
        <TextField
          ref={fieldRef}
          label="Patient’s date of birth"
          hint="For example 14.03.1985"
          name="date_of_birth"
          inputMode="numeric"
          autoComplete="off"
          value={typed}
          error={error}
          required
          onChange={(event) => setTyped(event.target.value)}
        />
        {problem && (
          <p className="booking-notice" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="button button--primary" aria-busy={checking || undefined}>
          Open the form
        </button>
      </form>
    </div>
  );
}

const brokenLinkText = 'This form’s link does not work: it may be mistyped, or the appointment is over.';

/** A link whose reference or token the server does not know (404): said at once, with no date of birth asked. */
function BrokenLink() {
  return (
    <div className="page container intake">
      <div className="notice-page__box">
        <h1 className="page__title">This link does not work</h1>
        <p>{brokenLinkText}</p>
        <p>
          Please open the link in your booking confirmation e-mail (or the reminder) again, or call us on{' '}
          <a href={clinic.phoneHref}>{clinic.phone}</a> and we will help.
        </p>
      </div>
    </div>
  );
}

/** A cancelled, refunded, started or past appointment's form: said instead of the questions, which could not be sent. */
function ClosedForm({
  reference,
  message,
  replacesForm = false,
}: {
  reference: string;
  message: string;
  /** It took the place of the questions being typed into: focus moves to it, so a screen reader says it. */
  replacesForm?: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (replacesForm) headingRef.current?.focus();
  }, [replacesForm]);
  return (
    <div className="page container intake">
      <div className="notice-page__box intake__closed">
        <h1 className="page__title" tabIndex={-1} ref={headingRef}>
          This form is closed
        </h1>
        <p>{message}</p>
        <p>
          Booking reference <strong>{reference}</strong>.{' '}
          <Link to={manageBookingPath(reference)}>See your booking</Link> or call us on{' '}
          <a href={clinic.phoneHref}>{clinic.phone}</a>.
        </p>
      </div>
    </div>
  );
}

/** `untouched`: nothing changed since the form opened, so no saved notice is shown (nothing was saved yet). */
type SaveState = 'untouched' | 'saved' | 'saving' | 'unsaved' | 'offline';

const saveStateText: Record<Exclude<SaveState, 'untouched'>, string> = {
  saved: 'All answers saved.',
  saving: 'Saving…',
  unsaved: 'Changes kept in this browser; saving shortly.',
  offline:
    'We could not reach the clinic just now: your answers are kept in this browser and saved when you continue.',
};

function IntakeForm({ reference, loaded }: { reference: string; loaded: Loaded }) {
  const { proof } = loaded;
  const [form, setForm] = useState(loaded.form);
  const [answers, setAnswers] = useState<Record<string, string>>(() => ({
    ...loaded.form.answers,
    ...(loaded.form.status === 'signed' ? {} : readLocalDraft(reference)),
  }));
  const [editing, setEditing] = useState(loaded.form.status !== 'signed');
  const [consent, setConsent] = useState(false);
  const [signature, setSignature] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saveState, setSaveState] = useState<SaveState>('untouched');
  const [notice, setNotice] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [signing, setSigning] = useState(false);
  const [closedMessage, setClosedMessage] = useState<string>();
  const summaryRef = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(answers);
  const closed = useRef(false);

  const saveDraft = useCallback(async () => {
    if (closed.current) return;
    setSaveState('saving');
    try {
      const saved = await saveIntakeForm(reference, proof, { answers: latest.current, sign: false });
      setForm(saved);
      setSaveState('saved');
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'intake_closed') {
        closed.current = true;
        setClosedMessage(caught.message);
        return;
      }
      if (caught instanceof ApiError && caught.body.errors) {
        setErrors(
          Object.fromEntries(Object.entries(caught.body.errors).map(([key, [first]]) => [key, first ?? ''])),
        );
      }
      setSaveState('offline');
    }
  }, [reference, proof]);

  // Answers kept in this browser that the server has not got (typed offline, or before a reload) are sent now.
  const [sentKept] = useState(() => {
    const kept = readLocalDraft(reference);
    return loaded.form.status !== 'signed' && kept && Object.keys(kept).length > 0;
  });
  useEffect(() => {
    if (sentKept) void saveDraft();
  }, [sentKept, saveDraft]);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const change = (key: string, value: string, problem?: string) => {
    const next = { ...latest.current, [key]: value };
    latest.current = next;
    setAnswers(next);
    setErrors(({ [key]: _gone, ...rest }) => (problem ? { ...rest, [key]: problem } : rest));
    writeLocalDraft(reference, next);
    setSaveState('unsaved');
    setNotice(undefined);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveDraft(), SAVE_AFTER_MS);
  };

  const sign = async (event: FormEvent) => {
    event.preventDefault();
    clearTimeout(timer.current);
    const request = { answers: latest.current, consent, signature };
    const found = signingProblems(form.questions, request, form.signer_name, clinicToday());
    if (Object.keys(found).length > 0) {
      setErrors(found);
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setSigning(true);
    try {
      const signed = await saveIntakeForm(reference, proof, { ...request, sign: true });
      forgetLocalDraft(reference);
      setForm(signed);
      setAnswers(signed.answers);
      setEditing(false);
      setErrors({});
      setSaveState('saved');
      setNotice(intakeTexts.signed);
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'intake_closed') {
        closed.current = true;
        setClosedMessage(caught.message);
      } else if (caught instanceof ApiError && caught.code === 'intake_already_signed') {
        // Nothing changed since signing: the signed form stands, and is shown again as it is.
        try {
          const current = await readIntakeForm(reference, proof);
          setForm(current);
          setAnswers(current.answers);
          latest.current = current.answers;
        } catch {
          // The signed form is still the server's; what the page shows is only older.
        }
        forgetLocalDraft(reference);
        setEditing(false);
        setErrors({});
        setSaveState('saved');
        setNotice(caught.message);
      } else if (caught instanceof ApiError && caught.body.errors) {
        setErrors(
          Object.fromEntries(Object.entries(caught.body.errors).map(([key, [first]]) => [key, first ?? ''])),
        );
        requestAnimationFrame(() => summaryRef.current?.focus());
      } else {
        setProblem(caught instanceof Error ? caught.message : String(caught));
      }
    } finally {
      setSigning(false);
    }
  };

  const labelOf = (key: string) =>
    key === 'consent'
      ? 'Consent'
      : key === 'signature'
        ? 'Signature'
        : (form.questions.find((question) => question.key === key)?.label ?? key);
  const summaryItems = Object.entries(errors)
    .filter(([, message]) => message)
    .map(([name, message]) => ({ name, targetId: `intake-${name}`, label: labelOf(name), message }));
  const sections = [...new Set(form.questions.map((question) => question.section))];
  const guardian = form.signer === 'guardian';
  // A change to a signed form: the signed one stands until this new version is signed.
  const signedBefore = form.status === 'signed' ? form.signed_at : form.previous_signed_at;
  const today = clinicToday();

  if (closedMessage) return <ClosedForm reference={reference} message={closedMessage} replacesForm />;

  return (
    <div className="page container intake">
      <h1 className="page__title">{form.form === 'child' ? 'Child' : 'Adult'} intake and consent form</h1>
      <p className="page__lead">
        For <strong>{form.patient_name}</strong>, booking reference <strong>{reference}</strong>.{' '}
        <Link to={manageBookingPath(reference)}>See your booking</Link>
      </p>
      <div role="status" className="intake__status">
        {notice ? (
          <p className="manage-booking__done" tabIndex={-1} ref={noticeRef}>
            {notice}
          </p>
        ) : (
          editing && saveState !== 'untouched' && <p className="intake__saved">{saveStateText[saveState]}</p>
        )}
      </div>
      {problem && (
        <p className="booking-notice" role="alert">
          {problem}
        </p>
      )}
      {!editing ? (
        <SignedForm
          form={form}
          onChange={() => {
            setEditing(true);
            setNotice(undefined);
          }}
        />
      ) : (
        <form className="booking-form intake__form" onSubmit={(event) => void sign(event)} noValidate>
          {signedBefore && (
            <p className="intake__new-version" data-testid="intake-new-version">
              <strong>{intakeTexts.newVersionUnsigned(signedOnText(signedBefore))}</strong>
            </p>
          )}
          <p>
            The questions of our printable form. Questions marked <span aria-hidden="true">*</span>
            <span className="visually-hidden">required</span> are needed before signing; your answers are
            saved as you type, so you can stop and come back from the same link.
          </p>
          <ErrorSummary
            ref={summaryRef}
            items={summaryItems}
            onSelect={(name) => document.getElementById(`intake-${name}`)?.focus()}
          />
          {sections.map((section) => (
            <fieldset key={section} className="intake__section">
              <legend className="intake__section-title">{section}</legend>
              {form.questions
                .filter((question) => question.section === section)
                .map((question) => (
                  <QuestionField
                    key={question.key}
                    question={question}
                    value={answers[question.key] ?? ''}
                    error={errors[question.key]}
                    today={today}
                    onChange={(value) =>
                      change(
                        question.key,
                        value,
                        question.type === 'date' && value ? dateProblem(value, today) : undefined,
                      )
                    }
                  />
                ))}
            </fieldset>
          ))}
          <fieldset className="intake__section intake__consent">
            <legend className="intake__section-title">Consent</legend>
            {form.consent.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <CheckboxField
              id="intake-consent"
              label={
                guardian
                  ? 'I give my consent, as the parent or guardian, as set out above.'
                  : 'I give my consent as set out above.'
              }
              checked={consent}
              error={errors.consent}
              required
              onChange={(event) => {
                setConsent(event.target.checked);
                setErrors(({ consent: _gone, ...rest }) => rest);
              }}
            />
            <TextField
              id="intake-signature"
              label={
                guardian ? 'Signature of parent or guardian: their full name' : 'Signature: your full name'
              }
              hint={
                form.signer_name ? `Type ${form.signer_name}, as on the booking.` : 'Type your full name.'
              }
              autoComplete="name"
              value={signature}
              error={errors.signature}
              required
              maxLength={SIGNATURE_MAX}
              onChange={(event) => {
                setSignature(event.target.value);
                setErrors(({ signature: _gone, ...rest }) => rest);
              }}
            />
            <p className="field__hint">
              Signing records your typed name, the time, the address you sent it from and the form’s version.
            </p>
            <button type="submit" className="button button--primary" aria-busy={signing || undefined}>
              {signedBefore ? 'Sign and send the new version' : 'Sign and send the form'}
            </button>
          </fieldset>
        </form>
      )}
      <p className="intake__paper">
        Prefer paper? The <Link to="/forms">printable forms</Link> are still there; please bring one filled
        in.
      </p>
    </div>
  );
}

function SignedForm({ form, onChange }: { form: IntakeAnswer; onChange: () => void }) {
  return (
    <section className="held-slot intake__signed" aria-labelledby="intake-signed-title">
      <h2 id="intake-signed-title" className="held-slot__title">
        Signed
      </h2>
      <p>
        Signed by <strong>{form.signature}</strong>
        {form.signed_at && <> on {signedOnText(form.signed_at)}</>}. The clinic has it; it is locked.
      </p>
      <dl className="intake__answers">
        {form.questions
          .filter((question) => form.answers[question.key])
          .map((question) => (
            <div key={question.key}>
              <dt>{question.label}</dt>
              <dd>{answerText(question, form.answers[question.key] ?? '')}</dd>
            </div>
          ))}
      </dl>
      <p>
        Something to correct? <strong>{intakeTexts.changeMakesNewVersion}</strong>
      </p>
      <button type="button" className="button button--secondary" onClick={onChange}>
        Change an answer
      </button>
    </section>
  );
}

function answerText(question: IntakeQuestion, value: string): string {
  if (question.type === 'yes_no') return value === 'yes' ? 'Yes' : value === 'no' ? 'No' : value;
  if (question.type === 'choice')
    return question.options?.find((option) => option.value === value)?.label ?? value;
  if (question.type === 'multi_choice')
    return multiChoiceValues(value)
      .map((each) => question.options?.find((option) => option.value === each)?.label ?? each)
      .join('; ');
  return value;
}

const yesNoOptions = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

function QuestionField({
  question,
  value,
  error,
  today,
  onChange,
}: {
  question: IntakeQuestion;
  value: string;
  error: string | undefined;
  /** The clinic's day: no date the form asks is later. */
  today: string;
  onChange: (value: string) => void;
}) {
  const id = `intake-${question.key}`;
  const label = question.required ? `${question.label} *` : question.label;
  if (question.type === 'yes_no' || question.type === 'choice') {
    return (
      <ChoiceField
        id={id}
        legend={label}
        hint={question.hint}
        options={question.type === 'yes_no' ? yesNoOptions : (question.options ?? [])}
        value={value}
        error={error}
        onChange={onChange}
      />
    );
  }
  if (question.type === 'multi_choice') {
    return (
      <MultiChoiceField
        id={id}
        legend={label}
        hint={question.hint}
        options={question.options ?? []}
        exclusive={question.exclusive}
        value={value}
        error={error}
        onChange={onChange}
      />
    );
  }
  const common = {
    id,
    label,
    hint: question.hint,
    value,
    error,
    required: question.required,
    maxLength: 2000,
  };
  if (question.type === 'date') {
    return (
      <TextField {...common} type="date" max={today} onChange={(event) => onChange(event.target.value)} />
    );
  }
  if (question.short) return <TextField {...common} onChange={(event) => onChange(event.target.value)} />;
  return <TextAreaField {...common} rows={3} onChange={(event) => onChange(event.target.value)} />;
}

/** Radio buttons as pills; the first takes the error summary's link. */
function ChoiceField({
  id,
  legend,
  hint,
  options,
  value,
  error,
  onChange,
}: {
  id: string;
  legend: string;
  hint?: string;
  options: readonly { value: string; label: string }[];
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const name = useId();
  return (
    <ChoiceFieldset id={id} legend={legend} hint={hint} error={error} className="field intake__choice">
      <div className="intake__options">
        {options.map((option, index) => (
          <label key={option.value} className="intake__option">
            <input
              id={index === 0 ? id : undefined}
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </ChoiceFieldset>
  );
}

/** A question of choices: its legend, hint and error around the options, the hint and error described by it. */
function ChoiceFieldset({
  id,
  legend,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  legend: string;
  hint?: string;
  error?: string;
  className: string;
  children: ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className={className}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
    >
      <legend className="field__label">{legend}</legend>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {children}
      {error && <FieldErrorMessage id={errorId}>{error}</FieldErrorMessage>}
    </fieldset>
  );
}

/**
 * Tick boxes of several answers, kept as a comma-separated list in the options' order; the exclusive one ('None')
 * unticks the others, and another unticks it.
 */
function MultiChoiceField({
  id,
  legend,
  hint,
  options,
  exclusive,
  value,
  error,
  onChange,
}: {
  id: string;
  legend: string;
  hint?: string;
  options: readonly { value: string; label: string }[];
  exclusive?: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const ticked = new Set(multiChoiceValues(value));
  const toggle = (option: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) {
      if (option === exclusive) next.clear();
      else if (exclusive) next.delete(exclusive);
      next.add(option);
    } else next.delete(option);
    onChange(
      options
        .map((each) => each.value)
        .filter((each) => next.has(each))
        .join(','),
    );
  };
  return (
    <ChoiceFieldset
      id={id}
      legend={legend}
      hint={hint}
      error={error}
      className="field intake__choice intake__choice--several"
    >
      <div className="intake__checks">
        {options.map((option, index) => (
          <label key={option.value} className="booking-check__label">
            <input
              id={index === 0 ? id : undefined}
              type="checkbox"
              className="booking-check__input"
              value={option.value}
              checked={ticked.has(option.value)}
              aria-invalid={error ? true : undefined}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </ChoiceFieldset>
  );
}
