import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createAdminBooking,
  createDeskPayment,
  createRefund,
  deleteAppointment,
  downloadReceipt,
  editAppointment,
  exportAppointments,
  getAppointment,
  listAppointments,
  setAttendance,
  setFlagDealtWith,
  setVideoLink,
} from '../../../shared/api/appointment-admin-endpoints';
import { getCalendar } from '../../../shared/api/calendar-admin-endpoints';
import { exportDeskDay, getDashboard, getDeskDay } from '../../../shared/api/dashboard-admin-endpoints';
import { getAdminPatient, listAdminPatients } from '../../../shared/api/patient-admin-endpoints';
import {
  getAdminSlot,
  listAdminCalendarSlots,
  listAdminSlots,
} from '../../../shared/api/slot-admin-endpoints';
import { listCalendarSlots, listFreeSlots } from '../../../shared/api/slot-endpoints';
import { getTakings } from '../../../shared/api/takings-admin-endpoints';
import type { AppointmentStatus } from '../../../shared/appointment-states';
import type { AttendanceMark } from '../../../shared/attendance';
import type { DeskPlace } from '../../../shared/desk-day';
import { patientTexts } from '../../../shared/patients';
import type { DeskPaymentMethod } from '../../../shared/payment-states';
import type { TableParams } from '../../components/data-table/use-table-params';
import { calendarRange, selectDaysOfMonth } from '../../components/month-calendar/month-grid';
import { carriesHealthDetails } from '../../components/patient-details/patient-labels';
import { useAdminList, useAdminRecord, useSaveAdminRecord } from '../../lib/admin-resource';
import { callEndpoint, endpointAddress } from '../../lib/api-client';
import { useEndpointList, useEndpointQuery } from '../../lib/endpoint-query';
import { invalidateEndpoints } from '../../lib/invalidate-endpoints';
import { queryKeyOf } from '../../lib/query-client';
import { holdForPatient, releaseStaffHold } from '../../lib/staff-hold-mark';
import { appointmentBody, appointmentFormDefaults } from './appointment-form-values';

/**
 * The back office's appointment calls (spec section 7: the "transactions"), the slot an appointment is
 * booked into, and the public free times a moved appointment may go to. Every change refreshes the
 * appointments, the patients (their appointments), the dashboard (its days and takings), the takings, the slots of
 * the back office and the public calendar.
 */
const REFRESH = [
  listAppointments,
  getCalendar,
  getDashboard,
  getDeskDay,
  getTakings,
  listAdminPatients,
  listAdminSlots,
  listAdminCalendarSlots,
  listCalendarSlots,
  listFreeSlots,
];

/** Which appointments a list (and its CSV) shows: the pathname's kind, the search and the filter. */
export interface AppointmentFilter {
  isVideoCall: boolean;
  search: string;
  includeCancelled: boolean;
  /** Also the visitors' bookings still being made (held, not paid). */
  includeHeld: boolean;
}

const flag = (value: boolean): 'true' | 'false' => (value ? 'true' : 'false');

/** The list's and the CSV's filter as the API reads it (an empty search and `false` are left out). */
function appointmentFilterQuery(filter: AppointmentFilter) {
  return {
    is_video_call: flag(filter.isVideoCall),
    search_transaction: filter.search || undefined,
    include_cancelled: filter.includeCancelled ? ('true' as const) : undefined,
    include_held: filter.includeHeld ? ('true' as const) : undefined,
  };
}

/** The address of Appointments.csv for the list's current search and filters (every page). */
export const appointmentsCsvUrl = (filter: AppointmentFilter) =>
  endpointAddress(exportAppointments, { query: appointmentFilterQuery(filter) });

/** A page of appointments, newest first; read again whenever it is shown (others book all day). */
export const useAppointments = (params: TableParams, filter: AppointmentFilter) =>
  useAdminList(
    listAppointments,
    { page: params.page, per_page: params.perPage, ...appointmentFilterQuery(filter) },
    { staleTime: 0 },
  );

/** Which day the desk shows: a clinic day (YYYY-MM-DD) and maybe one place. */
export interface DeskDayChoice {
  day: string;
  place: DeskPlace | undefined;
}

