import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { type CSSProperties, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CalendarAppointment, CalendarSlot } from '../../../shared/calendar';
import type { ClosureSummary } from '../../../shared/closures';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { formatShortDate } from '../../components/month-calendar/month-grid';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { ApiError } from '../../lib/api-client';
import { clinicDayTime, clinicToday, formatClinicTime } from '../../lib/clinic-clock';
import type { RouteHandle } from '../../lib/route-handle';
import { useRoleCan } from '../../lib/use-role-can';
import { appointmentEditPath, clinicDayOf } from './appointment-labels';
import { useCalendar, useHoldSlot, useMoveAppointment } from './appointments-admin-api';
import {
  type CalendarItem,
  type CalendarPlace,
  type CalendarView,
  calendarItems,
  calendarPlaces,
  closureNote,
  closuresOn,
  dayRows,
  daysOf,
  describeTime,
  findsAppointment,
  isIsoDay,
  isMovable,
  isMoveTarget,
  kindLabel,
  placeItems,
  placeLabel,
  ROW_MINUTES,
  rangeLabel,
  startsAfter,
  stepDay,
  symbolLegend,
  symbolsOf,
} from './calendar-layout';
import './calendar.css';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Calendar – Back office',
    description: 'The clinic’s appointments and free times by day and place.',
    noindex: true,
  }),
};

/** Below this width a week of places does not fit: the calendar shows a day, its places one after another. */
const NARROW = '(width < 48rem)';

function useNarrow(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(NARROW);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}

type Now = { date: string; minutes: number };

/** A move waiting for its confirmation: the appointment and the free time chosen. */
interface PendingMove {
  appointment: CalendarAppointment;
  slot: CalendarSlot;
}

/** What the page's items may offer, worked out once for the page. */
interface CalendarContext {
  view: CalendarView;
  now: Now;
  mayMove: boolean;
  mayBook: boolean;
  moving: CalendarAppointment | null;
  holdingSlot: number | undefined;
  startMove: (appointment: CalendarAppointment) => void;
  chooseTarget: (slot: CalendarSlot) => void;
  book: (slot: CalendarSlot) => void;
  /** The range's closures: each day and place says why it is closed. */
  closures: readonly ClosureSummary[];
}

/**
 * /admin/calendar (issue 32): the clinic's appointments and free times, a day (the places side by side, rows by time)
 * or a week (a column a day), in clinic time; the view, the day and the search live in the address
 * (`?view=week&date=2026-12-08&search=byrne`). An appointment opens its screen; a free time books a patient into it;
 * an appointment moves to a free time of its kind by its Move button then a time from the list, or by dragging it
 * onto the time (pointer or keyboard), after a confirmation naming both times.
 */
