import { type StopDay, stopDayWords } from '../../../shared/antihistamines';
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

/**
 * The day to stop one medicine the patient said they take ("Stop cetirizine-type tablets and syrups on Tuesday 1
 * December"); at once when that day is behind.
 */
export function StopOn({ stop, today = clinicToday() }: { stop: StopDay; today?: string }) {
  if (stop.day >= today)
    return (
      <>
        Stop {stop.what} on <strong>{stopDayWords(stop.day)}</strong> ({stop.daysBefore} days before).
      </>
    );
  return (
    <>
      Stop {stop.what} <strong>now</strong>: they should be stopped {stop.daysBefore} days before the test
      (from {stopDayWords(stop.day)}). If you have taken any since, tell us when you arrive.
    </>
  );
}
