import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  createAdminBooking,
  createRefund,
  deleteAppointment,
  editAppointment,
  exportAppointments,
  getAppointment,
  listAppointments,
  setAttendance,
} from '../../../shared/api/appointment-admin-endpoints';
import { endpointUrl, type ResponseOf } from '../../../shared/api/endpoint';
import type { getAdminSlot, setSlotStatus } from '../../../shared/api/slot-admin-endpoints';
import type { listCalendarSlots, listFreeSlots } from '../../../shared/api/slot-endpoints';
import type { AppointmentStatus } from '../../../shared/appointments';
import type { TableParams } from '../../components/data-table/use-table-params';
import { calendarRange, selectDaysOfMonth } from '../../components/month-calendar/month-grid';
import { useAdminList, useAdminRecord, useSaveAdminRecord } from '../../lib/admin-resource';
import { apiRequest, buildUrl } from '../../lib/api-client';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { invalidateApiPaths } from '../../lib/invalidate-api-paths';

/**
 * The back office's appointment calls (spec section 7: the "transactions"), the slot an appointment is
 * booked into, and the public free times a moved appointment may go to. Every change refreshes the
 * appointments, the patients (their appointments), the dashboard (its days and takings), the slots of the back
 * office and the public calendar.
 */
const REFRESH_PATHS = [
  '/api/admin/transactions',
  '/api/admin/dashboard',
  '/api/admin/patients',
  '/api/admin/sessions',
  '/api/admin/calendar_slots',
  '/api/calendar_slots',
  '/api/patient_sessions',
];

const LIST_PATH: (typeof listAppointments)['path'] = '/api/admin/transactions';
const EXPORT_PATH: (typeof exportAppointments)['path'] = '/api/admin/export_transactions';
const RECORD_PATH: (typeof getAppointment)['path'] = '/api/admin/transactions/:id';

/** Which appointments a list (and its CSV) shows: the pathname's kind, the search and the filter. */
export interface AppointmentFilter {
  isVideoCall: boolean;
  search: string;
  includeCancelled: boolean;
}

const flag = (value: boolean): 'true' | 'false' => (value ? 'true' : 'false');

/** The list's and the CSV's filter as the API reads it (an empty search and `false` are left out). */
export function appointmentFilterQuery(filter: AppointmentFilter) {
  return {
    is_video_call: flag(filter.isVideoCall),
    search_transaction: filter.search || undefined,
    include_cancelled: filter.includeCancelled ? ('true' as const) : undefined,
  };
}

/** The address of Appointments.csv for the list's current search and filters (every page). */
export const appointmentsCsvUrl = (filter: AppointmentFilter) =>
  buildUrl(EXPORT_PATH, appointmentFilterQuery(filter));

/** A page of appointments, newest first; read again whenever it is shown (others book all day). */
export const useAppointments = (params: TableParams, filter: AppointmentFilter) =>
  useAdminList<typeof listAppointments>(
    LIST_PATH,
    { page: params.page, per_page: params.perPage, ...appointmentFilterQuery(filter) },
    { staleTime: 0 },
  );

/** One appointment with its patient, files and e-mails; nothing is asked without an id. */
export const useAppointment = (id: number | undefined) =>
  useAdminRecord<typeof getAppointment>(RECORD_PATH, id);

const asIs = (body: FormData) => body;

/**
 * Books a time for a patient (`POST /api/admin/patients`, no id) or saves an appointment's changes and its
 * move (`PUT /api/admin/transactions/:id`), from the form's multipart body (appointment-form-values.ts).
 */
export const useSaveAppointment = (id: number | undefined) =>
  useSaveAdminRecord<typeof createAdminBooking, typeof editAppointment, FormData>(
    { create: '/api/admin/patients', update: RECORD_PATH },
    id,
    asIs,
    REFRESH_PATHS,
  );

/** After a change: every list and calendar showing appointments or slots is read again. */
function useRefreshAppointments() {
  const queryClient = useQueryClient();
  return () => invalidateApiPaths(queryClient, REFRESH_PATHS);
}

/**
 * Deletes (cancels) an appointment. The appointment stays readable (cancelled), so its screen is refreshed,
 * not dropped from the cache as useDeleteAdminRecord does for records that are gone.
 */
export function useDeleteAppointment() {
  const refresh = useRefreshAppointments();
  const path: (typeof deleteAppointment)['path'] = RECORD_PATH;
  return useMutation({
    // The state staff saw goes along: the server refuses the delete if the appointment changed meanwhile.
    mutationFn: ({ id, status }: { id: number; status: AppointmentStatus }) =>
      apiRequest<void>(`${endpointUrl(path, { id })}?${new URLSearchParams({ status })}`, {
        method: 'DELETE',
      }),
    onSuccess: refresh,
  });
}

/** Refunds a paid appointment (`POST /api/admin/refunds`, transaction_id: the appointment's id). */
export function useRefundAppointment() {
  const refresh = useRefreshAppointments();
  const path: (typeof createRefund)['path'] = '/api/admin/refunds';
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<ResponseOf<typeof createRefund>>(path, { method: 'POST', json: { transaction_id: id } }),
    onSuccess: refresh,
  });
}

export type Attendance = 'attended' | 'no_show';

/** After its start: the patient came, or did not. */
export function useSetAttendance() {
  const refresh = useRefreshAppointments();
  const path: (typeof setAttendance)['path'] = '/api/admin/transactions/:id/attendance';
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: Attendance }) =>
      apiRequest<ResponseOf<typeof setAttendance>>(endpointUrl(path, { id }), {
        method: 'PUT',
        json: { status },
      }),
    onSuccess: refresh,
  });
}

const SESSION_PATH: (typeof getAdminSlot)['path'] = '/api/admin/sessions/:id';

/** The time an appointment is being booked into, whatever its status; read afresh each time. */
export const useAdminSlot = (id: number | undefined) =>
  useEndpointQuery<typeof getAdminSlot>(
    SESSION_PATH,
    { params: { id: id ?? 0 } },
    { enabled: id !== undefined, staleTime: 0 },
  );

/** Gives back a time held for booking on a patient's behalf (`status: available`). */
export function useReleaseSlot() {
  const refresh = useRefreshAppointments();
  const path: (typeof setSlotStatus)['path'] = SESSION_PATH;
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<ResponseOf<typeof setSlotStatus>>(endpointUrl(path, { id }), {
        method: 'PUT',
        json: { session: { status: 'available' } },
      }),
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
  useEndpointQuery<typeof listCalendarSlots>(
    '/api/calendar_slots',
    { query: { range_calendar: calendarRange(month), ...kindQuery(kind) } },
    { enabled, staleTime: 0, select: selectDaysOfMonth(month) },
  );

/** The free times of one clinic day (YYYY-MM-DD) and kind; nothing is asked without a day. */
export const useFreeTimes = (kind: SlotKind, date: string | undefined) =>
  useEndpointQuery<typeof listFreeSlots>(
    '/api/patient_sessions',
    { query: { date: date ?? '', ...kindQuery(kind), page: 1, per_page: 100 } },
    { enabled: date !== undefined, staleTime: 0 },
  );
