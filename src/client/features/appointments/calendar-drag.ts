import {
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  PointerSensor,
  pointerWithin,
  type ScreenReaderInstructions,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useState } from 'react';
import type { CalendarAppointment, CalendarSlot } from '../../../shared/calendar';
import { describeTime } from './calendar-layout';

/**
 * Dragging an appointment onto a free time, by mouse or touch only. The drop is the free time under the pointer,
 * the one highlighted: exactly the time the confirmation then names. A keyboard moves an appointment with its
 * Move button instead (a list of the free times, and Move here on each in the grid): the drag library's keyboard
 * mode stepped the card by 25 pixels over rows of 10 or 15 minutes and scrolled the page smoothly under it, so the
 * time it dropped on was not always the one it had announced.
 */
export function useCalendarDrag(onDrop: (appointment: CalendarAppointment, slot: CalendarSlot) => void) {
  const [dragged, setDragged] = useState<CalendarAppointment | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const onDragStart = (event: DragStartEvent) => {
    const appointment = event.active.data.current?.appointment as CalendarAppointment | undefined;
    if (appointment) setDragged(appointment);
  };
  const onDragEnd = (event: DragEndEvent) => {
    const appointment = event.active.data.current?.appointment as CalendarAppointment | undefined;
    const slot = event.over?.data.current?.slot as CalendarSlot | undefined;
    setDragged(null);
    if (appointment && slot) onDrop(appointment, slot);
  };
  return {
    dragged,
    contextProps: {
      sensors,
      collisionDetection: pointerWithin,
      onDragStart,
      onDragEnd,
      onDragCancel: () => setDragged(null),
      accessibility: { screenReaderInstructions, announcements },
    },
  };
}

const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'Dragging moves an appointment by mouse or touch. By keyboard, use the Move button beside the appointment.',
};

type Data = { data: { current?: Record<string, unknown> | undefined } };

const nameOf = (data: Data) =>
  (data.data.current?.appointment as CalendarAppointment | undefined)?.patient_name ?? 'The appointment';
const timeOf = (data: Data | null) => {
  const slot = data?.data.current?.slot as CalendarSlot | undefined;
  return slot ? describeTime(slot) : undefined;
};

const announcements: Announcements = {
  onDragStart: ({ active }) => `${nameOf(active)} picked up.`,
  onDragOver: ({ active, over }) => {
    const time = timeOf(over);
    return time ? `${nameOf(active)} over the free time ${time}.` : undefined;
  },
  onDragEnd: ({ active, over }) => {
    const time = timeOf(over);
    return time ? `${nameOf(active)} dropped on ${time}: confirm the move.` : `${nameOf(active)} put back.`;
  },
  onDragCancel: ({ active }) => `${nameOf(active)} put back.`,
};