export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const narrow = useNarrow();
  const today = clinicToday();
  const asked = searchParams.get('date');
  const day = isIsoDay(asked) ? asked : today;
  const view: CalendarView = !narrow && searchParams.get('view') === 'week' ? 'week' : 'day';
  const search = searchParams.get('search') ?? '';
  const days = daysOf(view, day);
  const calendar = useCalendar(days[0] as string, days[days.length - 1] as string);
  const mayMove = useRoleCan('appointments_write');
  const mayHold = useRoleCan('availability');
  const mayBook = mayMove && mayHold;
  const move = useMoveAppointment();
  const hold = useHoldSlot();
  const notify = useNotify();
  const navigate = useNavigate();
  const [moving, setMoving] = useState<CalendarAppointment | null>(null);
  const [dragged, setDragged] = useState<CalendarAppointment | null>(null);
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [moveError, setMoveError] = useState<string>();
  const now = clinicDayTime(new Date());

  const setParam = (changes: Record<string, string | null>) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: 'search' in changes && Object.keys(changes).length === 1, preventScrollReset: true },
    );

  const items = useMemo(() => {
    const answer = calendar.data;
    if (!answer) return [];
    const shown = answer.appointments.filter((appointment) => findsAppointment(search, appointment));
    // A search shows the patients found, not the free times between them.
    return calendarItems(shown, search.trim() ? [] : answer.slots);
  }, [calendar.data, search]);

  const context: CalendarContext = {
    view,
    now,
    closures: calendar.data?.closures ?? [],
    mayMove,
    mayBook,
    moving: moving ?? dragged,
    holdingSlot: hold.isPending ? hold.variables : undefined,
    startMove: (appointment) => setMoving(appointment),
    chooseTarget: (slot) => {
      const appointment = moving ?? dragged;
      if (appointment) {
        setMoveError(undefined);
        setPending({ appointment, slot });
      }
    },
    book: (slot) => {
      if (hold.isPending) return;
      hold.mutate(slot.id, {
        onSuccess: () => void navigate(`/admin/appointment/create?session_id=${slot.id}`),
        onError: (error) => notifyApiError(notify, error),
      });
    },
  };

  const confirmMove = () => {
    if (!pending) return;
    const { appointment, slot } = pending;
    move.mutate(
      { id: appointment.id, slotId: slot.id },
      {
        onSuccess: () => {
          setPending(null);
          setMoving(null);
          notify.success(
            `${appointment.patient_name ?? 'The appointment'} moved to ${describeTime(slot)}. The patient is e-mailed the new time.`,
          );
        },
        onError: (error) => setMoveError(error instanceof ApiError ? moveRefusal(error) : error.message),
      },
    );
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );
  const onDragStart = (event: DragStartEvent) => {
    const appointment = event.active.data.current?.appointment as CalendarAppointment | undefined;
    if (appointment) setDragged(appointment);
  };
  const onDragEnd = (event: DragEndEvent) => {
    const appointment = event.active.data.current?.appointment as CalendarAppointment | undefined;
    const slot = event.over?.data.current?.slot as CalendarSlot | undefined;
    setDragged(null);
    if (appointment && slot && isMoveTarget(appointment, slot, now)) {
      setMoveError(undefined);
      setPending({ appointment, slot });
    }
  };

  return (
    <div className="calendar">
      <div className="admin-page__header">
        <h1 className="admin-page__title">Calendar</h1>
      </div>
      <div className="calendar-toolbar">
        {!narrow && (
          <fieldset className="calendar-toolbar__views">
            <legend className="visually-hidden">View</legend>
            {(['day', 'week'] as const).map((option) => (
              <button
                key={option}
                type="button"
                className="calendar-toolbar__view"
                aria-pressed={view === option}
                onClick={() => setParam({ view: option === 'day' ? null : 'week' })}
              >
                {option === 'day' ? 'Day' : 'Week'}
              </button>
            ))}
          </fieldset>
        )}
        <div className="calendar-toolbar__steps">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setParam({ date: stepDay(view, day, -1) })}
          >
            <span aria-hidden="true">‹ </span>Previous<span className="visually-hidden"> {view}</span>
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setParam({ date: null })}
            aria-disabled={days.includes(today) || undefined}
          >
            Today
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setParam({ date: stepDay(view, day, 1) })}
          >
            Next<span className="visually-hidden"> {view}</span>
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
        <h2 className="calendar-toolbar__label" aria-live="polite">
          {rangeLabel(view, day)}
        </h2>
        <div className="calendar-toolbar__search field">
          <label className="field__label" htmlFor="calendar-search">
            Find a patient
          </label>
          <input
            id="calendar-search"
            className="field__input"
            type="search"
            value={search}
            onChange={(event) => setParam({ search: event.target.value })}
          />
        </div>
      </div>
      <Legend />
      {moving && (
        <MovePanel
          appointment={moving}
          slots={calendar.data?.slots ?? []}
          now={now}
          onChoose={context.chooseTarget}
          onCancel={() => setMoving(null)}
        />
      )}
      {calendar.isPending && <p role="status">Loading the calendar…</p>}
      {calendar.isError && (
        <p role="alert" className="calendar__error">
          The calendar could not be loaded. {calendar.error.message}
        </p>
      )}
      {calendar.data && (
        <DndContext
          sensors={sensors}
          collisionDetection={dropTarget}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragged(null)}
          accessibility={{ screenReaderInstructions, announcements }}
        >
          <div aria-busy={calendar.isFetching || undefined}>
            {search.trim() && items.length === 0 && (
              <p role="status">No appointment in these days matches “{search.trim()}”.</p>
            )}
            {view === 'day' ? (
              <DayGrid day={day} items={items} context={context} />
            ) : (
              <WeekGrid days={days} today={today} items={items} context={context} />
            )}
          </div>
          <DragOverlay dropAnimation={null}>
            {dragged && (
              <div className="calendar-drag">
                {dragged.start_time} {dragged.patient_name}
              </div>
            )}
          </DragOverlay>
        </DndContext>
      )}
      <ConfirmDialog
        open={pending !== null}
        title="Move this appointment?"
        message={
          pending && (
            <>
              Move {pending.appointment.patient_name ?? 'this patient'}’s appointment from{' '}
              <strong>{describeTime(pending.appointment)}</strong> to{' '}
              <strong>{describeTime(pending.slot)}</strong>? The patient is e-mailed the new time and their
              calendar event is updated.
            </>
          )
        }
        confirmLabel="Move"
        confirmTone="primary"
        busy={move.isPending}
        error={moveError}
        onConfirm={confirmMove}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}

