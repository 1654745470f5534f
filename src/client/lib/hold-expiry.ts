import { useEffect, useRef, useState } from 'react';

/**
 * The time left on the visitor's slot hold, from its end (`expiresAt`: ISO 8601 on this browser's clock,
 * see `onLocalClock`): one rule for the stored hold, the booking steps' countdown and the timers that
 * end a hold on the calendar and on the booking steps.
 */

/** Milliseconds until the hold ends; 0 once it has. */
export const holdMsLeft = (expiresAt: string, now: number = Date.now()) =>
  Math.max(0, new Date(expiresAt).getTime() - now);

/** Whole seconds until the hold ends, rounded up (0.2 s left is 1 s); 0 once it has. */
export const holdSecondsLeft = (expiresAt: string, now?: number) =>
  Math.ceil(holdMsLeft(expiresAt, now) / 1000);

/** The seconds left on the hold, counted down every second. */
export function useHoldSecondsLeft(expiresAt: string): number {
  const [seconds, setSeconds] = useState(() => holdSecondsLeft(expiresAt));
  useEffect(() => {
    setSeconds(holdSecondsLeft(expiresAt));
    const timer = window.setInterval(() => setSeconds(holdSecondsLeft(expiresAt)), 1000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);
  return seconds;
}

/**
 * Calls `onEnd` once when the hold ends (at once when it already has); without a hold, nothing. A new end
 * (the server extended the hold, or another time is held) sets the timer again.
 */
export function useHoldEnd(expiresAt: string | undefined, onEnd: () => void): void {
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;
  useEffect(() => {
    if (expiresAt === undefined) return;
    const timer = window.setTimeout(() => onEndRef.current(), holdMsLeft(expiresAt));
    return () => window.clearTimeout(timer);
  }, [expiresAt]);
}
