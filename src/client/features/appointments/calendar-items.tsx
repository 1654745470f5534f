import { useDraggable, useDroppable } from '@dnd-kit/core';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import type { CalendarAppointment, CalendarSlot } from '../../../shared/calendar';
import type { ClosureSummary } from '../../../shared/closures';
import { formatShortDate } from '../../components/month-calendar/month-grid';
import { formatClinicTime } from '../../lib/clinic-clock';
import { appointmentEditPath, clinicDayOf } from './appointment-labels';
import {
  type CalendarItem,
  type CalendarPlace,
  type CalendarView,
  closureNote,
  holdNote,
  type ItemDensity,
  isInsideClosure,
  isMovable,
  isMoveTarget,
  itemSummary,
  kindLabel,
  placeLabel,
  startsAfter,
  symbolsOf,
} from './calendar-layout';

export type Now = { date: string; minutes: number };

/** What the page's items may offer, worked out once for the page. */
export interface CalendarContext {
  view: CalendarView;
  now: Now;
  mayMove: boolean;
  mayBook: boolean;
  moving: CalendarAppointment | null;
  holdingSlot: number | undefined;
  startMove: (appointment: CalendarAppointment) => void;
  chooseTarget: (slot: CalendarSlot) => void;
  book: (slot: CalendarSlot) => void;
  /** Asks to give back a staff hold (one left by a closed tab). */
  release: (slot: CalendarSlot) => void;
  /** The range's closures: each day and place says why it is closed. */
  closures: readonly ClosureSummary[];
}

/** Where the focus goes after a change: the moved appointment's link at its new time, a released time's Book. */
export const appointmentAt = (id: number, date: string, startTime: string) =>
  `[data-appointment="${id}"][data-at="${date} ${startTime}"] .calendar-item__link`;
export const slotAction = (id: number, action: 'book' | 'release') =>
  `[data-slot="${id}"] [data-action="${action}"]`;

/** Why a day (at a place) is closed, before its times. */
export function ClosureNotes({
  closures,
  withPlace = false,
}: {
  closures: ClosureSummary[];
  withPlace?: boolean;
}) {
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

/** An appointment or a free time; in the day's grid, its `style` places it and `density` says how much it shows. */
export function Item({
  item,
  context,
  style,
  density,
}: {
  item: CalendarItem;
  context: CalendarContext;
  style?: CSSProperties;
  density?: ItemDensity;
}) {
  return item.kind === 'appointment' ? (
    <AppointmentItem
      appointment={item.appointment}
      place={item.place}
      context={context}
      style={style}
      density={density}
    />
  ) : (
    <SlotItem slot={item.slot} place={item.place} context={context} style={style} density={density} />
  );
}

/** ', ' heard between the parts of a link's name, not seen. */
const Pause = () => <span className="visually-hidden">, </span>;

const shortKind = (item: Pick<CalendarSlot, 'is_adult' | 'is_video_call'>) =>
  `${item.is_adult ? 'Adult' : 'Child'} · ${item.is_video_call ? 'Video' : 'Test'}`;

const shortPlace = (place: CalendarPlace) => placeLabel(place).replace(/ \((adults|children)\)$/, '');

const itemClass = (density: ItemDensity | undefined, ...names: (string | false)[]) =>
  ['calendar-item', density && `calendar-item--${density}`, ...names].filter(Boolean).join(' ');

/** '09:00 – 09:30': a one-line card shows the start alone, the end still heard. */
function TimeRange({ item }: { item: Pick<CalendarSlot, 'start_time' | 'end_time'> }) {
  return (
    <span className="calendar-item__time">
      {item.start_time}
      <span className="calendar-item__end"> – {item.end_time}</span>
    </span>
  );
}

function AppointmentItem({
  appointment,
  place,
  context,
  style,
  density,
}: {
  appointment: CalendarAppointment;
  place: CalendarPlace;
  context: CalendarContext;
  style?: CSSProperties | undefined;
  density?: ItemDensity | undefined;
}) {
  const arrivedTime = appointment.arrived_at ? formatClinicTime(appointment.arrived_at) : undefined;
  const closed = isInsideClosure(appointment, place, context.closures);
  const symbols = symbolsOf(appointment, arrivedTime, closed);
  const held = appointment.status === 'held';
  const movable = context.mayMove && isMovable(appointment);
  const name = appointment.patient_name ?? 'Patient data erased';
  const isMoving = context.moving?.id === appointment.id;
  return (
    <li
      className={itemClass(
        density,
        'calendar-item--appointment',
        `calendar-item--${appointment.status}`,
        `calendar-item--at-${place}`,
        isMoving && 'calendar-item--moving',
        closed && 'calendar-item--inside-closure',
      )}
      style={style}
      title={itemSummary({ kind: 'appointment', appointment }, arrivedTime, closed)}
      data-appointment={appointment.id}
      data-at={`${appointment.date} ${appointment.start_time}`}
    >
      <Link className="calendar-item__link" to={appointmentEditPath(appointment.id)}>
        <TimeRange item={appointment} />
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
          <span className="calendar-item__held">
            <Pause />
            Being booked
          </span>
        )}
        <span className="calendar-item__symbols">
          {symbols.map((symbol) => (
            <span key={symbol.key} className={`calendar-symbol calendar-symbol--${symbol.key}`}>
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
          <DragHandle appointment={appointment} />
        </span>
      )}
    </li>
  );
}

