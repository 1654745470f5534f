import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { clinic } from '../../../shared/clinic';
import {
  type AffectedAppointment,
  apiDayOf,
  CLOSURE_REASON_MAX,
  type ClosureAnswer,
  type ClosureLocation,
  type ClosureRequest,
  type ClosureRequestInput,
  closureLocationLabel,
  closureRequestSchema,
  closureTexts,
  isoDayOf,
  minuteOf,
} from '../../../shared/closures';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { ErrorSummary, type ErrorSummaryItem } from '../../components/error-summary/error-summary';
import { FieldErrorMessage } from '../../components/form-field/field-error-message';
import { TextField } from '../../components/form-field/text-field';
import { formatLongDate } from '../../components/month-calendar/month-grid';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { StateBadge } from '../../components/state-badge/state-badge';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { clinicDayTime, clinicToday } from '../../lib/clinic-clock';
import { appointmentPath } from './appointment-links';
import { type ClosureBody, useClosures, useCreateClosure, useDeleteClosure } from './availability-admin-api';

/** The form as typed: days from date pickers (YYYY-MM-DD), whole days or hours, a place ('' for every place). */
interface ClosureFormValues {
  from: string;
  to: string;
  hours: 'all' | 'part';
  from_time: string;
  to_time: string;
  location: ClosureLocation | '';
  reason: string;
}

type FieldName = Exclude<keyof ClosureFormValues, 'hours'>;

const fieldOrder: readonly FieldName[] = ['from', 'to', 'from_time', 'to_time', 'location', 'reason'];

const labels: Record<FieldName, string> = {
  from: 'First day',
  to: 'Last day',
  from_time: 'Closed from',
  to_time: 'Closed until',
  location: 'Place',
  reason: 'Reason',
};

const emptyForm: ClosureFormValues = {
  from: '',
  to: '',
  hours: 'all',
  from_time: '',
  to_time: '',
  location: '',
  reason: '',
};

/** The API's body from the form: DD/MM/YYYY days (the last left empty: the first), times only for part of a day. */
function toRequest(values: ClosureFormValues): ClosureRequestInput {
  const part = values.hours === 'part';
  return {
    from: values.from ? apiDayOf(values.from) : '',
    to: values.to ? apiDayOf(values.to) : values.from ? apiDayOf(values.from) : '',
    from_time: part ? values.from_time : null,
    to_time: part ? values.to_time : null,
    location: values.location || null,
    reason: values.reason,
  };
}

/** Whether a closure is over by now: its last day before today, or today with its hours passed. */
function hasEnded(value: ClosureRequest): boolean {
  const last = isoDayOf(value.to);
  if (!last) return false;
  const now = clinicDayTime(new Date());
  if (last !== now.date) return last < now.date;
  const end = value.to_time === undefined ? undefined : minuteOf(value.to_time);
  return end !== undefined && end <= now.minutes;
}

/**
 * The API's own checks, on the form's values (a closure over already, or a first day before today, is said at
 * once too, as the server would say it).
 */
const closureFormSchema = z
  .preprocess((values) => toRequest(values as ClosureFormValues), closureRequestSchema)
  .superRefine((value, context) => {
    const first = isoDayOf(value.from);
    if (hasEnded(value)) context.addIssue({ code: 'custom', path: ['to'], message: closureTexts.ended });
    else if (first && first < clinicToday())
      context.addIssue({ code: 'custom', path: ['from'], message: closureTexts.inPast });
  });

const checks = zodResolver(closureFormSchema as never) as unknown as Resolver<
  ClosureFormValues,
  unknown,
  ClosureBody
>;

/**
 * The checks; a last day left empty is the first day, so only the first day's problem is said, or the one day's
 * (a closure over already) on the first day, the field filled in.
 */
const resolver: Resolver<ClosureFormValues, unknown, ClosureBody> = async (values, context, options) => {
  const result = await checks(values, context, options);
  if (values.to || !('to' in result.errors)) return result;
  const { to: sameAsFirst, ...errors } = result.errors;
  return { values: {}, errors: errors.from ? errors : { ...errors, from: sameAsFirst } } as typeof result;
};

const places: readonly { value: ClosureLocation | ''; label: string }[] = [
  { value: '', label: closureLocationLabel(null) },
  ...clinic.locationList.map((place) => ({ value: place.key, label: place.label })),
  { value: 'video', label: closureLocationLabel('video') },
];

/** 'Friday 25 December 2026', '… to …', then ', 1:00 pm to 5:00 pm' (each day) for part of a day. */
function closureDates(closure: Pick<ClosureAnswer, 'from' | 'to' | 'from_time' | 'to_time'>): string {
  const first = formatLongDate(isoDayOf(closure.from) ?? '');
  const days =
    closure.from === closure.to ? first : `${first} to ${formatLongDate(isoDayOf(closure.to) ?? '')}`;
  if (!closure.from_time || !closure.to_time) return days;
  const hours = `${closure.from_time} to ${closure.to_time}`;
  return closure.from === closure.to ? `${days}, ${hours}` : `${days}, each day ${hours}`;
}