/** The reason a move was refused: the time's own (taken meanwhile, started), or the answer's. */
function moveRefusal(error: ApiError): string {
  const errors = error.body.errors ?? {};
  return errors.session_id?.[0] ?? errors['session.id']?.[0] ?? error.message;
}

/** The pointer's target when it is over one; else the free time the dragged card covers most (keyboard). */
const dropTarget: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : rectIntersection(args);
};

const screenReaderInstructions = {
  draggable:
    'To move this appointment, press space to pick it up, the arrow keys to take it over a free time of its kind, then space to drop it there, or escape to put it back. The Move button beside it lists the free times instead.',
};

const nameOf = (data: Record<string, unknown> | undefined) =>
  (data?.appointment as CalendarAppointment | undefined)?.patient_name ?? 'The appointment';
const timeOf = (data: Record<string, unknown> | undefined) => {
  const slot = data?.slot as CalendarSlot | undefined;
  return slot ? describeTime(slot) : undefined;
};

const announcements = {
  onDragStart: ({ active }: { active: { data: { current?: Record<string, unknown> } } }) =>
    `${nameOf(active.data.current)} picked up.`,
  onDragOver: ({
    active,
    over,
  }: {
    active: { data: { current?: Record<string, unknown> } };
    over: { data: { current?: Record<string, unknown> } } | null;
  }) => {
    const time = timeOf(over?.data.current);
    return time ? `${nameOf(active.data.current)} over the free time ${time}.` : undefined;
  },
  onDragEnd: ({
    active,
    over,
  }: {
    active: { data: { current?: Record<string, unknown> } };
    over: { data: { current?: Record<string, unknown> } } | null;
  }) => {
    const time = timeOf(over?.data.current);
    return time
      ? `${nameOf(active.data.current)} dropped on ${time}: confirm the move.`
      : `${nameOf(active.data.current)} put back.`;
  },
  onDragCancel: ({ active }: { active: { data: { current?: Record<string, unknown> } } }) =>
    `${nameOf(active.data.current)} put back.`,
};

