/**
 * An appointment's states (DESIGN.md section 3a). Which moves lead from one to another is written once, in
 * `src/server/modules/appointments/appointment-states.ts`; this list is shared because staff see the state.
 *
 * - held: a visitor's booking made while their hold on the slot lasts, not paid yet;
 * - booked: booked by staff, no payment taken online;
 * - paid: paid by card, the slot booked;
 * - cancelled: ended without a payment kept (staff cancelled it, or a payment came after the time was lost
 *   and was refunded automatically);
 * - refunded: a paid appointment cancelled with its payment given back;
 * - attended, no_show: after its start, as staff marked it.
 */
export const appointmentStatuses = [
  'held',
  'booked',
  'paid',
  'cancelled',
  'refunded',
  'attended',
  'no_show',
] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];

/** How staff read each state. */
export const appointmentStatusLabels: Record<AppointmentStatus, string> = {
  held: 'Being booked',
  booked: 'Booked',
  paid: 'Booked',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  attended: 'Attended',
  no_show: 'No-show',
};
