import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { antihistamineStops, calendarFile } from './confirmation-details';

describe('antihistamineStops', () => {
  it('counts 5 and 3 clinic days back from the test day', () => {
    // 10:00 Dublin summer time is 09:00 UTC.
    expect(antihistamineStops('2027-06-15T09:00:00.000Z')).toEqual({
      tablets: '2027-06-10',
      sprays: '2027-06-12',
    });
  });

  it('stays on the calendar across the spring change (Sunday 28 March 2027)', () => {
    // Tuesday 30 March 2027, 09:00 IST (08:00 UTC): the clocks went forward two days before.
    expect(antihistamineStops('2027-03-30T08:00:00.000Z')).toEqual({
      tablets: '2027-03-25',
      sprays: '2027-03-27',
    });
    // Monday 29 March, just after midnight IST: still the 29th in Dublin though the 28th in UTC.
    expect(antihistamineStops('2027-03-28T23:30:00.000Z')).toEqual({
      tablets: '2027-03-24',
      sprays: '2027-03-26',
    });
  });

  it('stays on the calendar across the autumn change (Sunday 31 October 2027)', () => {
    // Tuesday 2 November 2027, 09:00 GMT.
    expect(antihistamineStops('2027-11-02T09:00:00.000Z')).toEqual({
      tablets: '2027-10-28',
      sprays: '2027-10-30',
    });
    // Saturday 30 October, 00:30 IST is 23:30 UTC on the 29th: the Dublin day counts.
    expect(antihistamineStops('2027-10-29T23:30:00.000Z')).toEqual({
      tablets: '2027-10-25',
      sprays: '2027-10-27',
    });
  });

  it('crosses months and years', () => {
    expect(antihistamineStops('2027-01-02T10:00:00.000Z')).toEqual({
      tablets: '2026-12-28',
      sprays: '2026-12-30',
    });
    expect(antihistamineStops('2028-03-03T10:00:00.000Z')).toEqual({
      tablets: '2028-02-27',
      sprays: '2028-02-29',
    });
  });
});

describe('calendarFile', () => {
  const event = {
    uid: 'appointment-42@dublinallergyclinic.ie',
    sequence: 0,
    startsAt: '2027-03-30T08:00:00.000Z',
    endsAt: '2027-03-30T08:30:00.000Z',
    title: 'Dublin Allergy Clinic: Allergy test, adult',
    location: 'Suite 12, Consultants’ Suites, Sandyford Park Private Hospital; Dublin 18',
    description: `Please arrive 15 minutes early.\nBring your reference K7W2 with a very long line that goes on past the fold limit of seventy-five octets`,
  };
  const text = calendarFile(event, new Date('2027-03-01T12:00:00.000Z'));
  const unfolded = text.replace(/\r\n /g, '');

  it('is one event in UTC with the invite UID, CRLF lines', () => {
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    expect(unfolded).toContain('\r\nUID:appointment-42@dublinallergyclinic.ie\r\n');
    expect(unfolded).toContain('\r\nSEQUENCE:0\r\n');
    expect(unfolded).toContain('\r\nDTSTART:20270330T080000Z\r\n');
    expect(unfolded).toContain('\r\nDTEND:20270330T083000Z\r\n');
    expect(unfolded).toContain('\r\nDTSTAMP:20270301T120000Z\r\n');
  });

  it('escapes text and folds long lines at 75 octets', () => {
    expect(unfolded).toContain(
      'LOCATION:Suite 12\\, Consultants’ Suites\\, Sandyford Park Private Hospital\\; Dublin 18',
    );
    expect(unfolded).toContain('DESCRIPTION:Please arrive 15 minutes early.\\nBring your reference');
    for (const line of text.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
  it("folds a patient's name of 70 characters in Irish letters whole, never inside a letter", () => {
    const name = 'Máire Éilís Ní Mhaoldomhnaigh-Ó Súilleabháin Fitzgerald-Byrne Óg Jr II';
    const long = calendarFile({ ...event, description: `Allergy test, adult for ${name}.` });
    for (const line of long.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(long.replace(/\r\n /g, '')).toContain(`DESCRIPTION:Allergy test\\, adult for ${name}.`);
  });
});

describe("calendarFile's stop days", () => {
  const event = {
    uid: 'appointment-42@dublinallergyclinic.ie',
    sequence: 0,
    startsAt: '2027-03-30T08:00:00.000Z',
    endsAt: '2027-03-30T08:30:00.000Z',
    title: 'Dublin Allergy Clinic: Allergy test, adult',
    location: 'Sandyford',
    description: 'Please arrive 15 minutes early.',
  };
  const stops = [
    { day: '2027-03-25', daysBefore: 5 },
    { day: '2027-03-27', daysBefore: 3 },
  ];
  /** The stop-day events as an iCalendar parser reads them. */
  const parsed = (text: string) =>
    new ICAL.Component(ICAL.parse(text))
      .getAllSubcomponents('vevent')
      .slice(1)
      .map((vevent) => ({
        uid: String(vevent.getFirstPropertyValue('uid')),
        sequence: Number(vevent.getFirstPropertyValue('sequence')),
        start: String(vevent.getFirstPropertyValue('dtstart')),
        status: String(vevent.getFirstPropertyValue('status')),
        alarms: vevent
          .getAllSubcomponents('valarm')
          .map((alarm) => String(alarm.getFirstPropertyValue('trigger'))),
      }));

  it('has one event with its alarm for each distinct day, named by its lead, as the e-mailed invite', () => {
    const text = calendarFile({ ...event, stops }, new Date('2027-03-01T12:00:00.000Z'));
    expect(parsed(text)).toEqual([
      {
        uid: 'appointment-42-stop-5@dublinallergyclinic.ie',
        sequence: 0,
        start: '2027-03-25',
        status: 'CONFIRMED',
        alarms: ['PT9H'],
      },
      {
        uid: 'appointment-42-stop-3@dublinallergyclinic.ie',
        sequence: 0,
        start: '2027-03-27',
        status: 'CONFIRMED',
        alarms: ['PT9H'],
      },
    ]);
  });

  it('after a move to short notice, keeps one event on today and sends the merged one cancelled', () => {
    const text = calendarFile({ ...event, sequence: 2, stops }, new Date('2027-03-28T12:00:00.000Z'));
    expect(parsed(text)).toEqual([
      {
        uid: 'appointment-42-stop-5@dublinallergyclinic.ie',
        sequence: 2,
        start: '2027-03-28',
        status: 'CONFIRMED',
        alarms: ['PT9H'],
      },
      {
        uid: 'appointment-42-stop-3@dublinallergyclinic.ie',
        sequence: 2,
        start: '2027-03-28',
        status: 'CANCELLED',
        alarms: [],
      },
    ]);
  });
});
