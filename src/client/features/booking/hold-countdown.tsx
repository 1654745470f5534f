import { formatClinicTime } from '../../lib/clinic-clock';
import { useHoldSecondsLeft } from '../../lib/hold-expiry';

/** m:ss, or from an hour (a wait-list offer made at night is held until the morning) hours and minutes. */
export const clock = (seconds: number) =>
  seconds >= 3600
    ? `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`
    : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The minutes left at which a screen reader is told, instead of every second. */
const ANNOUNCED_MINUTES = [5, 1];

/**
 * How long the hold lasts: the end time, and a live count of the minutes and seconds left. The count is a
 * timer (not announced); a polite status says when 5 minutes and 1 minute are left.
 */
export function HoldCountdown({ expiresAt }: { expiresAt: string }) {
  const seconds = useHoldSecondsLeft(expiresAt);

  const minutesLeft = Math.ceil(seconds / 60);
  const announced = ANNOUNCED_MINUTES.find((minutes) => minutesLeft === minutes && seconds > 0);

  return (
    <div className={`hold-countdown${seconds <= 60 ? ' hold-countdown--ending' : ''}`}>
      <p className="hold-countdown__text">
        This time is held for you until <strong>{formatClinicTime(expiresAt)}</strong> (
        <span role="timer" aria-live="off" className="hold-countdown__clock">
          {clock(seconds)}
        </span>{' '}
        left to finish your booking).
      </p>
      <p className="visually-hidden" role="status">
        {announced
          ? `${announced === 1 ? '1 minute' : `${announced} minutes`} left to finish your booking.`
          : ''}
      </p>
    </div>
  );
}
