import ICAL from 'ical.js';

/** One event of a parsed invite, as the tests read it. */
export interface ParsedEvent {
  uid: string;
  sequence: number;
  summary: string;
  description: string;
  status: string;
  /** 'YYYY-MM-DD' for an all-day event, else the instant as ISO 8601 (UTC). */
  start: string;
  end: string;
  allDay: boolean;
  /** Each alarm's action and trigger (an RFC 5545 duration such as 'PT9H'). */
  alarms: { action: string; trigger: string }[];
}

const timeOf = (time: ICAL.Time) => (time.isDate ? time.toString() : time.toJSDate().toISOString());

/** An .ics file's events read with an iCalendar parser (ical.js), not by matching its text. */
export function parseInvite(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((event) => {
    const start = event.getFirstPropertyValue('dtstart') as ICAL.Time;
    const end = event.getFirstPropertyValue('dtend') as ICAL.Time;
    return {
      uid: String(event.getFirstPropertyValue('uid')),
      sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
      summary: String(event.getFirstPropertyValue('summary') ?? ''),
      description: String(event.getFirstPropertyValue('description') ?? ''),
      status: String(event.getFirstPropertyValue('status') ?? ''),
      start: timeOf(start),
      end: timeOf(end),
      allDay: start.isDate,
      alarms: event.getAllSubcomponents('valarm').map((alarm) => ({
        action: String(alarm.getFirstPropertyValue('action')),
        trigger: String(alarm.getFirstPropertyValue('trigger')),
      })),
    };
  });
}
