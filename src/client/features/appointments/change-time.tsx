import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { clinic, type LocationKey } from '../../../shared/clinic';
import { FieldErrorMessage } from '../../components/form-field/field-error-message';
import { MonthCalendar } from '../../components/month-calendar/month-calendar';
import { formatLongDate, monthOf } from '../../components/month-calendar/month-grid';
import { clinicToday } from '../../lib/clinic-clock';
import type { NewTime } from './appointment-form-values';
import { type SlotKind, useFreeDays, useFreeTimes } from './appointments-admin-api';

type Time = { date: string; start_time: string; end_time: string; address: string | null };

/** 'Tuesday 8 December 2026, 09:00 – 09:30', and where: a test moved to another suite must say so. */
const describeTime = (time: Time) =>
  `${formatLongDate(time.date)}, ${time.start_time} – ${time.end_time}${time.address ? `, at ${time.address}` : ''}`;

/** A location's short name ('Suite 23, Blackrock (adults)'), for a list of times. */
const placeOf = (location: LocationKey | null) => (location ? clinic.locations[location].label : undefined);

/**
 * 'Change time' (issue 18): a month calendar of the days with free times of the appointment's own kind (the
 * public calendar), a chosen day's free times, and the chosen one shown as the new time until the form is
 * saved (`session[id]`), with a way to keep the current time. Controlled by the form's `new_time`.
 */
export function ChangeTime({
  kind,
  current,
  value,
  onChange,
  error,
  buttonRef,
}: {
  kind: SlotKind;
  /** The appointment's time now (YYYY-MM-DD and HH:mm) and where it is. */
  current: Time | undefined;
  value: NewTime | null;
  onChange: (value: NewTime | null) => void;
  /** Why the chosen time was refused on save (taken meanwhile…). */
  error?: string;
  /** The 'Change time' button, which the form focuses for an error. */
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  const today = clinicToday();
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState(() => monthOf(current && current.date >= today ? current.date : today));
  const [day, setDay] = useState<string>();
  const panelId = useId();
  const errorId = useId();
  const chosenRef = useRef<HTMLDivElement>(null);
  const focusChosen = useRef(false);
  const days = useFreeDays(kind, month, open);
  const times = useFreeTimes(kind, open ? day : undefined);

  useEffect(() => {
    if (focusChosen.current && value) {
      focusChosen.current = false;
      chosenRef.current?.focus();
    }
  }, [value]);

  const choose = (time: NewTime) => {
    focusChosen.current = true;
    onChange(time);
    setOpen(false);
  };

  return (
    <fieldset className="admin-form__fieldset change-time" aria-describedby={error ? errorId : undefined}>
      <legend>Time</legend>
      <p className="change-time__current">
        {value ? 'Booked now: ' : 'Booked for: '}
        <strong>{current ? describeTime(current) : 'no time'}</strong>
      </p>
      {value && (
        <div className="change-time__new" ref={chosenRef} tabIndex={-1}>
          <p>
            New time: <strong>{describeTime(value)}</strong>
          </p>
          {current && value.address !== current.address && (
            <p className="change-time__note">
              <strong>Another place:</strong> the patient is told the new address.
            </p>
          )}
          <p className="change-time__note">
            The appointment moves when you save the changes; the patient is told.
          </p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onChange(null)}
          >
            Keep the current time
          </button>
        </div>
      )}
      {error && <FieldErrorMessage id={errorId}>{error}</FieldErrorMessage>}
      <div>
        <button
          ref={buttonRef}
          type="button"
          className="button button--secondary"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((shown) => !shown)}
        >
          {open ? 'Close the calendar' : value ? 'Choose another time' : 'Change time'}
        </button>
      </div>
      <div id={panelId} className="change-time__panel" hidden={!open}>
        {open && (
          <>
            <p className="change-time__hint">
              Days in bold have free times for this kind of appointment. Choose a day, then a time.
            </p>
            <MonthCalendar
              month={month}
              onMonthChange={(next) => {
                setMonth(next);
                setDay(undefined);
              }}
              markedDays={new Set(days.data?.days)}
              markedLabel="free times"
              unmarkedLabel="no free times"
              disabledLabel="past"
              isDisabled={(date) => date < today}
              selected={day}
              onSelect={(date) => setDay(day === date ? undefined : date)}
              minMonth={monthOf(today)}
              busy={days.isFetching}
            />
            {days.isError && (
              <p role="alert" className="change-time__error">
                The calendar could not be loaded. {days.error.message}
              </p>
            )}
            {day && (
              <section className="change-time__day" aria-labelledby={`${panelId}-day`}>
                <h3 id={`${panelId}-day`} className="change-time__day-title">
                  {formatLongDate(day)}
                </h3>
                {times.isPending && <p role="status">Loading the free times…</p>}
                {times.isError && (
                  <p role="alert" className="change-time__error">
                    The free times could not be loaded. {times.error.message}
                  </p>
                )}
                {times.data && times.data.sessions.length === 0 && (
                  <p>There are no free times on this day.</p>
                )}
                {times.data && times.data.sessions.length > 0 && (
                  <ul className="change-time__times" aria-label="Free times">
                    {times.data.sessions.map((slot) => (
                      <li key={slot.id}>
                        <button
                          type="button"
                          className="change-time__time"
                          aria-pressed={value?.id === slot.id}
                          onClick={() =>
                            choose({
                              id: slot.id,
                              date: day,
                              start_time: slot.start_time,
                              end_time: slot.end_time,
                              address: slot.address,
                            })
                          }
                        >
                          {slot.start_time} – {slot.end_time}
                          {placeOf(slot.location) && (
                            <span className="change-time__place">{placeOf(slot.location)}</span>
                          )}
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            )}
          </>
        )}
      </div>
    </fieldset>
  );
}
