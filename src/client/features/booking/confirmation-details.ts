import { STOP_ALARM_HOURS, type StopDay, stopEvents, stopEventTexts } from '../../../shared/antihistamines';
import { clinic } from '../../../shared/clinic';
import { addDays, formatLongDate } from '../../components/month-calendar/month-grid';
import { clinicDayTime, clinicToday, formatClinicTime } from '../../lib/clinic-clock';

/**
 * What the confirmation page works out from the booking: the days to stop antihistamines before an allergy test
 * and the calendar file. Dates are clinic days (Europe/Dublin), counted on the calendar, not in hours, so a
 * daylight-saving change between them and the test moves nothing (as the server's reminders count them).
 */

/** Days before the test to stop antihistamine tablets and syrups, and nasal sprays (spec section 9). */
export const STOP_TABLETS_DAYS_BEFORE = 5;
export const STOP_SPRAYS_DAYS_BEFORE = 3;

/** The clinic days (YYYY-MM-DD) to stop antihistamines from, for a test starting at the instant `startsAt`. */
export function antihistamineStops(startsAt: string): { tablets: string; sprays: string } {
  const day = clinicDayTime(startsAt).date;
  return { tablets: addDays(day, -STOP_TABLETS_DAYS_BEFORE), sprays: addDays(day, -STOP_SPRAYS_DAYS_BEFORE) };
}

export interface CalendarEvent {
  /** The e-mailed invite's UID and SEQUENCE, so a calendar sees one event; a made-up UID when unknown. */
  uid: string;
  sequence: number;
  /** ISO 8601 instants. */
  startsAt: string;
  endsAt: string;
  title: string;
  location: string;
  description: string;
  /**
   * An allergy test's days to stop antihistamines (`stopDays`): an all-day event with an alarm at 09:00 for each
   * distinct day, as the server's invite has them.
   */
  stops?: readonly Pick<StopDay, 'day' | 'daysBefore'>[];
}

/** An instant as iCalendar's UTC form: 20270325T093000Z. */
const icsInstant = (instant: string | Date) =>
  new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
const icsText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A content line folded at 75 octets, continuation lines starting with a space (RFC 5545 3.1). */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const length = new TextEncoder().encode(char).length;
    if (size + length > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The appointment as an iCalendar file (times in UTC, which every calendar shows in its own zone). */
export function calendarFile(event: CalendarEvent, now: Date = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Dublin Allergy Clinic//Bookings//EN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsInstant(now)}`,
    `DTSTART:${icsInstant(event.startsAt)}`,
    `DTEND:${icsInstant(event.endsAt)}`,
    `SUMMARY:${icsText(event.title)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    `LOCATION:${icsText(event.location)}`,
    'STATUS:CONFIRMED',
    `ORGANIZER;CN="${clinic.name.replace(/"/g, "'")}":mailto:${clinic.email}`,
    'END:VEVENT',
    ...stopEvents(event.uid, event.stops ?? [], {
      today: clinicToday(now),
      sequence: event.sequence,
    }).flatMap((stop) => stopEventLines(event, stop, now)),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** A stop-day event as the server's invite has it (same UID and SEQUENCE, so one event in a calendar). */
function stopEventLines(
  event: CalendarEvent,
  stop: { uid: string; day: string; dropped: boolean },
  now: Date,
): string[] {
  const compact = (value: string) => value.replace(/-/g, '');
  const testDay = formatLongDate(clinicDayTime(event.startsAt).date);
  const title = stopEventTexts.title(clinic.name);
  return [
    'BEGIN:VEVENT',
    `UID:${stop.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsInstant(now)}`,
    `DTSTART;VALUE=DATE:${compact(stop.day)}`,
    `DTEND;VALUE=DATE:${compact(addDays(stop.day, 1))}`,
    `SUMMARY:${icsText(stop.dropped ? `Cancelled: ${title}` : title)}`,
    `DESCRIPTION:${icsText(stopEventTexts.description(testDay, formatClinicTime(event.startsAt)))}`,
    `STATUS:${stop.dropped ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:TRANSPARENT',
    `ORGANIZER;CN="${clinic.name.replace(/"/g, "'")}":mailto:${clinic.email}`,
    ...(stop.dropped
      ? []
      : [
          'BEGIN:VALARM',
          'ACTION:DISPLAY',
          `DESCRIPTION:${icsText(stopEventTexts.alarm)}`,
          `TRIGGER:PT${STOP_ALARM_HOURS}H`,
          'END:VALARM',
        ]),
    'END:VEVENT',
  ];
}

/** An event as the public "add to calendar" URL templates of Google Calendar and Outlook take it. */
export interface LinkedEvent {
  title: string;
  /** ISO 8601 instants. */
  startsAt: string;
  endsAt: string;
  description: string;
  location: string;
}

/**
 * The addresses that open Google Calendar's and Outlook's new-event pages filled with the appointment (their public
 * URL templates). Nothing is sent to either until the patient follows one.
 */
export function calendarLinkUrls(event: LinkedEvent): { google: string; outlook: string } {
  const google = new URL('https://calendar.google.com/calendar/render');
  google.search = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${icsInstant(event.startsAt)}/${icsInstant(event.endsAt)}`,
    details: event.description,
    location: event.location,
  }).toString();
  const outlook = new URL('https://outlook.live.com/calendar/0/deeplink/compose');
  outlook.search = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: new Date(event.startsAt).toISOString(),
    enddt: new Date(event.endsAt).toISOString(),
    body: event.description,
    location: event.location,
  }).toString();
  return { google: google.toString(), outlook: outlook.toString() };
}
