import { DndContext, DragOverlay } from '@dnd-kit/core';
import { type RefObject, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { CalendarAppointment, CalendarSlot } from '../../../shared/calendar';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { ApiError } from '../../lib/api-client';
import { clinicDayTime, clinicToday } from '../../lib/clinic-clock';
import type { RouteHandle } from '../../lib/route-handle';
import { useRoleCan } from '../../lib/use-role-can';
import { useCalendar, useHoldSlot, useMoveAppointment, useReleaseSlot } from './appointments-admin-api';
import { useCalendarDrag } from './calendar-drag';
import { DayGrid, WeekGrid } from './calendar-grids';
import { appointmentAt, type CalendarContext, slotAction } from './calendar-items';
import {
  type CalendarView,
  calendarItems,
  daysOf,
  describeTime,
  findsAppointment,
  holdNote,
  isIsoDay,
  isMoveTarget,
} from './calendar-layout';
import { MovePanel } from './calendar-move-panel';
import { CalendarToolbar, Legend } from './calendar-toolbar';
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

/** A move waiting for its confirmation: the appointment and the free time chosen. */
interface PendingMove {
  appointment: CalendarAppointment;
  slot: CalendarSlot;
}

/**
 * Where the focus goes once the calendar shows a change: the element `selector` finds (the moved appointment at
 * its new time, the released time's Book), or, when the calendar has been read again without it (the day
 * changed meanwhile), the range's heading, so the focus never falls back to the page's start.
 */
function useFocusOnceShown(fetching: boolean, fallback: RefObject<HTMLElement | null>) {
  const [selector, setSelector] = useState<string | null>(null);
  useEffect(() => {
    if (selector === null) return;
    const element = document.querySelector<HTMLElement>(selector);
    if (element) element.focus();
    else if (fetching) return;
    else fallback.current?.focus();
    setSelector(null);
  });
  return setSelector;
}

/**
 * /admin/calendar (issue 32): the clinic's appointments and free times, a day (the places side by side, rows by time)
 * or a week (a column a day), in clinic time; the view, the day and the search live in the address
 * (`?view=week&date=2026-12-08&search=byrne`). An appointment opens its screen; a free time books a patient into it;
 * an appointment moves to a free time of its kind by its Move button then a time from the list (or the time's Move
 * here), or by dragging it onto the time with a mouse or a finger, after a confirmation naming both times. A time
 * staff held to book and left (a closed tab) is released from it.
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
  const release = useReleaseSlot();
  const notify = useNotify();
  const navigate = useNavigate();
  const [moving, setMoving] = useState<CalendarAppointment | null>(null);
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [moveError, setMoveError] = useState<string>();
  const [releasing, setReleasing] = useState<CalendarSlot | null>(null);
  const [releaseError, setReleaseError] = useState<string>();
  const labelRef = useRef<HTMLHeadingElement>(null);
  const focusOnceShown = useFocusOnceShown(calendar.isFetching, labelRef);
  const now = clinicDayTime(new Date());
  const drag = useCalendarDrag((appointment, slot) => {
    if (!isMoveTarget(appointment, slot, now)) return;
    setMoveError(undefined);
    setPending({ appointment, slot });
  });

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
    moving: moving ?? drag.dragged,
    holdingSlot: hold.isPending ? hold.variables : undefined,
    startMove: (appointment) => setMoving(appointment),
    chooseTarget: (slot) => {
      const appointment = moving ?? drag.dragged;
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
    release: (slot) => {
      setReleaseError(undefined);
      setReleasing(slot);
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
          // The appointment at its new time, once the calendar shows it there.
          focusOnceShown(appointmentAt(appointment.id, slot.date, slot.start_time));
          notify.success(
            `${appointment.patient_name ?? 'The appointment'} moved to ${describeTime(slot)}. The patient is e-mailed the new time.`,
          );
        },
        onError: (error) => setMoveError(error instanceof ApiError ? moveRefusal(error) : error.message),
      },
    );
  };

  const confirmRelease = () => {
    if (!releasing) return;
    const slot = releasing;
    release.mutate(slot.id, {
      onSuccess: () => {
        setReleasing(null);
        focusOnceShown(slotAction(slot.id, 'book'));
        notify.success(`${describeTime(slot)} is free to book again.`);
      },
      onError: (error) => setReleaseError(error.message),
    });
  };

  return (
    <div className="calendar">
      <div className="admin-page__header">
        <h1 className="admin-page__title">Calendar</h1>
      </div>
      <CalendarToolbar
        narrow={narrow}
        view={view}
        day={day}
        days={days}
        today={today}
        search={search}
        labelRef={labelRef}
        onChange={setParam}
      />
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
        <DndContext {...drag.contextProps}>
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
            {drag.dragged && (
              <div className="calendar-drag">
                {drag.dragged.start_time} {drag.dragged.patient_name}
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
      <ConfirmDialog
        open={releasing !== null}
        title="Release this time?"
        message={
          releasing && (
            <>
              <strong>{describeTime(releasing)}</strong> is {holdNote(releasing)?.toLowerCase()}: someone
              began booking it for a patient and did not finish (a closed tab holds a time until then).
              Released, it is free to book again; if a colleague is still booking it, their save goes through
              unless someone takes the time first.
            </>
          )
        }
        confirmLabel="Release"
        confirmTone="primary"
        cancelLabel="Keep the hold"
        busy={release.isPending}
        error={releaseError}
        onConfirm={confirmRelease}
        onCancel={() => setReleasing(null)}
      />
    </div>
  );
}

/** The reason a move was refused: the time's own (taken meanwhile, started), or the answer's. */
function moveRefusal(error: ApiError): string {
  const errors = error.body.errors ?? {};
  return errors.session_id?.[0] ?? errors['session.id']?.[0] ?? error.message;
}
