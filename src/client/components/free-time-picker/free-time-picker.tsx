import { type ReactNode, useEffect, useRef } from 'react';
import { clinic } from '../../../shared/clinic';
import { formatEuro } from '../../../shared/euro';
import type { PublicSlot } from '../../../shared/slots';
import { clinicToday, formatClock12 } from '../../lib/clinic-clock';
import { useCalendarDays, useDaySlots, useNextAvailableDay } from '../../lib/free-slots-api';
import type { SlotKind } from '../../lib/slot-kind';
import { MonthCalendar } from '../month-calendar/month-calendar';
import { formatLongDate, formatMonth, formatShortDate, monthOf } from '../month-calendar/month-grid';

export interface FreeTimePickerProps {
  kind: SlotKind;
  /** The shown month, YYYY-MM. */
  month: string;
  onMonthChange: (month: string) => void;
  /** The chosen day, YYYY-MM-DD: its free times are listed beside the calendar. */
  selected: string | undefined;
  onSelect: (date: string | undefined) => void;
  /** The visitor's own hold: listed among the day's times as theirs, and its day stays choosable. */
  hold: { token: string; slotId: number; date: string } | undefined;
  /** A free time (or the visitor's own held one) was chosen. */
  onChoose: (slot: PublicSlot, date: string) => void;
  /** While a chosen time is being held: no other can be chosen. */
  busy?: boolean;
  /** Why the chosen time could not be had, shown above the day's times and given the focus. */
  refusal?: string;
  /** The first clinic day offered (YYYY-MM-DD), when it is later than today: the days before are not offered. */
  from?: string;
  /**
   * What else to offer where a chosen day has no free time left (the booking pages: the wait list; the page offers it
   * below an empty month already).
   */
  whenNoTimes?: ReactNode;
}

/**
 * The public calendar of free times of one kind (spec 2.6): a month with its free days in bold, the next free
 * day when a month has none, and the chosen day's times as buttons. What choosing a time does is the caller's:
 * the booking page holds it and opens the request form, a patient's own booking page moves their appointment to it.
 */
export function FreeTimePicker({
  kind,
  month,
  onMonthChange,
  selected,
  onSelect,
  hold,
  onChoose,
  busy = false,
  refusal,
  from,
  whenNoTimes,
}: FreeTimePickerProps) {
  const today = clinicToday();
  const first = from !== undefined && from > today ? from : today;
  const calendar = useCalendarDays(kind, month);
  const days = new Set(calendar.data?.days.filter((day) => day >= first));
  // The visitor's own held day stays choosable even though the calendar no longer counts it as free.
  if (hold && monthOf(hold.date) === month) days.add(hold.date);
  const monthEmpty = calendar.isSuccess && days.size === 0;
  const next = useNextAvailableDay(kind, month, monthEmpty);
  // A day the visitor chose (not one shown again after a reload): on a narrow screen its times are below the
  // calendar, out of sight, so they are brought into view with the focus on their heading.
  const chosen = useRef(false);

  return (
    <div className="availability-layout">
      <section aria-label="Calendar" className="availability-layout__calendar">
        <MonthCalendar
          month={month}
          onMonthChange={onMonthChange}
          markedDays={days}
          markedLabel="slots available"
          unmarkedLabel="no free times"
          disabledLabel={calendar.isSuccess ? 'no free times' : 'unavailable'}
          isDisabled={(date) => date < first || !days.has(date)}
          selected={selected}
          onSelect={(date) => {
            chosen.current = date !== selected;
            onSelect(date === selected ? undefined : date);
          }}
          minMonth={monthOf(first)}
          busy={calendar.isFetching}
        />
        {calendar.isPending && <p role="status">Loading the free days…</p>}
        {calendar.isError && (
          <p role="alert" className="availability-error">
            The free days could not be loaded. Please try again later.
          </p>
        )}
        {monthEmpty && (
          <div className="booking-next" role="status">
            <p>No free times in {formatMonth(month)}.</p>
            {next.isPending && <p>Looking for the next free day…</p>}
            {next.data && (
              <button
                type="button"
                className="button button--primary"
                onClick={() => {
                  const day = next.data;
                  if (!day) return;
                  onMonthChange(monthOf(day));
                  chosen.current = true;
                  onSelect(day);
                }}
              >
                Next available: {formatShortDate(next.data)}
              </button>
            )}
            {next.data === null && (
              <p>
                No free times in the next months either. Please call us on{' '}
                <a href={clinic.phoneHref}>{clinic.phone}</a>.
              </p>
            )}
          </div>
        )}
      </section>
      {selected && (
        <DayTimes
          key={selected}
          kind={kind}
          date={selected}
          hold={hold}
          onChoose={onChoose}
          busy={busy}
          refusal={refusal}
          chosen={chosen}
          whenNoTimes={whenNoTimes}
        />
      )}
    </div>
  );
}

