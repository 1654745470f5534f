import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type BackToCalendarState,
  bookingCalendarPath,
  clearHold,
  fetchHoldExpiry,
  HOLD_ENDED_NOTICE,
  readHold,
  releaseHold,
  type StoredHold,
  writeHold,
} from '../../lib/booking-hold';
import { useHoldEnd } from '../../lib/hold-expiry';
import { clearVisitorAppointment } from './booking-storage';

export interface HeldSlot {
  /** The visitor's hold; undefined until read from session storage (after hydration). */
  hold: StoredHold | undefined;
  /** Sends the visitor back to the calendar of the hold's kind and day, with a notice (or none). */
  backToCalendar: (notice?: string) => void;
  /** 'Cancel booking': releases the hold (one already gone is no error) and goes back to the calendar. */
  cancel: () => Promise<void>;
  /** Reads the hold's end again (paying extends it on the server). */
  refresh: () => void;
}

/**
 * The slot the booking steps are for. Without a held slot the page goes to `/` (spec 2.3). The hold's end
 * is read again from the server (creating the appointment extends it); when it ends, on the server or by the
 * clock, the visitor is told and sent back to choose again (the form's draft stays in session storage).
 */
export function useHeldSlot(): HeldSlot {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [hold, setHold] = useState<StoredHold>();

  const backToCalendar = useCallback(
    (notice?: string) => {
      const current = readHold() ?? hold;
      clearHold();
      clearVisitorAppointment();
      // The calendar reads its free times again: what it showed before this step is out of date.
      void queryClient.invalidateQueries();
      if (!current) {
        navigate('/', { replace: true });
        return;
      }
      const state: BackToCalendarState = { notice, isAdult: current.isAdult, date: current.date };
      navigate(bookingCalendarPath(current.isVideoCall), { state });
    },
    [hold, navigate, queryClient],
  );

  const cancel = useCallback(async () => {
    if (hold) await releaseHold({ id: hold.slotId, token: hold.token }).catch(() => undefined);
    void queryClient.invalidateQueries();
    backToCalendar();
  }, [hold, queryClient, backToCalendar]);

  /** Reads the hold's end again from the server; a hold the server no longer has sends the visitor back. */
  const refresh = useCallback(
    (signal?: AbortSignal) => {
      const stored = readHold();
      if (!stored) return;
      fetchHoldExpiry({ id: stored.slotId, token: stored.token }, signal)
        .then((expiresAt) => {
          if (!expiresAt) {
            void queryClient.invalidateQueries();
            setHold(undefined);
            clearHold();
            clearVisitorAppointment();
            navigate(bookingCalendarPath(stored.isVideoCall), {
              state: { notice: HOLD_ENDED_NOTICE, isAdult: stored.isAdult, date: stored.date },
            });
            return;
          }
          if (expiresAt !== stored.expiresAt) {
            const updated = { ...stored, expiresAt };
            writeHold(updated);
            setHold(updated);
          }
        })
        .catch(() => {
          // Offline for a moment: the stored end is still a fair guess.
        });
    },
    [navigate, queryClient],
  );

  useEffect(() => {
    const stored = readHold();
    if (!stored) {
      navigate('/', { replace: true });
      return;
    }
    setHold(stored);
    const controller = new AbortController();
    refresh(controller.signal);
    return () => controller.abort();
  }, [navigate, refresh]);

  // The clock runs out: told, and back to the calendar. The server lets the hold go at the same time; it
  // is released here too, so a browser clock ahead of the server's does not leave the time blocked.
  useHoldEnd(hold?.expiresAt, () => {
    if (!hold) return;
    void releaseHold({ id: hold.slotId, token: hold.token })
      .catch(() => undefined)
      .then(() => queryClient.invalidateQueries());
    backToCalendar(HOLD_ENDED_NOTICE);
  });

  return { hold, backToCalendar, cancel, refresh: () => refresh() };
}
