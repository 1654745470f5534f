import { formatLongDate } from '../../components/month-calendar/month-grid';
import { clinicToday } from '../../lib/clinic-clock';
/**
 * When to stop a kind of antihistamine; a test booked at short notice has that day behind it already: then
 * at once, and the patient tells the clinic what they took since.
 */
export function StopFrom({
  what,
  day,
  daysBefore,
  today = clinicToday(),
}: {
  what: string;
  day: string;
  daysBefore: number;
  /** Clinic today (tests set it). */
  today?: string;
}) {
  if (day >= today)
    return (
      <>
        Stop {what} from <strong>{formatLongDate(day)}</strong> ({daysBefore} days before).
      </>
    );
  return (
    <>
      Stop {what} <strong>now</strong>: they should be stopped {daysBefore} days before the test (from{' '}
      {formatLongDate(day)}). If you have taken any since, tell us when you arrive.
    </>
  );
}
