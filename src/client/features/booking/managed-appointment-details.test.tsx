import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { clinic } from '../../../shared/clinic';
import type { ManagedAppointment } from '../../../shared/manage-booking';
import { formatClinicMoment, ManagedAppointmentDetails } from './managed-appointment-details';

const appointment: ManagedAppointment = {
  reference: 'K7W2QX',
  status: 'upcoming',
  patient_name: 'Aoife Byrne',
  service: 'Allergy test (skin prick test), adult',
  session: {
    id: 12,
    data: '08/12/2026',
    start_time: '09:00',
    end_time: '09:30',
    starts_at: '2026-12-08T09:00:00.000Z',
    ends_at: '2026-12-08T09:30:00.000Z',
    age: 'adult',
    price: 180,
    status: 'booked',
    is_adult: true,
    is_video_call: false,
    location: 'adult_1',
    address:
      'Suite 12, Consultants’ Suites, Sandyford Park Private Hospital, Carmanhall Road, Sandyford, Dublin 18, D18 K7W2',
  },
  price: 180,
  payment_status: 'paid',
  paid_at_clinic: 0,
  antihistamines: { answered: false, ask_pharmacist: false, stop_days: [] },
  way_out: { flag: null, free_move: 'none', move_from: null },
  video_link: null,
  video_link_from: null,
  intake: null,
  texts: 'off',
  change_until: '2026-12-06T09:00:00.000Z',
  actions: ['cancel', 'move'],
};

describe("a patient's booking", () => {
  it('says what, for whom, when in clinic time, where with directions, the price and the payment', () => {
    const html = renderToStaticMarkup(<ManagedAppointmentDetails appointment={appointment} />);
    expect(html).toContain('<dd>Allergy test (skin prick test), adult</dd>');
    expect(html).toContain('<dd>Aoife Byrne</dd>');
    expect(html).toContain('<dd>Tuesday 8 December 2026</dd>');
    expect(html).toContain('9:00 AM – 9:30 AM <span class="manage-booking__zone">(Dublin time)</span>');
    for (const line of clinic.locations.adult_1.addressLines) expect(html).toContain(`<span>${line}</span>`);
    expect(html).toContain(
      `href="${clinic.locations.adult_1.directionsUrl.replace(/&/g, '&amp;')}" target="_blank" rel="noopener noreferrer"`,
    );
    expect(html).toContain('<dd>€180</dd>');
    expect(html).toContain('<dd>Paid online</dd>');
    expect(html).toContain('>Booked</span>');
  });

  it('of a video consultation says how it takes place instead of an address', () => {
    const video = {
      ...appointment,
      price: 85.5,
      session: { ...appointment.session, is_video_call: true, location: null, address: null },
    };
    const html = renderToStaticMarkup(<ManagedAppointmentDetails appointment={video} />);
    expect(html).toContain('<dt>How</dt>');
    expect(html).toContain('the clinic e-mails you the link to join');
    expect(html).not.toContain('Get directions');
    expect(html).toContain('<dd>€85.50</dd>');
  });

  it("writes an instant on the clinic's calendar and clock, in winter and summer time", () => {
    expect(formatClinicMoment('2026-12-06T09:00:00.000Z')).toBe('Sunday 6 December 2026, 9:00 AM');
    expect(formatClinicMoment('2027-07-01T13:30:00.000Z')).toBe('Thursday 1 July 2027, 2:30 PM');
  });
});
