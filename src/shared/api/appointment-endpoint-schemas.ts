import {
  adminBookingRequestSchema,
  appointmentChangeResponseSchema,
  appointmentFilterSchema,
  appointmentIdParams,
  appointmentsQuerySchema,
  appointmentUpdateRequestSchema,
  deleteAppointmentQuerySchema,
  deskPaymentRequestSchema,
  flagDealtWithRequestSchema,
  refundRequestSchema,
  refundResponseSchema,
  staffAppointmentResponseSchema,
  staffAppointmentsResponseSchema,
  videoLinkRequestSchema,
} from '../appointments';
import { attendanceRequestSchema } from '../attendance';
import * as admin from './appointment-admin-endpoints';
import { withSchemas } from './endpoint-schemas';

const PATIENT_FILES = ['result', 'referral_letter', 'attachment'] as const;

export const listAppointments = withSchemas(admin.listAppointments, {
  summary:
    'Booking appointments, newest first, each with its payments read as one (status and method of the leading payment, the amounts added up, balance_due); is_video_call filters the kind, search_transaction searches the patient name, e-mail and phone; cancelled and refunded ones only with include_cancelled=true; bookings still being made by visitors (held, no payment tried) only with include_held=true (the read is audited)',
  query: appointmentsQuerySchema,
  response: staffAppointmentsResponseSchema,
});

export const exportAppointments = withSchemas(admin.exportAppointments, {
  summary:
    "Appointments.csv (UTF-8 with a BOM) of the list's filter, every page, streamed: the table's columns plus date, time, kind, e-mail, phone and amount in euro; formula-like cells made inert (the export is audited)",
  query: appointmentFilterSchema,
});

export const getAppointment = withSchemas(admin.getAppointment, {
  summary:
    'One booking appointment with its patient, their files (staff-only download addresses) and the e-mails sent about it with their delivery (the read is audited)',
  params: appointmentIdParams,
  response: staffAppointmentResponseSchema,
});

export const editAppointment = withSchemas(admin.editAppointment, {
  summary:
    "Edits the appointment's patient (multipart patient[...] as the create, plus patient[id]); files are replaced or removed (patient[remove_result] …); session[id] (or patient[session_id]) moves it to another free future time of the same kind and frees the old one",
  params: appointmentIdParams,
  body: appointmentUpdateRequestSchema,
  form: { envelope: 'patient', files: PATIENT_FILES },
  response: appointmentChangeResponseSchema,
});

export const deleteAppointment = withSchemas(admin.deleteAppointment, {
  summary:
    "Deletes (cancels) an appointment: it leaves the list, its time is offered again if it has not started and the patient is told; a paid one keeps its payment (refund it instead to give the money back). With status (the state staff saw), refused (409) if the appointment's state has changed since",
  params: appointmentIdParams,
  query: deleteAppointmentQuerySchema,
});

export const setAttendance = withSchemas(admin.setAttendance, {
  summary:
    'Marks what became of the patient: arrived (on the day of a booked or paid appointment; not_arrived undoes it the same day, back to booked or paid), or, after its start, attended or no_show (and back)',
  params: appointmentIdParams,
  body: attendanceRequestSchema,
  response: appointmentChangeResponseSchema,
});

export const createRefund = withSchemas(admin.createRefund, {
  summary:
    "Gives back money of an appointment (transaction_id: the appointment's id) whose payment succeeded, whatever became of it (booked, paid, arrived, attended, no-show, or cancelled with its payment kept). Each refund is of one payment: payment_id names it (422 on payment_id if it is not one of the appointment's with something left); without it, amount comes from the latest payment with that much left, and without either all that is left of every payment goes back, one refund a payment. amount (euro, number or text, at most two decimals, more than 0, at most what is left of the payment) gives back a part and leaves the appointment as it is; all that is left of a paid appointment's card payment refunds the appointment (its time freed if in the future). reason: staff's own, up to 500 characters. A card payment is refunded through its provider (the patient is e-mailed), money taken at the desk is handed back there (no provider call). Each refund is recorded (refund and refunds in the answer; refunds in the appointment's detail). 422 for an appointment without such a payment or an amount above what is left, 409 while another refund of it is under way",
  body: refundRequestSchema,
  response: refundResponseSchema,
});

export const createDeskPayment = withSchemas(admin.createDeskPayment, {
  summary:
    "Records money taken at the desk for an appointment staff booked (booked, attended or no-show) as one of its payments: amount (euro, more than 0, at most two decimals) and method (cash or card_terminal), taken now by the signed-in staff member. A patient may pay in parts, each its own payment: at most the appointment's price less what was paid, net of refunds (422 desk_payment_too_large on amount, saying how much is left); 422 for an appointment booked online or ended. It counts in the takings, the appointments list, the receipt and the CSVs; payment_type (how the patient was expected to pay) is left as it is",
  params: appointmentIdParams,
  body: deskPaymentRequestSchema,
  response: appointmentChangeResponseSchema,
});

export const createAdminBooking = withSchemas(admin.createAdminBooking, {
  summary:
    "Books a time for a patient (multipart patient[...]: the admin patient form, e-mail optional, session_id of an available time or one held by staff, result, referral_letter and attachment .doc/.docx/.pdf up to 10 MB); the appointment is 'Booked by admin'. Without patient_id the form makes a new patient. With patient_id (a patient in the records) the appointment is theirs and their details come from the record: the form's fields may be left out; names, date of birth and guardian sent must be the record's (or fill what it lacks); a new e-mail or phone updates the record, and so do GP, test reason and documents for a role that sees health details (a role that does not may only fill what the record lacks); each change audited. 422 on patient_id for a patient not in the records or erased (patient_not_found) or of the other age than the time (patient_other_kind); 422 patient_record_kept on a field the record keeps",
  body: adminBookingRequestSchema,
  form: { envelope: 'patient', files: PATIENT_FILES },
  response: appointmentChangeResponseSchema,
});

export const downloadReceipt = withSchemas(admin.downloadReceipt, {
  summary:
    'The receipt of a paid appointment, as a PDF insurers accept (receipt number, clinic, patient, visit, service, fee, paid, refunded, balance due, each payment with how and when, consultant); 409 receipt_not_paid when nothing was paid (online or at the desk)',
  params: appointmentIdParams,
});

export const setVideoLink = withSchemas(admin.setVideoLink, {
  summary:
    "Sets a video appointment's join link (`{ video_link }`: https only, up to 500 characters; empty or null removes it, and its consultant's standing link is used). The patient sees it on their booking page from 24 hours before and in the 2-day reminder, never in a calendar file. 422 for a link that is not https or too long, or an appointment that is not a video consultation",
  params: appointmentIdParams,
  body: videoLinkRequestSchema,
  response: appointmentChangeResponseSchema,
});

export const setFlagDealtWith = withSchemas(admin.setFlagDealtWith, {
  summary:
    "Marks the patient's flag (could not stop their antihistamines, unwell) dealt with, by the signed-in staff member, now (`{ flagged_at }`: the flag's time as it was read): the flag stays on the appointment with who dealt with it and when, and leaves the dashboard's to do; audited. 409 flag_not_open when it carries no open flag, flag_changed when the patient flagged it again since, appointment_not_changeable once it ended",
  params: appointmentIdParams,
  body: flagDealtWithRequestSchema,
  response: appointmentChangeResponseSchema,
});
