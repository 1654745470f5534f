import {
  adminBookingRequestSchema,
  adminBookingResponseSchema,
  appointmentChangeResponseSchema,
  appointmentFilterSchema,
  appointmentUpdateRequestSchema,
  attendanceRequestSchema,
  deleteTransactionQuerySchema,
  refundRequestSchema,
  refundResponseSchema,
  transactionIdParams,
  transactionResponseSchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
} from '../appointments';
import { defineEndpoint } from './endpoint';

// Back office: the appointments staff run their day from (spec sections 2.6, 4 and 7). The spec calls an
// appointment a "transaction" (its payment) and its slot a "session"; ids are the appointments'.

const PATIENT_FILES = ['result', 'referral_letter', 'attachment'] as const;

export const listTransactions = defineEndpoint({
  method: 'GET',
  path: '/api/admin/transactions',
  summary:
    'Booking appointments, newest first, each with its latest payment; is_video_call filters the kind, search_transaction searches the patient name, e-mail and phone; cancelled and refunded ones only with include_cancelled=true (the read is audited)',
  access: 'admin',
  query: transactionsQuerySchema,
  response: transactionsResponseSchema,
});

export const exportTransactions = defineEndpoint({
  method: 'GET',
  path: '/api/admin/export_transactions',
  summary:
    "Appointments.csv (UTF-8 with a BOM) of the list's filter, every page, streamed: the table's columns plus date, time, kind, e-mail, phone and amount in euro; formula-like cells made inert (the export is audited)",
  access: 'admin',
  query: appointmentFilterSchema,
});

export const getTransaction = defineEndpoint({
  method: 'GET',
  path: '/api/admin/transactions/:id',
  summary:
    'One booking appointment with its patient, their files (staff-only download addresses) and the e-mails sent about it with their delivery (the read is audited)',
  access: 'admin',
  params: transactionIdParams,
  response: transactionResponseSchema,
});

export const updateTransaction = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/transactions/:id',
  summary:
    "Edits the appointment's patient (multipart patient[...] as the create, plus patient[id]); files are replaced or removed (patient[remove_result] …); session[id] (or patient[session_id]) moves it to another free future time of the same kind and frees the old one",
  access: 'admin',
  params: transactionIdParams,
  body: appointmentUpdateRequestSchema,
  form: { envelope: 'patient', files: PATIENT_FILES },
  response: appointmentChangeResponseSchema,
});

export const deleteTransaction = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/transactions/:id',
  summary:
    "Deletes (cancels) an appointment: it leaves the list, its time is offered again if it has not started and the patient is told; a paid one keeps its payment (refund it instead to give the money back). With status (the state staff saw), refused (409) if the appointment's state has changed since",
  access: 'admin',
  params: transactionIdParams,
  query: deleteTransactionQuerySchema,
  status: 204,
});

export const setAttendance = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/transactions/:id/attendance',
  summary: 'After its start, marks a booked or paid appointment attended or no_show (and back)',
  access: 'admin',
  params: transactionIdParams,
  body: attendanceRequestSchema,
  response: appointmentChangeResponseSchema,
});

export const createRefund = defineEndpoint({
  method: 'POST',
  path: '/api/admin/refunds',
  summary:
    "Refunds a paid appointment (transaction_id: the appointment's id) through its provider, records it, frees the slot if it is in the future and e-mails the patient; 422 for any other state, 409 while another refund of it is under way",
  access: 'admin',
  body: refundRequestSchema,
  response: refundResponseSchema,
});

export const createAdminBooking = defineEndpoint({
  method: 'POST',
  path: '/api/admin/patients',
  summary:
    "Books a time for a patient (multipart patient[...]: the admin patient form, e-mail optional, session_id of an available time or one held by staff, result, referral_letter and attachment .doc/.docx/.pdf up to 10 MB); the appointment is 'Booked by admin'",
  access: 'admin',
  body: adminBookingRequestSchema,
  form: { envelope: 'patient', files: PATIENT_FILES },
  status: 201,
  response: adminBookingResponseSchema,
});