/** The API's query of a desk day: DD/MM/YYYY, and the place when one is chosen. */
const deskDayQuery = ({ day, place }: DeskDayChoice) => ({
  date: day.split('-').reverse().join('/'),
  ...(place ? { location: place } : {}),
});

/** The desk's day; read again whenever it is shown and when staff come back to the tab (patients arrive). */
export const useDeskDay = (choice: DeskDayChoice) =>
  useEndpointQuery(
    getDeskDay,
    { query: deskDayQuery(choice) },
    { staleTime: 0, refetchOnWindowFocus: true, placeholderData: (previous) => previous },
  );

/** The cache key of a desk day's read, to show a mark at once. */
export const deskDayKey = (choice: DeskDayChoice) => queryKeyOf(getDeskDay, { query: deskDayQuery(choice) });

/** The address of the desk day's CSV. */
export const deskDayCsvUrl = (choice: DeskDayChoice) =>
  endpointAddress(exportDeskDay, { query: deskDayQuery(choice) });

/** One appointment with its patient, files and e-mails; nothing is asked without an id. */
export const useAppointment = (id: number | undefined) => useAdminRecord(getAppointment, id);

/** How many patients a booking's search shows: the newest first; more letters narrow it. */
export const PATIENT_CHOICES = 8;

/**
 * The patients whose name, e-mail or phone hold `search` (accents, apostrophes and a phone's spacing aside: the
 * patients list's own search), for a booking to pick one; nothing is asked for fewer than two characters. The read
 * is audited by the server, as the list's is.
 */
export const usePatientSearch = (search: string) =>
  useEndpointQuery(
    listAdminPatients,
    { query: { search_transaction: search, per_page: PATIENT_CHOICES } },
    { enabled: search.length >= 2, staleTime: 0, placeholderData: keepPreviousData },
  );

/** The patient a booking is for, as their record is now (their details; health details if the role sees them). */
export const useRecordedPatient = (id: number) => useAdminRecord(getAdminPatient, id);

const asIs = (body: FormData) => body;

/**
 * Books a time for a patient (`createAdminBooking`, no id) or saves an appointment's changes and its move
 * (`editAppointment`), from the form's multipart body (appointment-form-values.ts).
 */
export const useSaveAppointment = (id: number | undefined) =>
  useSaveAdminRecord({ create: createAdminBooking, update: editAppointment }, id, asIs, REFRESH);

/** After a change: every list and calendar showing appointments or slots is read again. */
function useRefreshAppointments() {
  const queryClient = useQueryClient();
  return () => invalidateEndpoints(queryClient, REFRESH);
}

/**
 * Deletes (cancels) an appointment. The appointment stays readable (cancelled), so its screen is refreshed,
 * not dropped from the cache as useDeleteAdminRecord does for records that are gone.
 */
export function useDeleteAppointment() {
  const refresh = useRefreshAppointments();
  return useMutation({
    // The state staff saw goes along: the server refuses the delete if the appointment changed meanwhile.
    mutationFn: ({ id, status }: { id: number; status: AppointmentStatus }) =>
      callEndpoint(deleteAppointment, { params: { id }, query: { status } }),
    onSuccess: refresh,
  });
}

/**
 * A refund to ask for: the appointment's id, which of its payments (none: all that is left of each), and a part in
 * euro ('20.50'; none: all that is left) with a reason.
 */
export interface RefundAsked {
  id: number;
  paymentId?: number;
  amount?: string;
  reason?: string;
}

/** Gives back an appointment's payment (`createRefund`, transaction_id: the appointment's id). */
export function useRefundAppointment() {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: ({ id, paymentId, amount, reason }: RefundAsked) =>
      callEndpoint(createRefund, {
        json: {
          transaction_id: id,
          ...(paymentId === undefined ? {} : { payment_id: paymentId }),
          ...(amount === undefined ? {} : { amount }),
          ...(reason ? { reason } : {}),
        },
      }),
    onSuccess: refresh,
  });
}

/** Records money taken at the desk (`createDeskPayment`): euro as typed ('180', '85.50') and how. */
export function useRecordDeskPayment() {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: ({ id, amount, method }: { id: number; amount: string; method: DeskPaymentMethod }) =>
      callEndpoint(createDeskPayment, { params: { id }, json: { amount, method } }),
    onSuccess: refresh,
  });
}

export type Attendance = AttendanceMark;

