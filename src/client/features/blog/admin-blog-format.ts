import { clinic } from '../../../shared/clinic';

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: clinic.timeZone,
});

function clinicParts(iso: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  const parts = Object.fromEntries(partsFormat.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
  };
}

// The back office's dates are written once, in lib/clinic-clock.ts.
export { formatAdminDate, formatAdminDateTime } from '../../lib/clinic-clock';

/** The value of a datetime-local input showing `iso` in clinic time ('2026-07-01T09:30'); '' if invalid. */
export function toClinicDateTimeLocal(iso: string): string {
  const parts = clinicParts(iso);
  return parts ? `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}` : '';
}

/** True when an article's publication date is still to come: the public does not see it yet. */
export function isScheduled(publishedAt: string, now = Date.now()): boolean {
  return Date.parse(publishedAt) > now;
}
