import { clinic } from '../../shared/clinic';

/**
 * Reading and showing clinic time (Europe/Dublin) with the browser's own Intl, so the public booking pages
 * need no time-zone library; the admin's slot arithmetic (features/availability/slot-times.ts) builds on it. A time of day is a
 * number of minutes after midnight, clinic time.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Built on first use, not when the module loads: a time-zone formatter costs a phone tens of milliseconds, which
 * the booking page's start-up would otherwise spend before the visitor has chosen anything to show a date for.
 */
let clinicParts: Intl.DateTimeFormat | undefined;
const clinicFormat = () => {
  clinicParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: clinic.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return clinicParts;
};

/** An instant's clinic day (YYYY-MM-DD) and minutes after its midnight on the wall clock. */
export function clinicDayTime(instant: Date | string): { date: string; minutes: number } {
  const parts: Record<string, string> = {};
  for (const part of clinicFormat().formatToParts(new Date(instant))) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** An instant's clinic time of day, 'HH:mm' (24 hours): when a hold ends. */
export function formatClinicTime(instant: Date | string): string {
  const { minutes } = clinicDayTime(instant);
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

const isInstant = (instant: Date | string) => Number.isFinite(new Date(instant).getTime());

/** A date as the back office shows it (spec section 9): DD/MM/YYYY on the clinic's calendar; '' if invalid. */
export function formatAdminDate(instant: Date | string): string {
  if (!isInstant(instant)) return '';
  const [year, month, day] = clinicDayTime(instant).date.split('-');
  return `${day}/${month}/${year}`;
}

/** DD/MM/YYYY HH:mm in clinic time (the appointments' 'Registered'); '' if invalid. */
export function formatAdminDateTime(instant: Date | string): string {
  if (!isInstant(instant)) return '';
  return `${formatAdminDate(instant)} ${formatClinicTime(instant)}`;
}

/** Today in clinic time, YYYY-MM-DD. */
export const clinicToday = (now: Date = new Date()) => clinicDayTime(now).date;

/** 'HH:mm' → minutes. */
function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Minutes after midnight as the back office shows a time, 24 hours: 545 → '09:05'; 0 and 1440 → '00:00'. */
export function formatTime24(minutes: number): string {
  const hours = Math.floor(minutes / 60) % 24;
  return `${pad(hours)}:${pad(minutes % 60)}`;
}

/** 545 → '9:05 AM'; 0 → '12:00 AM'; 720 → '12:00 PM': the public pages' clock. */
export function formatTime12(minutes: number): string {
  const hours = Math.floor(minutes / 60) % 24;
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${pad(minutes % 60)} ${suffix}`;
}

/** 'HH:mm' (24 hours) → '9:05 AM'. */
export const formatClock12 = (time: string) => formatTime12(minutesOf(time));
