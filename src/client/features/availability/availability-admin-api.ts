import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyInput } from '../../../shared/api/endpoint';
import {
  createClosure,
  deleteClosure,
  deleteSlot,
  listAdminCalendarSlots,
  listAdminSlots,
  listClosures,
  saveSlotChanges,
} from '../../../shared/api/slot-admin-endpoints';
import { listCalendarSlots, listFreeSlots } from '../../../shared/api/slot-endpoints';
import { calendarRange, selectDaysOfMonth } from '../../components/month-calendar/month-grid';
import { callEndpoint } from '../../lib/api-client';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { invalidateEndpoints } from '../../lib/invalidate-endpoints';
import { kindQuery, type SlotKind } from '../../lib/slot-kind';
import { holdForPatient, releaseStaffHold } from '../../lib/staff-hold-mark';

/** A change of slots refreshes the back office's calendar and day, and the public booking calendar. */
const REFRESH = [listAdminSlots, listAdminCalendarSlots, listCalendarSlots, listFreeSlots];
/** A closure added or deleted changes slots, and the closures' list with its affected appointments. */
const REFRESH_CLOSURES = [...REFRESH, listClosures];

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
    mutationFn: holdForPatient,
    onSettled: () => invalidateEndpoints(queryClient, REFRESH),
  });
}

/**
 * Gives back a time staff held to book for a patient and left (a closed tab holds it until the hold lapses); the
 * day is read again either way.
 */
export function useReleaseStaffHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseStaffHold,
    onSettled: () => invalidateEndpoints(queryClient, REFRESH),
  });
}

/** The closures of the clinic, those not ended first; read afresh each time they are shown. */
export const useClosures = (page: number) =>
  useEndpointQuery(listClosures, { query: { page } }, { staleTime: 0 });

export type ClosureBody = BodyInput<typeof createClosure>;

/** Adds a closure: its free slots are withdrawn, its booked appointments answered (`affected`). */
export function useCreateClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClosureBody) => callEndpoint(createClosure, { json: body }),
    onSuccess: () => invalidateEndpoints(queryClient, REFRESH_CLOSURES),
  });
}

/** Deletes a closure: its withdrawn slots are offered again. The list is read again either way. */
export function useDeleteClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(deleteClosure, { params: { id } }),
    onSettled: () => invalidateEndpoints(queryClient, REFRESH_CLOSURES),
  });
}
