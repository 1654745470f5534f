/**
 * An appointment's life (DESIGN.md section 3a; docs/architecture.md draws it), written once for the server and the
 * browser: its states, the two ways it starts, the moves between states, and the groups of states that lists, jobs
 * and screens read. The server makes each move in `src/server/modules/appointments/moves/`, through the one guarded
 * writer (`moveAppointment`), which refuses a move from any state the table does not allow. No Zod here: public
 * pages import it.
 *
 * - held: a visitor's booking made while their hold on the slot lasts, not paid yet;
 * - booked: booked by staff, no payment taken online;
 * - paid: paid by card, the slot booked;
 * - cancelled: ended without taking place (deleted by staff or cancelled by the patient; or a payment came after
 *   the time was lost, and was refunded);
 * - refunded: a paid appointment cancelled with its payment given back;
 * - arrived: on its day, the patient is at the desk (checked in); a mistake is undone the same day, back to booked
 *   (booked by staff) or paid (booked online);
 * - attended, no_show: after its start, as staff marked it.
 */
export const appointmentStatuses = [
  'held',
  'booked',
  'paid',
  'arrived',
  'cancelled',
  'refunded',
  'attended',
  'no_show',
] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];

/**
 * Where an appointment starts. A `held` appointment that is never paid is not moved but deleted: replaced by a new
 * submission under the same hold, or, a day after its hold is gone, by the abandoned-booking job (unless staff
 * cancel it first).
 */
export const appointmentStarts = {
  /** A visitor books the slot they hold; nothing is paid yet. */
  visitor: 'held',
  /** Staff book a slot for a patient; no payment is taken online. */
  staff: 'booked',
} as const satisfies Record<string, AppointmentStatus>;

interface Move {
  from: readonly AppointmentStatus[];
  /** The state after the move; none: the state stays (a move to another slot). */
  to?: AppointmentStatus;
  /**
   * The move gives the appointment its time (`scheduled_at` becomes now): the patient is told the time with how to
   * prepare, so reminders due before it are not sent. Booking (visitor or staff) sets it too.
   */
  schedules?: true;
  /** The move stamps when the patient arrived at the desk (`arrived_at` becomes now), or clears it (undone). */
  arrival?: 'stamp' | 'clear';
}

export const appointmentMoves = {
  /** The card payment succeeded and the held slot was booked for it. */
  pay: { from: ['held'], to: 'paid', schedules: true },
  /** A payment succeeded after the time was lost (the hold lapsed and someone else took it): it is refunded. */
  lose: { from: ['held'], to: 'cancelled' },
  /**
   * Staff give back all that is left of a paid appointment's payment, or its patient cancels it from their booking
   * link in time: the money goes back, the time is freed. A part given back, or the payment of an appointment
   * that took place (attended, no-show) given back, leaves the appointment as it is: only the payment changes.
   */
  refund: { from: ['paid'], to: 'refunded' },
  /**
   * Staff delete an appointment: the time is freed (a held one's hold on it is released). A paid one keeps its
   * payment: no money is returned (`refund` is the move that returns it). A patient cancelling in time a booking
   * not paid online (booked by staff) makes this move too.
   */
  cancel: { from: ['held', 'booked', 'paid'], to: 'cancelled' },
  /**
   * Staff, or the patient from their booking link in time, move it to another free future slot of the same kind;
   * the old one is freed once the new one is booked.
   */
  reschedule: { from: ['booked', 'paid'], schedules: true },
  /**
   * The patient tells the clinic from their booking link that they could not stop their antihistamines, or are
   * unwell (issue 33): the state stays; the appointment carries the flag, and may be moved once inside the notice.
   */
  flag: { from: ['booked', 'paid'] },
  /**
   * Staff mark the patient's flag dealt with (they phoned them): the state stays, the flag is kept; it leaves the
   * dashboard's to do. Any time the appointment takes place, not once it ended.
   */
  dealWithFlag: { from: ['booked', 'paid', 'arrived', 'attended', 'no_show'] },
  /** On its day, the patient is at the desk: staff check them in. */
  arrive: { from: ['booked', 'paid'], to: 'arrived', arrival: 'stamp' },
  /** Checked in by mistake, undone the same day: back to booked, */
  undoArrival: { from: ['arrived'], to: 'booked', arrival: 'clear' },
  /** or to paid when it was booked and paid online. */
  undoPaidArrival: { from: ['arrived'], to: 'paid', arrival: 'clear' },
  /** After its start, staff mark that the patient came, */
  attend: { from: ['booked', 'paid', 'arrived', 'no_show'], to: 'attended' },
  /** or did not. */
  miss: { from: ['booked', 'paid', 'arrived', 'attended'], to: 'no_show' },
} as const satisfies Record<string, Move>;

export type AppointmentMove = keyof typeof appointmentMoves;

/** Whether the table allows `move` from `status`. */
export const allowsMove = (move: AppointmentMove, status: string): boolean =>
  (appointmentMoves[move].from as readonly string[]).includes(status);

/**
 * Will take place (booked or paid, not yet attended or missed): the patient is reminded of it, and may change it
 * from their booking link. None is sent for one being booked (`held`), ended, or marked after its start.
 */
export const upcomingStatuses = ['booked', 'paid'] as const satisfies readonly AppointmentStatus[];

/** Ended without taking place: no move leads out of them, and nothing about the appointment changes any more. */
export const endedStatuses = ['cancelled', 'refunded'] as const satisfies readonly AppointmentStatus[];

/**
 * Takes, or took, its slot's time: the appointment a booked slot belongs to, and the ones a day's lists show. A
 * cancelled or refunded one gave its time back; a held one has not got it yet.
 */
export const occupyingStatuses = [
  'booked',
  'paid',
  'arrived',
  'attended',
  'no_show',
] as const satisfies readonly AppointmentStatus[];

export const isUpcoming = (status: string) => (upcomingStatuses as readonly string[]).includes(status);
export const isEnded = (status: string) => (endedStatuses as readonly string[]).includes(status);