/** The booked appointments inside a closure, each a link to its screen, for staff to move or cancel. */
function AffectedList({ affected }: { affected: readonly AffectedAppointment[] }) {
  return (
    <ul className="closure-affected">
      {affected.map((appointment) => (
        <li key={appointment.id}>
          <Link to={appointmentPath(appointment.id)}>
            {appointment.patient_name ?? 'A patient whose details were erased'}
          </Link>
          , {formatLongDate(isoDayOf(appointment.data) ?? '')}, {appointment.start_time} to{' '}
          {appointment.end_time},{' '}
          {appointment.is_video_call
            ? 'video consultation'
            : appointment.location
              ? clinic.locations[appointment.location].label
              : 'allergy test'}
        </li>
      ))}
    </ul>
  );
}

const affectedSentence = (count: number) =>
  count === 1
    ? '1 booked appointment falls inside it. It was not cancelled: move or cancel it from its screen.'
    : `${count} booked appointments fall inside it. None was cancelled: move or cancel each from its screen.`;

/** What the last closure added did: the slots it withdrew and the appointments it left for staff to move. */
function Added({ added, onDone }: { added: { closure: ClosureAnswer }; onDone: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const { closure } = added;
  return (
    <div
      ref={ref}
      className="closure-added"
      tabIndex={-1}
      role="status"
      aria-labelledby="closure-added-title"
    >
      <h3 id="closure-added-title" className="closure-added__title">
        Closure added: {closure.reason}
      </h3>
      <p>
        {closureDates(closure)}: {closureLocationLabel(closure.location)}.{' '}
        {closure.withdrawn === 1 ? '1 free slot was' : `${closure.withdrawn} free slots were`} taken off
        offer.
      </p>
      {closure.affected.length > 0 ? (
        <>
          <p className="closure-added__warning">{affectedSentence(closure.affected.length)}</p>
          <AffectedList affected={closure.affected} />
        </>
      ) : (
        <p>No booked appointment falls inside it.</p>
      )}
      <button type="button" className="button button--secondary" onClick={onDone}>
        Done
      </button>
    </div>
  );
}

/** 'Add closure': days, whole or between two times, a place or every place, and a reason. */
function AddClosureForm({ onAdded }: { onAdded: (added: { closure: ClosureAnswer }) => void }) {
  const id = useId();
  const notify = useNotify();
  const create = useCreateClosure();
  const summaryRef = useRef<HTMLDivElement>(null);
  const [focusSummary, setFocusSummary] = useState(0);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    watch,
    formState: { errors },
  } = useForm<ClosureFormValues, unknown, ClosureBody>({
    resolver,
    defaultValues: emptyForm,
    shouldFocusError: false,
  });
  const part = watch('hours') === 'part';
  const today = clinicToday();

  const summary: ErrorSummaryItem[] = fieldOrder
    .filter((name) => errors[name]?.message)
    .map((name) => ({
      name,
      targetId: `${id}-${name}`,
      label: labels[name],
      message: String(errors[name]?.message),
    }));
  const summaryShown = summary.length > 0;
  useEffect(() => {
    if (focusSummary > 0 && summaryShown) summaryRef.current?.focus();
  }, [focusSummary, summaryShown]);

  const onSubmit = handleSubmit(
    async (body) => {
      try {
        const answer = await create.mutateAsync(body);
        reset(emptyForm);
        onAdded(answer);
      } catch (error) {
        if (applyServerErrors(error, setError, (name) => (fieldOrder as readonly string[]).includes(name))) {
          setFocusSummary((count) => count + 1);
          return;
        }
        notifyApiError(notify, error);
      }
    },
    () => setFocusSummary((count) => count + 1),
  );

  const field = (name: FieldName) => ({
    id: `${id}-${name}`,
    label: labels[name],
    error: errors[name]?.message,
  });

  return (
    <form className="admin-form closure-form" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="closure-form__title">
        Add closure
      </h3>
      <ErrorSummary ref={summaryRef} items={summary} onSelect={(name) => setFocus(name as FieldName)} />
      <div className="admin-form__row">
        <TextField {...field('from')} type="date" min={today} required {...register('from')} />
        <TextField
          {...field('to')}
          type="date"
          min={today}
          hint="Leave empty to close one day."
          {...register('to')}
        />
      </div>
      <fieldset className="admin-form__fieldset closure-form__hours">
        <legend>Hours</legend>
        <label className="closure-form__choice">
          <input type="radio" value="all" {...register('hours')} /> All day
        </label>
        <label className="closure-form__choice">
          <input type="radio" value="part" {...register('hours')} /> Part of each day
        </label>
        {part && (
          <div className="admin-form__row">
            <TextField {...field('from_time')} type="time" step={300} required {...register('from_time')} />
            <TextField {...field('to_time')} type="time" step={300} required {...register('to_time')} />
          </div>
        )}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-location`}>
          {labels.location}
        </label>
        <select
          id={`${id}-location`}
          className="field__input"
          aria-invalid={errors.location ? true : undefined}
          aria-describedby={errors.location ? `${id}-location-error` : undefined}
          {...register('location')}
        >
          {places.map((place) => (
            <option key={place.value} value={place.value}>
              {place.label}
            </option>
          ))}
        </select>
        {errors.location?.message && (
          <FieldErrorMessage id={`${id}-location-error`}>{errors.location.message}</FieldErrorMessage>
        )}
      </div>
      <TextField
        {...field('reason')}
        hint="Staff read it in this list; patients never see it."
        maxLength={CLOSURE_REASON_MAX}
        autoComplete="off"
        required
        {...register('reason')}
      />
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add closure'}
        </button>
        <p className="closure-form__note">Free slots inside it are taken off offer at once.</p>
      </div>
    </form>
  );
}

/**
 * The clinic's closures on /admin/availability: the list (those not ended first), each with the booked
 * appointments inside it for staff to move; 'Add closure'; delete with a confirmation.
 */
export function ClosuresSection() {
  const [page, setPage] = useState(1);
  const list = useClosures(page);
  const remove = useDeleteClosure();
  const notify = useNotify();
  const [added, setAdded] = useState<{ closure: ClosureAnswer }>();
  const [pendingDelete, setPendingDelete] = useState<ClosureAnswer>();
  const [deleteError, setDeleteError] = useState<string>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The row and its button are gone: the list's heading keeps the keyboard's place (after the dialog has given
  // the focus back to the button it came from, which this effect runs after).
  const [deleted, setDeleted] = useState(0);
  useEffect(() => {
    if (deleted > 0) headingRef.current?.focus();
  }, [deleted]);
  const closures = list.data?.closures;
  const pages = list.data?.pages ?? 1;

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      const { restored } = await remove.mutateAsync(pendingDelete.id);
      notify.success(closureTexts.notices.deleted(restored));
      if (added?.closure.id === pendingDelete.id) setAdded(undefined);
      setPendingDelete(undefined);
      setDeleteError(undefined);
      setDeleted((count) => count + 1);
    } catch (error) {
      setDeleteError(error instanceof Error ? error.message : String(error));
      notifyApiError(notify, error);
    }
  };

  return (
    <section className="closures" aria-labelledby="closures-title">
      <h2 id="closures-title" className="closures__title">
        Closures
      </h2>
      <p className="closures__intro">
        Days or hours when a place, the video consultations or the whole clinic is closed. No patient can book
        a time inside a closure, and a slot cannot be saved there. Ireland’s public holidays are added by
        themselves.
      </p>
      {added && <Added added={added} onDone={() => setAdded(undefined)} />}
      <AddClosureForm onAdded={setAdded} />
      <h3 ref={headingRef} tabIndex={-1} className="closures__list-title">
        The clinic’s closures, the next first
      </h3>
      {list.isPending && <p role="status">Loading the closures…</p>}
      {list.isError && (
        <p role="alert" className="availability-error">
          The closures could not be loaded. {list.error.message}
        </p>
      )}
      {closures && closures.length === 0 && <p>No closures yet.</p>}
      {closures && closures.length > 0 && (
        <ul className="closure-list" aria-label="Closures">
          {closures.map((closure) => (
            <li key={closure.id} className="closure-list__item">
              <div className="closure-list__head">
                <span className="closure-list__reason">{closure.reason}</span>
                {closure.is_holiday && <StateBadge tone="waiting">Public holiday</StateBadge>}
              </div>
              <span className="closure-list__when">{closureDates(closure)}</span>
              <span className="closure-list__place">{closureLocationLabel(closure.location)}</span>
              <span className="closure-list__count">
                {closure.withdrawn === 1 ? '1 slot withdrawn' : `${closure.withdrawn} slots withdrawn`}
              </span>
              {closure.affected.length > 0 && (
                <div className="closure-list__affected">
                  <p className="closure-added__warning">{affectedSentence(closure.affected.length)}</p>
                  <AffectedList affected={closure.affected} />
                </div>
              )}
              <button
                type="button"
                className="button button--danger-secondary button--small closure-list__delete"
                onClick={() => {
                  setDeleteError(undefined);
                  setPendingDelete(closure);
                }}
              >
                Delete<span className="visually-hidden"> the closure {closure.reason}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="closures__pages" aria-label="Closures pages">
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={page <= 1}
            onClick={() => setPage((current) => current - 1)}
          >
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={page >= pages}
            onClick={() => setPage((current) => current + 1)}
          >
            Next
          </button>
        </nav>
      )}
      <ConfirmDialog
        open={pendingDelete !== undefined}
        title={`Delete the closure “${pendingDelete?.reason ?? ''}”?`}
        message={
          pendingDelete?.is_holiday
            ? 'Its slots that have not started are offered to patients again, and this public holiday is not added again.'
            : 'Its slots that have not started are offered to patients again.'
        }
        confirmLabel="Delete closure"
        busy={remove.isPending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(undefined)}
      />
    </section>
  );
}
