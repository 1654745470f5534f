import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PatientDetail } from '../../../shared/patients';
import { PatientDetails } from './patient-details';

const booked: PatientDetail = {
  id: 7,
  first_name: 'Clodagh',
  last_name: 'Doyle',
  full_name: 'Clodagh Doyle',
  email: 'clodagh@example.ie',
  phone: '087 123 4567',
  dob: '1990-04-12',
  is_adult: true,
  guardian_first_name: null,
  guardian_last_name: null,
  consultant_name: 'Dr Walsh',
  consultant_addres: '12 Main Street, Dundrum, Dublin 14',
  consultant_email: null,
  allergens: null,
  result: {
    id: 'f1',
    name: 'Torthaí na tástála craicinn 2026.pdf',
    url: '/api/admin/upload_results/f1',
  },
  referral_letter: null,
  attachment: null,
  is_referral: false,
  address: null,
  gp_details: null,
  is_hayfever: null,
  is_asthma: null,
  is_eczema: null,
  concerns: null,
  suspected_allergy: null,
  consultation_hopes: null,
  do_you_have_any_known_allergies: null,
  known_allergies_description: null,
  created_at: '2026-06-30T23:30:00.000Z',
  appointments: [
    {
      id: 31,
      data: '08/12/2026',
      start_time: '09:00',
      is_video_call: false,
      status_label: 'Paid',
      appointment_status: 'paid',
    },
    {
      id: 12,
      data: null,
      start_time: null,
      is_video_call: null,
      status_label: 'Booked by admin',
      appointment_status: 'cancelled',
    },
  ],
};

function render(patient: PatientDetail, downloading: string | null = null, withRecords = true) {
  return renderToString(
    <MemoryRouter>
      <PatientDetails
        patient={patient}
        today="2026-11-25"
        onDownload={() => {}}
        downloading={downloading}
        withRecords={withRecords}
      />
    </MemoryRouter>,
  ).replaceAll('<!-- -->', '');
}

