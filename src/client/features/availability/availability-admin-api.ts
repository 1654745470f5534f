import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BodyInput, endpointUrl, type ResponseOf } from '../../../shared/api/endpoint';
import type {
  deleteSlot,
  listAdminCalendarSlots,
  listAdminSlots,
  saveSlotChanges,
  setSlotStatus,
} from '../../../shared/api/slot-admin-endpoints';
import { calendarRange, selectDaysOfMonth } from '../../components/month-calendar/month-grid';
import { apiRequest } from '../../lib/api-client';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { invalidateApiPaths } from '../../lib/invalidate-api-paths';
import { kindQuery, type SlotKind } from '../../lib/slot-kind';

/** A change of slots refreshes the back office's calendar and day, and the public booking calendar. */
const REFRESH_PATHS = [
  '/api/admin/sessions',
  '/api/admin/calendar_slots',
  '/api/calendar_slots',
  '/api/patient_sessions',
];

/** The days of `month` (YYYY-MM) that have slots of the kind, whatever their status: bold in the calendar. */
export const useAdminCalendarDays = (kind: SlotKind, month: string) =>
  useEndpointQuery<typeof listAdminCalendarSlots>(
    '/api/admin/calendar_slots',
    { query: { range_calendar: calendarRange(month), ...kindQuery(kind) } },
    { staleTime: 0, select: selectDaysOfMonth(month) },
  );

/** The slots of one clinic day (YYYY-MM-DD) and kind; nothing is asked without a day. */
export const useAdminDaySessions = (kind: SlotKind, date: string | undefined) =>
  useEndpointQuery<typeof listAdminSlots>(
    '/api/admin/sessions',
    { query: { date: date ?? '', ...kindQuery(kind) } },
    { enabled: date !== undefined, staleTime: 0 },
  );

export type SaveSessionsBody = BodyInput<typeof saveSlotChanges>;

/** The slot editor's save: new and changed slots in one call, all or none. */
export function useSaveSlots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSessionsBody) =>
      apiRequest<ResponseOf<typeof saveSlotChanges>>(
        '/api/admin/sessions' satisfies (typeof saveSlotChanges)['path'],
        {
          method: 'POST',
          json: body,
        },
      ),
    onSuccess: () => invalidateApiPaths(queryClient, REFRESH_PATHS),
  });
}

/**
 * Deletes an available slot; a booked one is refused (422) with the spec's text. Either way the day is
 * read again: a refusal means the slot is no longer what the screen shows.
 */
export function useDeleteSlot() {
  const queryClient = useQueryClient();
  const path: (typeof deleteSlot)['path'] = '/api/admin/sessions/:id';
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(endpointUrl(path, { id }), { method: 'DELETE' }),
    onSettled: () => invalidateApiPaths(queryClient, REFRESH_PATHS),
  });
}

/**
 * Holds an available future slot while staff book it for a patient (spec 4: `pending`); the appointment create
 * screen books it or gives it back. Either way the day is read again: a refusal means someone took it.
 */
export function useHoldSlotForPatient() {
  const queryClient = useQueryClient();
  const path: (typeof setSlotStatus)['path'] = '/api/admin/sessions/:id';
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<ResponseOf<typeof setSlotStatus>>(endpointUrl(path, { id }), {
        method: 'PUT',
        json: { session: { status: 'pending' } },
      }),
    onSettled: () => invalidateApiPaths(queryClient, REFRESH_PATHS),
  });
}