/**
 * The grip a mouse or a finger drags the appointment by. Not a control of its own for a keyboard or a screen
 * reader: the Move button beside it moves the appointment to a time chosen from a list, or by the Move here of a
 * free time in the grid, to exactly the time named (the drag library's keyboard mode stepped the card by pixels,
 * and the time it dropped on was not always the one shown).
 */
function DragHandle({ appointment }: { appointment: CalendarAppointment }) {
  const { listeners, setNodeRef } = useDraggable({
    id: `appointment-${appointment.id}`,
    data: { appointment },
  });
  return (
    <span ref={setNodeRef} className="calendar-item__drag" aria-hidden="true" {...listeners}>
      ⠿
    </span>
  );
}

function SlotItem({
  slot,
  place,
  context,
  style,
  density,
}: {
  slot: CalendarSlot;
  place: CalendarPlace;
  context: CalendarContext;
  style?: CSSProperties | undefined;
  density?: ItemDensity | undefined;
}) {
  const future = startsAfter(slot, context.now);
  const target = context.moving !== null && isMoveTarget(context.moving, slot, context.now);
  const { setNodeRef, isOver } = useDroppable({ id: `slot-${slot.id}`, data: { slot }, disabled: !target });
  const held = slot.status === 'pending';
  const at = `${slot.start_time}, ${formatShortDate(clinicDayOf(slot.date) ?? '')}, ${placeLabel(place)}`;
  const hold = holdNote(slot);
  return (
    <li
      ref={setNodeRef}
      className={itemClass(
        density,
        'calendar-item--slot',
        `calendar-item--at-${place}`,
        held && 'calendar-item--slot-held',
        target && 'calendar-item--target',
        isOver && 'calendar-item--over',
      )}
      style={style}
      title={itemSummary({ kind: 'slot', slot })}
      data-slot={slot.id}
    >
      <span className="calendar-item__text">
        <TimeRange item={slot} /> <span className="calendar-item__free">{hold ?? 'Free'}</span>
        {/* The age shown: the video column holds adults' and children's times side by side. */}
        <span className="calendar-item__age" aria-hidden="true">
          {' '}
          · {slot.is_adult ? 'Adult' : 'Child'}
        </span>
        <span className="visually-hidden">, {shortKind(slot).replace(' · ', ' ').toLowerCase()}</span>
        {context.view === 'week' && <span className="calendar-item__place"> {shortPlace(place)}</span>}
      </span>
      <SlotAction slot={slot} context={context} target={target} future={future} at={at} />
    </li>
  );
}

/** A free time's one action: Move here while moving, else Book; a staff hold's Release. */
function SlotAction({
  slot,
  context,
  target,
  future,
  at,
}: {
  slot: CalendarSlot;
  context: CalendarContext;
  target: boolean;
  future: boolean;
  at: string;
}) {
  if (target) {
    return (
      <button type="button" className="calendar-item__action" onClick={() => context.chooseTarget(slot)}>
        Move here<span className="visually-hidden"> ({at})</span>
      </button>
    );
  }
  if (!context.mayBook || context.moving !== null) return null;
  if (slot.held_by === 'staff') {
    return (
      <button
        type="button"
        className="calendar-item__action"
        data-action="release"
        onClick={() => context.release(slot)}
      >
        Release<span className="visually-hidden"> the hold on {at}</span>
      </button>
    );
  }
  if (slot.status !== 'available' || !future) return null;
  return (
    <button
      type="button"
      className="calendar-item__action"
      data-action="book"
      aria-disabled={context.holdingSlot !== undefined || undefined}
      onClick={() => context.book(slot)}
    >
      {context.holdingSlot === slot.id ? (
        'Holding the time…'
      ) : (
        <>
          Book<span className="calendar-item__more"> for a patient</span>
        </>
      )}
      <span className="visually-hidden"> at {at}</span>
    </button>
  );
}