/** The text of each fact, 'term: value', in order. */
const facts = (html: string) =>
  [...html.matchAll(/<dt>([^<]*)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map(
    ([, term, value]) => `${term}: ${value?.replace(/<[^>]+>/g, '')}`,
  );

describe('PatientDetails', () => {
  it("shows a booked patient's details, 'Not given' for what is missing, and no self-referral answers", () => {
    const html = render(booked);
    expect(facts(html)).toEqual([
      'Full name: Clodagh Doyle',
      'Date of birth: 12/04/1990 (36 years)',
      'Adult or child: Adult',
      'Phone: 087 123 4567',
      'E-mail: clodagh@example.ie',
      // 23:30 UTC on 30 June is 00:30 on 1 July in Dublin.
      'Registered: 01/07/2026 00:30',
      'Name: Dr Walsh',
      'E-mail: Not given',
      'Address: 12 Main Street, Dundrum, Dublin 14',
      'Reason for the test: Not given',
    ]);
    expect(html).toContain('href="mailto:clodagh@example.ie"');
    expect(html).toContain('href="tel:0871234567"');
    expect(html).not.toContain('Self-referral');
    expect(html).not.toContain('Hayfever');
    expect(html).not.toContain('Parent or guardian');
  });

  it('offers each file by its name cut to 27 characters, and says which are missing', () => {
    const html = render(booked);
    expect(html).toContain('title="Torthaí na tástála craicinn 2026.pdf"');
    // 'Torthaí na tástála craicinn' is 27 characters.
    expect(html).toContain('>Download Torthaí na tástála craicinn…</button>');
    expect(html.match(/>None</g)).toHaveLength(2);
    expect(render(booked, booked.result!.url)).toContain('>Downloading…</button>');
  });

  it('links each appointment to its screen, with its time, kind and state', () => {
    const html = render(booked);
    expect(html).toContain('href="/admin/appointment/edit?id=31"');
    expect(html).toContain('href="/admin/appointment/edit?id=12"');
    // The link's name as a screen reader hears it: its parts separated.
    const links = [...html.matchAll(/<a class="patient-appointment"[^>]*>(.*?)<\/a>/g)].map(([, inner]) =>
      inner?.replace(/<[^>]+>/g, ''),
    );
    expect(links).toEqual([
      '08/12/2026 at 09:00, Allergy test, Booked · Paid',
      'No time, Appointment, Cancelled · Booked by admin',
    ]);
    expect(render({ ...booked, appointments: [] })).toContain('No appointments.');
  });

  it("names a child's parent or guardian", () => {
    const child = {
      ...booked,
      is_adult: false,
      dob: '2018-09-03',
      guardian_first_name: 'Niamh',
      guardian_last_name: 'Murphy',
    };
    expect(facts(render(child))).toContain('Parent or guardian: Niamh Murphy');
    expect(facts(render({ ...child, guardian_first_name: null, guardian_last_name: null }))).toContain(
      'Parent or guardian: Not given',
    );
  });

  it("shows a self-referral's address, GP details, answers, yes/no and its letter", () => {
    const referral: PatientDetail = {
      ...booked,
      is_referral: true,
      consultant_name: null,
      consultant_addres: null,
      result: null,
      referral_letter: { id: 'f2', name: 'referral.pdf', url: '/api/admin/upload_results/f2' },
      address: '4 Strand Road, Sandymount, Dublin 4',
      gp_details: 'Dr Nolan, Sandymount Clinic',
      is_hayfever: true,
      is_asthma: false,
      is_eczema: null,
      concerns: 'Wheezing after meals',
      suspected_allergy: 'Peanuts, since a reaction at a party',
      consultation_hopes: 'To know what is safe to eat',
      do_you_have_any_known_allergies: true,
      known_allergies_description: 'Penicillin',
      appointments: [],
    };
    const html = render(referral);
    expect(facts(html)).toEqual([
      'Full name: Clodagh Doyle',
      'Date of birth: 12/04/1990 (36 years)',
      'Adult or child: Adult',
      'Phone: 087 123 4567',
      'E-mail: clodagh@example.ie',
      'Address: 4 Strand Road, Sandymount, Dublin 4',
      'Registered: 01/07/2026 00:30',
      'GP details: Dr Nolan, Sandymount Clinic',
      'Concerns: Wheezing after meals',
      'Suspected allergy, and why: Peanuts, since a reaction at a party',
      'Hopes for the consultation: To know what is safe to eat',
      'Hayfever: Yes',
      'Asthma: No',
      'Eczema: Not given',
      'Known allergies: Yes',
      'Known allergies, described: Penicillin',
    ]);
    expect(html).toContain('>Download referral letter</button>');
    expect(html).toContain('>Download referral.pdf</button>');
    // No GP or consultant panel for a self-referral that gave none: its GP details say it.
    expect(html).not.toContain('GP or consultant');

    const letterOnly = render({
      ...referral,
      address: null,
      gp_details: null,
      is_hayfever: null,
      is_asthma: null,
      concerns: null,
      suspected_allergy: null,
      consultation_hopes: null,
      do_you_have_any_known_allergies: null,
      known_allergies_description: null,
    });
    expect(letterOnly).toContain('the self-referral questions were not asked');
    expect(letterOnly).not.toContain('Hayfever');
    expect(render({ ...referral, referral_letter: null })).toContain('No referral letter was sent.');
  });

  it("leaves out the files and appointments on a referral's page, the letter still offered", () => {
    const referral: PatientDetail = {
      ...booked,
      is_referral: true,
      result: null,
      referral_letter: { id: 'f2', name: 'referral.pdf', url: '/api/admin/upload_results/f2' },
    };
    const html = render(referral, null, false);
    expect(html).toContain('>Download referral letter</button>');
    expect(html).not.toContain('>Files</h2>');
    expect(html).not.toContain('>Appointments</h2>');
    expect(html).not.toContain('Download referral.pdf');
    expect(render(referral)).toContain('>Appointments</h2>');
  });
});
