import { useEffect, useId, useRef } from 'react';
import type { CalendarAppointment, CalendarSlot } from '../../../shared/calendar';
import type { Now } from './calendar-items';
import { describeTime, isMoveTarget, kindLabel } from './calendar-layout';

/** The free times the appointment may move to in the days shown, as a list of buttons. */
export function MovePanel({
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
        {kindLabel(appointment).toLowerCase()}, here or with its Move here in the calendar, or drag the
        appointment onto one.
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