function Legend() {
  return (
    <details className="calendar-legend">
      <summary>What the symbols mean</summary>
      <ul className="calendar-legend__list">
        {symbolLegend.map((symbol) => (
          <li key={symbol.key}>
            <span className="calendar-symbol" aria-hidden="true">
              {symbol.symbol}
            </span>{' '}
            {symbol.text}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The free times the appointment may move to in the days shown, as a list of buttons. */
function MovePanel({
  appointment,
  slots,
  now,
  onChoose,
  onCancel,
}: {
  appointment: CalendarAppointment;
  slots: readonly CalendarSlot[];
  now: Now;
  onChoose: (slot: CalendarSlot) => void;
  onCancel: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const targets = slots.filter((slot) => isMoveTarget(appointment, slot, now));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus moves once for each appointment chosen.
  useEffect(() => headingRef.current?.focus(), [appointment.id]);
  return (
    <section className="calendar-move" aria-labelledby={headingId}>
      <h2 className="calendar-move__title" id={headingId} ref={headingRef} tabIndex={-1}>
        Move {appointment.patient_name ?? 'the appointment'}
      </h2>
      <p>
        Now: <strong>{describeTime(appointment)}</strong>. Choose a free time for this{' '}
        {kindLabel(appointment).toLowerCase()}, or drag the appointment onto one.
      </p>
      {targets.length === 0 ? (
        <p>There is no free time of this kind in the days shown: go to the next day or week.</p>
      ) : (
        <ul className="calendar-move__times" aria-label="Free times of the same kind">
          {targets.map((slot) => (
            <li key={slot.id}>
              <button type="button" className="calendar-move__time" onClick={() => onChoose(slot)}>
                {describeTime(slot)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button button--secondary button--small" onClick={onCancel}>
        Cancel the move
      </button>
    </section>
  );
}

/** One day: a column a place, rows of ROW_MINUTES; each column a list a screen reader walks by time. */
function DayGrid({ day, items, context }: { day: string; items: CalendarItem[]; context: CalendarContext }) {
  const ofDay = items.filter((item) => item.day === day);
  const { firstMinute, rows } = dayRows(ofDay);
  const hours = Array.from(
    { length: (rows * ROW_MINUTES) / 60 },
    (_unused, index) => firstMinute / 60 + index,
  );
  const rowsStyle = { '--calendar-rows': rows } as CSSProperties;
  return (
    <div className={`calendar-day${rows > 0 ? '' : ' calendar-day--empty'}`} style={rowsStyle}>
      {rows > 0 && (
        <div className="calendar-day__hours" aria-hidden="true">
          {hours.map((hour, index) => (
            <span key={hour} style={{ gridRow: `${index * (60 / ROW_MINUTES) + 1}` }}>
              {String(hour).padStart(2, '0')}:00
            </span>
          ))}
        </div>
      )}
      {calendarPlaces.map((place) => (
        <PlaceColumn
          key={place}
          day={day}
          place={place}
          items={ofDay.filter((item) => item.place === place)}
          firstMinute={firstMinute}
          context={context}
        />
      ))}
    </div>
  );
}

function PlaceColumn({
  day,
  place,
  items,
  firstMinute,
  context,
}: {
  day: string;
  place: CalendarPlace;
  items: CalendarItem[];
  firstMinute: number;
  context: CalendarContext;
}) {
  const headingId = useId();
  const { placed, lanes } = placeItems(items, firstMinute);
  return (
    <section className={`calendar-place calendar-place--${place}`} aria-labelledby={headingId}>
      <h3 className="calendar-place__title" id={headingId}>
        {placeLabel(place)}
      </h3>
      <ClosureNotes closures={closuresOn(context.closures, day, place)} />
      {placed.length === 0 ? (
        <p className="calendar-place__empty">Nothing on this day.</p>
      ) : (
        <ol className="calendar-place__items" style={{ '--calendar-lanes': lanes } as CSSProperties}>
          {placed.map(({ item, rowStart, rowEnd, lane }) => (
            <Item
              key={item.key}
              item={item}
              context={context}
              style={{ gridRow: `${rowStart} / ${rowEnd}`, gridColumn: `${lane + 1}` }}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

/** A week: a column a day, its appointments and free times by time, each naming its place. */
function WeekGrid({
  days,
  today,
  items,
  context,
}: {
  days: string[];
  today: string;
  items: CalendarItem[];
  context: CalendarContext;
}) {
  return (
    <div className="calendar-week">
      {days.map((day) => (
        <WeekDay
          key={day}
          day={day}
          isToday={day === today}
          items={items.filter((item) => item.day === day)}
          context={context}
        />
      ))}
    </div>
  );
}

function WeekDay({
  day,
  isToday,
  items,
  context,
}: {
  day: string;
  isToday: boolean;
  items: CalendarItem[];
  context: CalendarContext;
}) {
  const headingId = useId();
  return (
    <section
      className={`calendar-weekday${isToday ? ' calendar-weekday--today' : ''}`}
      aria-labelledby={headingId}
    >
      <h3 className="calendar-weekday__title" id={headingId}>
        <Link to={`?date=${day}`} className="calendar-weekday__link">
          {formatShortDate(day)}
          {isToday && <span className="calendar-weekday__today"> (today)</span>}
          <span className="visually-hidden">: open the day</span>
        </Link>
      </h3>
      <ClosureNotes closures={closuresOn(context.closures, day)} withPlace />
      {items.length === 0 ? (
        <p className="calendar-place__empty">Nothing on this day.</p>
      ) : (
        <ol className="calendar-weekday__items">
          {items.map((item) => (
            <Item key={item.key} item={item} context={context} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** Why a day (at a place) is closed, before its times. */
function ClosureNotes({ closures, withPlace = false }: { closures: ClosureSummary[]; withPlace?: boolean }) {
  if (closures.length === 0) return null;
  return (
    <ul className="calendar-closures">
      {closures.map((closure) => (
        <li key={closure.id} className="calendar-closure">
          {closureNote(closure, withPlace)}
        </li>
      ))}
    </ul>
  );
}

function Item({
  item,
  context,
  style,
}: {
  item: CalendarItem;
  context: CalendarContext;
  style?: CSSProperties;
}) {
  return item.kind === 'appointment' ? (
    <AppointmentItem appointment={item.appointment} place={item.place} context={context} style={style} />
  ) : (
    <SlotItem slot={item.slot} place={item.place} context={context} style={style} />
  );
}

/** ', ' heard between the parts of a link's name, not seen. */
const Pause = () => <span className="visually-hidden">, </span>;

const shortKind = (item: Pick<CalendarSlot, 'is_adult' | 'is_video_call'>) =>
  `${item.is_adult ? 'Adult' : 'Child'} · ${item.is_video_call ? 'Video' : 'Test'}`;

const shortPlace = (place: CalendarPlace) => placeLabel(place).replace(/ \((adults|children)\)$/, '');

function AppointmentItem({
  appointment,
  place,
  context,
  style,
}: {
  appointment: CalendarAppointment;
  place: CalendarPlace;
  context: CalendarContext;
  style?: CSSProperties | undefined;
}) {
  const symbols = symbolsOf(
    appointment,
    appointment.arrived_at ? formatClinicTime(appointment.arrived_at) : undefined,
  );
  const held = appointment.status === 'held';
  const movable = context.mayMove && isMovable(appointment);
  const name = appointment.patient_name ?? 'Patient data erased';
  const isMoving = context.moving?.id === appointment.id;
  return (
    <li
      className={`calendar-item calendar-item--appointment calendar-item--${appointment.status} calendar-item--at-${place}${isMoving ? ' calendar-item--moving' : ''}`}
      style={style}
    >
      <Link className="calendar-item__link" to={appointmentEditPath(appointment.id)}>
        <span className="calendar-item__time">
          {appointment.start_time} – {appointment.end_time}
        </span>
        <Pause />
        <span className="calendar-item__name">{name}</span>
        <Pause />
        <span className="calendar-item__kind" aria-hidden="true">
          {shortKind(appointment)}
        </span>
        <span className="visually-hidden">{kindLabel(appointment)}</span>
        {context.view === 'week' && (
          <>
            <Pause />
            <span className="calendar-item__place">{shortPlace(place)}</span>
          </>
        )}
        {held && (
          <>
            <Pause />
            <span className="calendar-item__held">Being booked</span>
          </>
        )}
        <span className="calendar-item__symbols">
          {symbols.map((symbol) => (
            <span
              key={symbol.key}
              className={`calendar-symbol calendar-symbol--${symbol.key}`}
              title={symbol.text}
            >
              <span aria-hidden="true">{symbol.symbol}</span>
              <span className="visually-hidden">, {symbol.text}</span>
            </span>
          ))}
        </span>
      </Link>
      {movable && (
        <span className="calendar-item__actions">
          <button
            type="button"
            className="calendar-item__action"
            aria-pressed={isMoving}
            onClick={() => context.startMove(appointment)}
          >
            Move
            <span className="visually-hidden">
              {' '}
              {name}’s appointment at {appointment.start_time}
            </span>
          </button>
          <DragHandle appointment={appointment} name={name} />
        </span>
      )}
    </li>
  );
}

function DragHandle({ appointment, name }: { appointment: CalendarAppointment; name: string }) {
  const { attributes, listeners, setNodeRef } = useDraggable({
    id: `appointment-${appointment.id}`,
    data: { appointment },
  });
  return (
    <button
      ref={setNodeRef}
      type="button"
      className="calendar-item__action calendar-item__drag"
      {...attributes}
      {...listeners}
      aria-label={`Drag ${name}’s appointment at ${appointment.start_time} to a free time`}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}

function SlotItem({
  slot,
  place,
  context,
  style,
}: {
  slot: CalendarSlot;
  place: CalendarPlace;
  context: CalendarContext;
  style?: CSSProperties | undefined;
}) {
  const future = startsAfter(slot, context.now);
  const target = context.moving !== null && isMoveTarget(context.moving, slot, context.now);
  const { setNodeRef, isOver } = useDroppable({ id: `slot-${slot.id}`, data: { slot }, disabled: !target });
  const held = slot.status === 'pending';
  const at = `${slot.start_time}, ${formatShortDate(clinicDayOf(slot.date) ?? '')}, ${placeLabel(place)}`;
  return (
    <li
      ref={setNodeRef}
      className={`calendar-item calendar-item--slot calendar-item--at-${place}${held ? ' calendar-item--slot-held' : ''}${target ? ' calendar-item--target' : ''}${isOver ? ' calendar-item--over' : ''}`}
      style={style}
    >
      <span className="calendar-item__time">
        {slot.start_time} – {slot.end_time}
      </span>{' '}
      <span className="calendar-item__free">{held ? 'Held' : 'Free'}</span>
      <span className="visually-hidden">, {shortKind(slot).replace(' · ', ' ').toLowerCase()}</span>
      {context.view === 'week' && <span className="calendar-item__place"> {shortPlace(place)}</span>}
      {target ? (
        <button type="button" className="calendar-item__action" onClick={() => context.chooseTarget(slot)}>
          Move here<span className="visually-hidden"> ({at})</span>
        </button>
      ) : (
        context.mayBook &&
        !held &&
        future &&
        context.moving === null && (
          <button
            type="button"
            className="calendar-item__action"
            aria-disabled={context.holdingSlot !== undefined || undefined}
            onClick={() => context.book(slot)}
          >
            {context.holdingSlot === slot.id ? 'Holding the time…' : 'Book for a patient'}
            <span className="visually-hidden"> at {at}</span>
          </button>
        )
      )}
    </li>
  );
}