/** After its start: the patient came, or did not. */
export function useSetAttendance() {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: Attendance }) =>
      callEndpoint(setAttendance, { params: { id }, json: { status } }),
    onSuccess: refresh,
  });
}

/** Sets (a link) or removes (empty) a video appointment's join link. */
export function useSetVideoLink() {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: ({ id, link }: { id: number; link: string }) =>
      callEndpoint(setVideoLink, { params: { id }, json: { video_link: link } }),
    onSuccess: refresh,
  });
}

/** Marks the patient's flag dealt with: the one staff read (`flaggedAt`), refused if the patient sent another since. */
export function useSetFlagDealtWith() {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: ({ id, flaggedAt }: { id: number; flaggedAt: string }) =>
      callEndpoint(setFlagDealtWith, { params: { id }, json: { flagged_at: flaggedAt } }),
    onSettled: refresh,
  });
}

/** The time an appointment is being booked into, whatever its status; read afresh each time. */
export const useAdminSlot = (id: number | undefined) =>
  useEndpointQuery(getAdminSlot, { params: { id: id ?? 0 } }, { enabled: id !== undefined, staleTime: 0 });

/** Gives back a time held for booking on a patient's behalf (`status: available`). */
export function useReleaseSlot() {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: releaseStaffHold,
    onSettled: refresh,
  });
}

/** The kind of time an appointment may move to: its own. */
export interface SlotKind {
  isVideoCall: boolean;
  isAdult: boolean;
}

const kindQuery = (kind: SlotKind) => ({
  is_adult: flag(kind.isAdult),
  is_video_call: flag(kind.isVideoCall),
});

/** The days of `month` (YYYY-MM) with free future times of the kind (the public calendar's call). */
export const useFreeDays = (kind: SlotKind, month: string, enabled: boolean) =>
  useEndpointQuery(
    listCalendarSlots,
    { query: { range_calendar: calendarRange(month), ...kindQuery(kind) } },
    { enabled, staleTime: 0, select: selectDaysOfMonth(month) },
  );

/** The free times of one clinic day (YYYY-MM-DD) and kind; nothing is asked without a day. */
export const useFreeTimes = (kind: SlotKind, date: string | undefined) =>
  useEndpointQuery(
    listFreeSlots,
    { query: { date: date ?? '', ...kindQuery(kind), page: 1, per_page: 100 } },
    { enabled: date !== undefined, staleTime: 0 },
  );

/** The calendar of the clinic days `from` to `to` (YYYY-MM-DD); read again whenever it is shown (others book all day). */
export const useCalendar = (from: string, to: string) =>
  useEndpointList(getCalendar, { query: { from, to } }, { staleTime: 0 });

/** Holds a free time for staff (`status: pending`), before its new-appointment screen opens. */
export function useHoldSlot() {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: holdForPatient,
    onSettled: refresh,
  });
}

/**
 * Moves an appointment to another free time from the calendar: the appointment screen's own save with only its time
 * changed (`PUT /api/admin/transactions/:id`, the patient's details as they are stored now, read just before), so
 * the move is the one `reschedule` (one e-mail, the calendar event updated, reminders following the new time).
 */
export function useMoveAppointment() {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: async ({ id, slotId }: { id: number; slotId: number }) => {
      const { transaction } = await callEndpoint(getAppointment, { params: { id } });
      const { patient, session } = transaction;
      if (!patient || !session) throw new Error(patientTexts.erased);
      const initial = appointmentFormDefaults(transaction);
      const slot = {
        slotId: session.id,
        isAdult: session.is_adult,
        isVideoCall: session.is_video_call,
        withoutHealth: !carriesHealthDetails(patient),
      };
      const newTime = { id: slotId, date: '', start_time: '', end_time: '', address: null };
      const body = appointmentBody({ ...initial, new_time: newTime }, slot, {
        patientId: patient.id,
        initial,
      });
      return callEndpoint(editAppointment, { params: { id }, formData: body });
    },
    // Not awaited: the move is done once saved, and its confirmation closes then, whatever the lists' reads take.
    onSettled: () => {
      void refresh();
    },
  });
}
/** The address of an appointment's receipt (a PDF staff download with their token). */
export const receiptUrl = (id: number) => endpointAddress(downloadReceipt, { params: { id } });