function DayTimes({
  kind,
  date,
  hold,
  onChoose,
  busy,
  refusal,
  chosen,
  whenNoTimes,
}: {
  kind: SlotKind;
  date: string;
  hold: FreeTimePickerProps['hold'];
  onChoose: FreeTimePickerProps['onChoose'];
  busy: boolean;
  refusal: string | undefined;
  chosen: { current: boolean };
  whenNoTimes: ReactNode;
}) {
  const day = useDaySlots(kind, date, hold);
  const slots = day.data?.sessions;
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!chosen.current) return;
    chosen.current = false;
    // Beside the calendar (wide layout, availability.css) the times are in sight: the focus stays on the day.
    if (window.matchMedia('(min-width: 56rem)').matches) return;
    titleRef.current?.focus();
    titleRef.current?.scrollIntoView({ block: 'start' });
  }, [chosen]);
  // The day's times by place, in order: the place is named once, above its times.
  const places: { place: string; slots: PublicSlot[] }[] = [];
  for (const slot of slots ?? []) {
    const place = slot.address ?? 'Video consultation';
    const group = places.find((entry) => entry.place === place);
    if (group) group.slots.push(slot);
    else places.push({ place, slots: [slot] });
  }
  // Shown where the visitor chose and given the focus: on a phone the top of the page is out of sight, and
  // the list changes under the finger as it is read again.
  const refusalRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);

  return (
    <section className="availability-day" aria-labelledby="booking-day-title">
      <h2 id="booking-day-title" className="availability-day__title" tabIndex={-1} ref={titleRef}>
        {formatLongDate(date)}
      </h2>
      {refusal && (
        <p className="booking-notice" role="alert" tabIndex={-1} ref={refusalRef}>
          {refusal}
        </p>
      )}
      {day.isPending && <p role="status">Loading the free times…</p>}
      {day.isError && (
        <p role="alert" className="availability-error">
          The free times could not be loaded. Please try again later.
        </p>
      )}
      {slots && slots.length === 0 && (
        <>
          <p>There are no free times left on this day.</p>
          {whenNoTimes}
        </>
      )}
      {places.map(({ place, slots: times }, index) => (
        <div key={place}>
          <h3 id={`booking-place-${index}`} className="availability-day__place">
            {place}
          </h3>
          <ul className="slot-picks" aria-labelledby={`booking-place-${index}`} aria-busy={busy || undefined}>
            {times.map((slot) => (
              <li key={slot.id}>
                <button
                  type="button"
                  className={`slot-pick${slot.held_by_you ? ' slot-pick--mine' : ''}`}
                  // aria-disabled, not disabled: a disabled button drops the keyboard focus to the page, and the
                  // dialog that follows would give it back there.
                  aria-disabled={busy || undefined}
                  onClick={() => {
                    if (!busy) onChoose(slot, date);
                  }}
                >
                  <span className="slot-pick__time">
                    {formatClock12(slot.start_time)} – {formatClock12(slot.end_time)}
                  </span>
                  <span className="slot-pick__meta">{formatEuro(slot.price)}</span>
                  {slot.held_by_you && <span className="slot-pick__mine">Held for you</span>}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
