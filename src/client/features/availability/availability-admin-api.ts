import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyInput } from '../../../shared/api/endpoint';
import {
  deleteSlot,
  listAdminCalendarSlots,
  listAdminSlots,
  saveSlotChanges,
  setSlotStatus,
} from '../../../shared/api/slot-admin-endpoints';
import { listCalendarSlots, listFreeSlots } from '../../../shared/api/slot-endpoints';
import { calendarRange, selectDaysOfMonth } from '../../components/month-calendar/month-grid';
import { callEndpoint } from '../../lib/api-client';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { invalidateEndpoints } from '../../lib/invalidate-endpoints';
import { kindQuery, type SlotKind } from '../../lib/slot-kind';

/** A change of slots refreshes the back office's calendar and day, and the public booking calendar. */
const REFRESH = [listAdminSlots, listAdminCalendarSlots, listCalendarSlots, listFreeSlots];

/** The days of `month` (YYYY-MM) that have slots of the kind, whatever their status: bold in the calendar. */
export const useAdminCalendarDays = (kind: SlotKind, month: string) =>
  useEndpointQuery(
    listAdminCalendarSlots,
    { query: { range_calendar: calendarRange(month), ...kindQuery(kind) } },
    { staleTime: 0, select: selectDaysOfMonth(month) },
  );

/** The slots of one clinic day (YYYY-MM-DD) and kind; nothing is asked without a day. */
export const useAdminDaySlots = (kind: SlotKind, date: string | undefined) =>
  useEndpointQuery(
    listAdminSlots,
    { query: { date: date ?? '', ...kindQuery(kind) } },
    { enabled: date !== undefined, staleTime: 0 },
  );

export type SaveSlotsBody = BodyInput<typeof saveSlotChanges>;

/** The slot editor's save: new and changed slots in one call, all or none. */
export function useSaveSlots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSlotsBody) => callEndpoint(saveSlotChanges, { json: body }),
    onSuccess: () => invalidateEndpoints(queryClient, REFRESH),
  });
}

/**
 * Deletes an available slot; a booked one is refused (422) with the spec's text. Either way the day is
 * read again: a refusal means the slot is no longer what the screen shows.
 */
export function useDeleteSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(deleteSlot, { params: { id } }),
    onSettled: () => invalidateEndpoints(queryClient, REFRESH),
  });
}

/**
 * Holds an available future slot while staff book it for a patient (spec 4: `pending`); the appointment create
 * screen books it or gives it back. Either way the day is read again: a refusal means someone took it.
 */
export function useHoldSlotForPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callEndpoint(setSlotStatus, { params: { id }, json: { session: { status: 'pending' } } }),
    onSettled: () => invalidateEndpoints(queryClient, REFRESH),
  });
}
