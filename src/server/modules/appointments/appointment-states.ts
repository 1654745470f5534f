import type { AppointmentStatus } from '../../../shared/appointments';

/**
 * An appointment's life, written once (DESIGN.md section 3a; docs/architecture.md draws it). An appointment
 * starts `held` (a visitor's booking while their hold on the slot lasts) or `booked` (booked by staff); every
 * later change of its state is one of these moves, and the appointment service makes each in one transaction
 * with the slot, the payment, the audit entry and the e-mail it brings. A move from any other state is refused.
 * A `held` appointment that is never paid is not moved but deleted: replaced by a new submission under the
 * same hold, or, a day after its hold is gone, by the abandoned-booking job (unless staff cancel it first).
 */
export const appointmentStarts = {
  /** A visitor books the slot they hold; nothing is paid yet. */
  visitor: 'held',
  /** Staff book a slot for a patient; no payment is taken online. */
  staff: 'booked',
} as const satisfies Record<string, AppointmentStatus>;

interface Move {
  from: readonly AppointmentStatus[];
  /** The state after the move; `undefined`: the state stays (a move to another slot). */
  to?: AppointmentStatus;
  /**
   * The move gives the appointment its time (`scheduled_at` becomes now): the patient is told the time with how to
   * prepare, so reminders due before it are not sent. Booking (visitor or staff) sets it too.
   */
  schedules?: true;
}

export const appointmentMoves = {
  /** The card payment succeeded and the held slot was booked for it. */
  pay: { from: ['held'], to: 'paid', schedules: true },
  /** A payment succeeded after the time was lost (the hold lapsed and someone else took it): it is refunded. */
  lose: { from: ['held'], to: 'cancelled' },
  /**
   * Staff refund a paid appointment, or its patient cancels it from their booking link in time: the money goes back,
   * the time is freed.
   */
  refund: { from: ['paid'], to: 'refunded' },
  /**
   * Staff delete an appointment: the time is freed (a held one's hold on it is released; one with a payment in
   * progress is refused). A paid one keeps its payment: no money is returned (`refund` is the path that returns
   * it). A patient cancelling in time a booking not paid online (booked by staff) makes this move too.
   */
  cancel: { from: ['held', 'booked', 'paid'], to: 'cancelled' },
  /**
   * Staff (or the patient from their booking link, in time, to a time they hold of the same price) move it to
   * another free future slot of the same kind; the old one is freed once the new one is booked.
   */
  reschedule: { from: ['booked', 'paid'], schedules: true },
  /** After its start, staff mark that the patient came, */
  attend: { from: ['booked', 'paid', 'no_show'], to: 'attended' },
  /** or did not. */
  miss: { from: ['booked', 'paid', 'attended'], to: 'no_show' },
} as const satisfies Record<string, Move>;

export type AppointmentMove = keyof typeof appointmentMoves;

/**
 * The states of an appointment that will take place (booked or paid, not yet attended or missed): the patient is
 * reminded of it. None is sent for one being booked (`held`), ended (cancelled, refunded) or marked after its start.
 */
export const upcomingStatuses = ['booked', 'paid'] as const satisfies readonly AppointmentStatus[];

/** Whether the table allows `move` from `status`. */
export const allowsMove = (move: AppointmentMove, status: AppointmentStatus): boolean =>
  (appointmentMoves[move].from as readonly AppointmentStatus[]).includes(status);
