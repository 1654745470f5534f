import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { monthOf } from '../../components/month-calendar/month-grid';

export interface AvailabilityParams {
  isVideoCall?: boolean;
  isAdult?: boolean;
  /** YYYY-MM; undefined for the current month. */
  month?: string;
  /** YYYY-MM-DD, the open day. */
  day?: string;
}

const MONTH = /^2\d{3}-(0[1-9]|1[0-2])$/;
const DAY = /^2\d{3}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const flag = (raw: string | null, yes: string, no: string) =>
  raw === yes ? true : raw === no ? false : undefined;

/**
 * The availability screen's choices kept in the URL (`?type=video&age=child&month=2026-12&day=2026-12-08`),
 * so a reload, a shared link or the back button returns to the same calendar and day. Unknown values are
 * ignored. Choosing another type or age closes the open day; another month keeps it only if it is in it.
 */
export function useAvailabilityParams(): [AvailabilityParams, (changes: AvailabilityParams) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const type = searchParams.get('type');
  const age = searchParams.get('age');
  const month = searchParams.get('month');
  const day = searchParams.get('day');

  const params = useMemo<AvailabilityParams>(
    () => ({
      isVideoCall: flag(type, 'video', 'test'),
      isAdult: flag(age, 'adult', 'child'),
      month: month && MONTH.test(month) ? month : undefined,
      day: day && DAY.test(day) ? day : undefined,
    }),
    [type, age, month, day],
  );

  const update = useCallback(
    (changes: AvailabilityParams) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const set = (key: string, value: string | undefined) => {
            if (value === undefined) next.delete(key);
            else next.set(key, value);
          };
          if ('isVideoCall' in changes) set('type', changes.isVideoCall ? 'video' : 'test');
          if ('isAdult' in changes) set('age', changes.isAdult ? 'adult' : 'child');
          if ('isVideoCall' in changes || 'isAdult' in changes) next.delete('day');
          if ('month' in changes) {
            set('month', changes.month);
            const open = next.get('day');
            if (open && changes.month && monthOf(open) !== changes.month) next.delete('day');
          }
          if ('day' in changes) set('day', changes.day);
          return next;
        },
        // Synchronous, so a chosen radio button shows checked at once (a controlled input would otherwise
        // flip back until the navigation's transition ends).
        { preventScrollReset: true, flushSync: true },
      );
    },
    [setSearchParams],
  );

  return [params, update];
}
