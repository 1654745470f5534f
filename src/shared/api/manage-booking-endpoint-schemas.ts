import {
  appointmentReferenceParams,
  flagRequestSchema,
  manageActionResponseSchema,
  managedAppointmentResponseSchema,
  moveAppointmentRequestSchema,
  moveHoldParams,
} from '../manage-booking';
import { holdResponseSchema } from '../slots';
import { withSchemas } from './endpoint-schemas';
import * as api from './manage-booking-endpoints';

export const getManagedBooking = withSchemas(api.getManagedBooking, {
  summary:
    'A patient reads their booking (what, when, where, price, payment status, what may be changed online) with X-Manage-Token; 404 for a wrong token, an unknown reference or an appointment that has ended',
  params: appointmentReferenceParams,
  response: managedAppointmentResponseSchema,
});

export const cancelManagedBooking = withSchemas(api.cancelManagedBooking, {
  summary:
    'A patient cancels their booking (X-Manage-Token) more than CANCELLATION_NOTICE_HOURS (48) before its start: a paid one is refunded in full to its card; money paid at the clinic cannot be, so the answer and the e-mails say the clinic will give it back, and the notice to the clinic says how much; the time is offered again, the patient and the clinic are e-mailed; cancelling again answers that it is already cancelled; inside the notice 409',
  params: appointmentReferenceParams,
  response: manageActionResponseSchema,
});

export const holdTimeForMove = withSchemas(api.holdTimeForMove, {
  summary:
    "A patient holds a free future time to move their booking to (X-Manage-Token; X-Hold-Token of their earlier hold, which is released), as PUT /api/patient_sessions/:id holds one: answers the hold token for the move. The hold is the booking's, never counted toward the address's MAX_HOLDS_PER_ADDRESS; a booking holds at most MOVE_HOLDS_PER_BOOKING (2) times at once (429 holds_limit); 404 for a wrong link, 409 when the time is taken or the booking can no longer be changed online",
  params: moveHoldParams,
  response: holdResponseSchema,
});

export const moveManagedBooking = withSchemas(api.moveManagedBooking, {
  summary:
    'A patient moves their booking (X-Manage-Token) more than 48 hours before its start to a free future time of the same kind, age and price that they hold (X-Hold-Token from PUT /api/bookings/:reference/sessions/:id, or PUT /api/patient_sessions/:id): the old time is freed in the same transaction, and the new confirmation carries the calendar invite of the same UID with a higher SEQUENCE',
  params: appointmentReferenceParams,
  body: moveAppointmentRequestSchema,
  response: manageActionResponseSchema,
});

export const downloadOwnReceipt = withSchemas(api.downloadOwnReceipt, {
  summary:
    'A patient downloads the receipt of their booking (a PDF) with X-Manage-Token, also after the visit; 404 for a wrong token or an unknown reference, 409 receipt_not_paid when nothing was paid (online or at the clinic)',
  params: appointmentReferenceParams,
});

export const downloadOwnInvite = withSchemas(api.downloadOwnInvite, {
  summary:
    "A patient downloads their booking's current calendar invite (text/calendar) with X-Manage-Token or the booking's X-Booking-Token: the appointment's event (same UID, latest SEQUENCE; cancelled once cancelled) and, for an allergy test, the all-day event of the first day to stop antihistamines with an alarm at 09:00; 404 for a wrong token or an unknown reference",
  params: appointmentReferenceParams,
});

export const flagManagedBooking = withSchemas(api.flagManagedBooking, {
  summary:
    'A patient of an upcoming allergy test that has not started tells the clinic (X-Manage-Token) they could not stop their antihistamines or are unwell: `{ reason: "could_not_stop" | "unwell", message? }` (message up to 500 characters); a second flag replaces the first. Staff see it on the appointment and the dashboard; the clinic is e-mailed; afterwards POST /api/bookings/:reference/move is allowed inside the 48-hour notice, once (409 free_move_used after). 404 for a wrong link, 409 for a cancelled or past appointment or a video consultation, 422 for an unknown reason or a message too long',
  params: appointmentReferenceParams,
  body: flagRequestSchema,
  response: manageActionResponseSchema,
});

export const stopManagedTexts = withSchemas(api.stopManagedTexts, {
  summary:
    'The patient stops texts about their booking (X-Manage-Token): their consent to texts is withdrawn with its time, and texts still waiting are not sent; again, nothing changes. 404 for a wrong link',
  params: appointmentReferenceParams,
  response: manageActionResponseSchema,
});
