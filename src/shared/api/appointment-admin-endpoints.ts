import type {
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
import type { attendanceRequestSchema } from '../attendance';
import { defineEndpoint } from './endpoint';

// Back office: the appointments staff run their day from (spec sections 2.6, 4 and 7). The spec's paths call an
// appointment a "transaction" (its payment) and its slot a "session"; ids are the appointments'.

export const listAppointments = defineEndpoint<{
  query: typeof appointmentsQuerySchema;
  response: typeof staffAppointmentsResponseSchema;
}>()({ method: 'GET', path: '/api/admin/transactions', access: 'admin', permission: 'appointments_read' });

/** Appointments.csv of the list's filter, streamed. */
export const exportAppointments = defineEndpoint<{ query: typeof appointmentFilterSchema }>()({
  method: 'GET',
  path: '/api/admin/export_transactions',
  access: 'admin',
  permission: 'appointments_export',
});

export const getAppointment = defineEndpoint<{
  params: typeof appointmentIdParams;
  response: typeof staffAppointmentResponseSchema;
}>()({
  method: 'GET',
  path: '/api/admin/transactions/:id',
  access: 'admin',
  permission: 'appointments_read',
});

/** Edits the appointment's patient and may move it to another time. */
export const editAppointment = defineEndpoint<{
  params: typeof appointmentIdParams;
  body: typeof appointmentUpdateRequestSchema;
  response: typeof appointmentChangeResponseSchema;
}>()({
  method: 'PUT',
  path: '/api/admin/transactions/:id',
  access: 'admin',
  permission: 'appointments_write',
});

/** Deletes (cancels) an appointment. */
export const deleteAppointment = defineEndpoint<{
  params: typeof appointmentIdParams;
  query: typeof deleteAppointmentQuerySchema;
}>()({
  method: 'DELETE',
  path: '/api/admin/transactions/:id',
  access: 'admin',
  permission: 'appointments_write',
  status: 204,
});

export const setAttendance = defineEndpoint<{
  params: typeof appointmentIdParams;
  body: typeof attendanceRequestSchema;
  response: typeof appointmentChangeResponseSchema;
}>()({
  method: 'PUT',
  path: '/api/admin/transactions/:id/attendance',
  access: 'admin',
  permission: 'appointments_write',
});

/** Gives back an appointment's money: a payment (`payment_id`) or all of them, all that is left or a part (`amount`). */
export const createRefund = defineEndpoint<{
  body: typeof refundRequestSchema;
  response: typeof refundResponseSchema;
}>()({ method: 'POST', path: '/api/admin/refunds', access: 'admin', permission: 'refunds' });

/** Records money taken at the desk (cash, the card terminal) as the payment of an appointment staff booked. */
export const createDeskPayment = defineEndpoint<{
  params: typeof appointmentIdParams;
  body: typeof deskPaymentRequestSchema;
  response: typeof appointmentChangeResponseSchema;
}>()({
  method: 'POST',
  path: '/api/admin/transactions/:id/desk_payments',
  access: 'admin',
  permission: 'desk_payments',
  status: 201,
});

/** Books a time for a patient: staff's booking, with the patient's details. */
export const createAdminBooking = defineEndpoint<{
  body: typeof adminBookingRequestSchema;
  response: typeof appointmentChangeResponseSchema;
}>()({
  method: 'POST',
  path: '/api/admin/patients',
  access: 'admin',
  permission: 'appointments_write',
  status: 201,
});

/** The appointment's receipt (a PDF, `receipt-2026-000123.pdf`): numbered the first time one is made. */
export const downloadReceipt = defineEndpoint<{ params: typeof appointmentIdParams }>()({
  method: 'GET',
  path: '/api/admin/transactions/:id/receipt',
  access: 'admin',
  permission: 'appointments_read',
});

/** Sets (or removes) a video appointment's join link; without one, its consultant's standing link is used. */
export const setVideoLink = defineEndpoint<{
  params: typeof appointmentIdParams;
  body: typeof videoLinkRequestSchema;
  response: typeof appointmentChangeResponseSchema;
}>()({
  method: 'PUT',
  path: '/api/admin/transactions/:id/video_link',
  access: 'admin',
  permission: 'appointments_write',
});

/** Marks the patient's flag (could not stop, unwell) dealt with: it leaves the dashboard's to do, the flag kept. */
export const setFlagDealtWith = defineEndpoint<{
  params: typeof appointmentIdParams;
  body: typeof flagDealtWithRequestSchema;
  response: typeof appointmentChangeResponseSchema;
}>()({
  method: 'POST',
  path: '/api/admin/transactions/:id/flag_dealt_with',
  access: 'admin',
  permission: 'appointments_write',
});
