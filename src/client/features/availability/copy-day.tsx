import { type FormEvent, useId, useState } from 'react';
import { type AdminSlot, MAX_SLOTS_PER_SAVE } from '../../../shared/slots';
import { texts } from '../../../shared/validation-texts';
import { FieldErrorMessage } from '../../components/form-field/field-error-message';
import { formatLongDate } from '../../components/month-calendar/month-grid';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { ApiError } from '../../lib/api-client';
import { clinicToday } from '../../lib/clinic-clock';
import type { SlotKind } from '../../lib/slot-kind';
import { useFocusWhenShown } from '../../lib/use-focus-when-shown';
import { useSaveSlots } from './availability-admin-api';
import { copyTexts, entryOfError, MAX_REPEAT_WEEKS, planCopy, weeklyDays } from './slot-copy';

type Mode = 'days' | 'weekly';

/**
 * 'Copy this day': the day's slots to days staff choose, or to the same weekday for a number of weeks, in one
 * save (slot-copy.ts). A refusal names each day and time at fault.
 */
export function CopyDay({
  kind,
  date,
  slots,
}: {
  kind: SlotKind;
  date: string;
  slots: readonly AdminSlot[];
}) {
  const id = useId();
  const notify = useNotify();
  const save = useSaveSlots();
  const [mode, setMode] = useState<Mode>('days');
  const [picked, setPicked] = useState('');
  const [days, setDays] = useState<string[]>([]);
  const [weeks, setWeeks] = useState('2');
  const [fieldError, setFieldError] = useState<{ field: 'day' | 'weeks'; message: string }>();
  const [refusal, setRefusal] = useState<{ message: string; items: string[] }>();
  const refusalRef = useFocusWhenShown<HTMLDivElement>(refusal);
  // Copy where it can: a time taken or inside a closure is left out and said, not a refusal of the whole copy.
  const [skipClashes, setSkipClashes] = useState(false);
  const [skipped, setSkipped] = useState<{ title: string; items: string[] }>();
  const skippedRef = useFocusWhenShown<HTMLDivElement>(skipped);
  const today = clinicToday();

  const weekCount = Number(weeks);
  const weeksValid = Number.isInteger(weekCount) && weekCount >= 1 && weekCount <= MAX_REPEAT_WEEKS;
  const targets =
    mode === 'weekly'
      ? weeksValid
        ? weeklyDays(date, weekCount)
        : []
      : [...new Set([...days, ...(picked ? [picked] : [])])].sort();

  const dayProblem = (day: string) =>
    !day
      ? texts.required
      : day < today
        ? copyTexts.pastDay(day)
        : day === date
          ? copyTexts.sameDay
          : undefined;

  const addDay = () => {
    const problem = dayProblem(picked);
    if (problem) {
      setFieldError({ field: 'day', message: problem });
      return;
    }
    setFieldError(undefined);
    setDays((before) => [...new Set([...before, picked])].sort());
    setPicked('');
  };

  const showRefusal = (message: string, items: string[] = []) => setRefusal({ message, items });

  // The weeks' rule is said once: here until Copy is pressed, then as the field's error.
  let preview = '';
  if (mode === 'weekly' && !weeksValid) {
    if (fieldError?.field !== 'weeks') preview = copyTexts.weeks(MAX_REPEAT_WEEKS);
  } else if (targets.length === 0) preview = 'No day chosen yet.';
  else preview = `${slots.length * targets.length} new slots on ${targets.map(formatLongDate).join(', ')}.`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    setSkipped(undefined);
    if (mode === 'weekly' && !weeksValid) {
      setFieldError({ field: 'weeks', message: copyTexts.weeks(MAX_REPEAT_WEEKS) });
      document.getElementById(`${id}-weeks`)?.focus();
      return;
    }
    if (mode === 'days' && picked && dayProblem(picked)) {
      setFieldError({ field: 'day', message: dayProblem(picked) ?? '' });
      document.getElementById(`${id}-day`)?.focus();
      return;
    }
    setFieldError(undefined);
    const plan = planCopy(slots, date, targets, kind, MAX_SLOTS_PER_SAVE);
    if (!plan.ok) {
      showRefusal(plan.message);
      return;
    }
    let answer: Awaited<ReturnType<typeof save.mutateAsync>>;
    try {
      answer = await save.mutateAsync(skipClashes ? { ...plan.body, skip_clashes: true } : plan.body);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        const items = Object.entries(error.body.errors ?? {}).map(([key, messages]) => {
          const where = entryOfError(key, plan.entries);
          return where ? `${where}: ${messages[0]}` : (messages[0] ?? '');
        });
        showRefusal(error.message, items);
      } else {
        notifyApiError(notify, error);
      }
      return;
    }
    const left = answer.skipped;
    const copiedDays = new Set(
      plan.entries
        .filter((_, index) => !left.some((skip) => skip.field === `sessions_create.${index}`))
        .map((entry) => entry.day),
    );
    notify.success(copyTexts.copied(plan.body.sessions_create.length - left.length, copiedDays.size));
    if (left.length > 0) {
      setSkipped({
        title: copyTexts.skippedTitle(left.length),
        items: left.map((skip) => `${entryOfError(skip.field, plan.entries) ?? skip.data}: ${skip.message}`),
      });
    }
    setDays([]);
    setPicked('');
  };

  const errorProps = (field: 'day' | 'weeks') => ({
    'aria-invalid': fieldError?.field === field ? true : undefined,
    'aria-describedby': fieldError?.field === field ? `${id}-${field}-error` : undefined,
  });
  const errorOf = (field: 'day' | 'weeks') =>
    fieldError?.field === field ? (
      <div role="alert">
        <FieldErrorMessage id={`${id}-${field}-error`}>{fieldError.message}</FieldErrorMessage>
      </div>
    ) : null;

  return (
    <form className="copy-day" aria-labelledby={`${id}-title`} noValidate onSubmit={onSubmit}>
      <h3 id={`${id}-title`} className="copy-day__title">
        Copy this day
      </h3>
      <fieldset className="copy-day__modes">
        <legend>Copy its {slots.length === 1 ? 'slot' : `${slots.length} slots`} to</legend>
        {(
          [
            ['days', 'Days I choose'],
            ['weekly', 'The same weekday, every week'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="copy-day__mode">
            <input
              type="radio"
              name={`${id}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => {
                setMode(value);
                setFieldError(undefined);
                setRefusal(undefined);
              }}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {mode === 'days' ? (
        <>
          <div className="copy-day__pick">
            <div className="field">
              <label className="field__label" htmlFor={`${id}-day`}>
                Day
              </label>
              <input
                id={`${id}-day`}
                type="date"
                className="field__input"
                min={today}
                value={picked}
                onChange={(event) => setPicked(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    addDay();
                  }
                }}
                {...errorProps('day')}
              />
            </div>
            <button type="button" className="button button--secondary" onClick={addDay}>
              Add another day
            </button>
          </div>
          {errorOf('day')}
          {days.length > 0 && (
            <ul className="copy-day__days" aria-label="Days to copy to">
              {days.map((day) => (
                <li key={day} className="copy-day__day">
                  {formatLongDate(day)}
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={`Remove ${formatLongDate(day)}`}
                    onClick={() => setDays((before) => before.filter((other) => other !== day))}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-weeks`}>
            Number of weeks
          </label>
          <input
            id={`${id}-weeks`}
            type="number"
            inputMode="numeric"
            className="field__input copy-day__weeks"
            min={1}
            max={MAX_REPEAT_WEEKS}
            value={weeks}
            onChange={(event) => {
              setWeeks(event.target.value);
              if (fieldError?.field === 'weeks') setFieldError(undefined);
            }}
            {...errorProps('weeks')}
          />
          {errorOf('weeks')}
        </div>
      )}
      <label className="copy-day__skip">
        <input
          type="checkbox"
          checked={skipClashes}
          onChange={(event) => setSkipClashes(event.target.checked)}
        />
        Skip the times that are taken or closed, and copy the rest
      </label>
      <p className="copy-day__preview" aria-live="polite">
        {preview}
      </p>
      {skipped && (
        <div ref={skippedRef} className="copy-day__skipped" role="status" tabIndex={-1}>
          <p>{skipped.title}</p>
          <ul>
            {skipped.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      )}
      {refusal && (
        <div ref={refusalRef} className="copy-day__error" role="alert" tabIndex={-1}>
          <p>Nothing was copied. {refusal.message}</p>
          {refusal.items.length > 0 && (
            <ul>
              {refusal.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <button
        type="submit"
        className="button button--primary"
        aria-busy={save.isPending || undefined}
        disabled={save.isPending}
      >
        Copy slots
      </button>
    </form>
  );
}
