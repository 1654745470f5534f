import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { holdSlot, listCalendarSlots, listFreeSlots } from '../../shared/api/slot-endpoints';
import { addMonths, selectDaysOfMonth } from '../components/month-calendar/month-grid';
import { callEndpoint } from './api-client';
import { requestHold } from './booking-hold';
import { CALENDAR_STALE_MS, calendarQuery } from './calendar-query';
import { useEndpointQuery } from './endpoint-query';
import { invalidateEndpoints } from './invalidate-endpoints';
import { kindQuery, type SlotKind } from './slot-kind';

/** The public booking calls. Live data: read in the browser, short-lived in the cache. */
const LIVE_MS = CALENDAR_STALE_MS;
/** How many months after an empty one the page looks for the next free day. */
const NEXT_AVAILABLE_MONTHS = 4;

/** The days of `month` with available future slots of the kind. */
export const useCalendarDays = (kind: SlotKind, month: string | undefined) =>
  useEndpointQuery(
    listCalendarSlots,
    { query: calendarQuery(kind, month ?? '2000-01') },
    { enabled: month !== undefined, staleTime: LIVE_MS, select: selectDaysOfMonth(month ?? '2000-01') },
  );

/**
 * When `month` has no free day: the first free day of the following months (up to NEXT_AVAILABLE_MONTHS),
 * asked month by month, so nobody pages through empty months; null when none is found.
 */
export function useNextAvailableDay(kind: SlotKind, month: string, enabled: boolean) {
  return useQuery({
    queryKey: [listCalendarSlots.path, { next_after: month, ...kindQuery(kind) }],
    enabled,
    staleTime: LIVE_MS,
    queryFn: async ({ signal }) => {
      for (let step = 1; step <= NEXT_AVAILABLE_MONTHS; step += 1) {
        const query = calendarQuery(kind, addMonths(month, step));
        const { days } = await callEndpoint(listCalendarSlots, { query, signal });
        if (days[0]) return days[0];
      }
      return null;
    },
  });
}

/**
 * The first free day of the kind on or after `from` (a clinic day), looked for from its month on, month by month
 * (up to NEXT_AVAILABLE_MONTHS after it), so a picker opens on a month that has one; null when none is found.
 */
export function useFirstFreeDay(kind: SlotKind, from: string) {
  return useQuery({
    queryKey: [listCalendarSlots.path, { first_from: from, ...kindQuery(kind) }],
    staleTime: LIVE_MS,
    queryFn: ({ signal }) =>
      firstFreeDayFrom(from, async (month) => {
        const { days } = await callEndpoint(listCalendarSlots, { query: calendarQuery(kind, month), signal });
        return days;
      }),
  });
}

/**
 * The first free day on or after `from`, asking `freeDaysOf` month by month from `from`'s month (up to
 * NEXT_AVAILABLE_MONTHS after it); null when none.
 */
export async function firstFreeDayFrom(
  from: string,
  freeDaysOf: (month: string) => Promise<readonly string[]>,
): Promise<string | null> {
  for (let step = 0; step <= NEXT_AVAILABLE_MONTHS; step += 1) {
    const days = await freeDaysOf(addMonths(from.slice(0, 7), step));
    const day = days.find((free) => free >= from);
    if (day) return day;
  }
  return null;
}

/**
 * The free slots of one day; with the visitor's hold token, their own held slot too (`held_by_you`).
 * The token is sent as a header, never in the URL; the cache key names only the held slot's id.
 */
export function useDaySlots(
  kind: SlotKind,
  date: string | undefined,
  hold: { token: string; slotId: number } | undefined,
) {
  const query = { date: date ?? '', ...kindQuery(kind), page: 1, per_page: 100 };
  return useQuery({
    queryKey: [listFreeSlots.path, { ...query, held: hold?.slotId ?? 0 }],
    enabled: date !== undefined,
    staleTime: LIVE_MS,
    queryFn: ({ signal }) =>
      callEndpoint(listFreeSlots, { query, signal, headers: { holdToken: hold?.token } }),
  });
}

/** The free days and times are read again: a time was held, let go, booked or given back. */
export const refreshFreeSlots = (queryClient: QueryClient) =>
  invalidateEndpoints(queryClient, [listCalendarSlots, listFreeSlots]);

/**
 * Holds a slot; the previous hold's token lets the server release that one in the same step. The answer's
 * `hold_expires_at` is put on this browser's clock.
 */
export function useHoldSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, previousToken }: { id: number; previousToken?: string }) =>
      requestHold(holdSlot, { id, token: previousToken }),
    onSettled: () => refreshFreeSlots(queryClient),
  });
}
