import { listCalendarSlots } from '../../shared/api/slot-endpoints';
import { calendarRange } from '../components/month-calendar/month-grid';
import { endpointQueryKey } from './query-client';
import { kindQuery, type SlotKind } from './slot-kind';

// The public calendar's read, by itself so the booking page can start it before the calendar's code has
// arrived (lib/free-slots-api.ts reads it through the same key).

/** Live data: the free days are read again after this long. */
export const CALENDAR_STALE_MS = 15_000;

/** The calendar call's query for a kind's month (YYYY-MM). */
export const calendarQuery = (kind: SlotKind, month: string) => ({
  range_calendar: calendarRange(month),
  ...kindQuery(kind),
});

/** Its cache key. */
export const calendarQueryKey = (kind: SlotKind, month: string) =>
  endpointQueryKey(listCalendarSlots, { query: calendarQuery(kind, month) });
