import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientCsvColumns, staffFileUrl } from '../../../shared/patients';
import { auditLog, patients } from '../../db/schema';
import { createAdminBookingTestApp, createBooking, paidBooking, pay } from '../../test/booking-fixtures';
import { testFile } from '../../test/multipart';
import { bookWithFiles, insertTestPatient, storePrivateFile } from '../../test/patient-fixtures';
import { insertSlot } from '../../test/slot-fixtures';
import type { AdminTestApp } from '../../test/test-app';
import { insertAppointment } from '../appointments/appointment-repository';
import { storeUpload } from '../uploads/file-repository';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: t.auth });
const list = (query = '') => get(`/api/admin/patients${query}`);
const csv = (query = '') => get(`/api/admin/export_patients${query}`);

type ListedPatient = { id: number; full_name: string; email: string | null; phone: string; dob: string };

const idsOf = (response: { json(): { patients: ListedPatient[] } }) =>
  response.json().patients.map((patient) => patient.id);

/** A person whose appointments are all visitors' bookings still being made (held) is not a patient yet. */
const listed = sql`not (exists (select 1 from appointments a where a.patient_id = ${patients.id} and a.status = 'held') and not exists (select 1 from appointments a where a.patient_id = ${patients.id} and a.status <> 'held'))`;

/** Every listed patient's id, newest first, as the database orders them. */
async function allIdsNewestFirst(where?: ReturnType<typeof sql>) {
  const rows = await t.database.db
    .select({ id: patients.id })
    .from(patients)
    .where(and(listed, where))
    .orderBy(desc(patients.createdAt), desc(patients.id));
  return rows.map((row) => row.id);
}

async function latestAudit(action: string) {
  const [entry] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action as 'read'), eq(auditLog.entity, 'patient')))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}

/** The CSV's data rows (after the BOM and the header), as text lines. */
const csvLines = (body: string) => body.slice(1).trimEnd().split('\n').slice(1);

/** Query strings no list accepts: 422, never a 500. */
const BAD_QUERIES = [
  'per_page=0',
  'per_page=101',
  'per_page=1.5',
  'page=-1',
  'page=0',
  'page=1e309',
  'page=99999999999999999999',
  'per_page=abc',
  'page=1&page=2',
  'per_page[]=5',
  '__proto__=1',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  'unknown=1',
];

describe('GET /api/admin/patients', () => {
  it('lists patients newest first, 50 a page by default, and audits the read with their ids only', async () => {
    const base = Date.UTC(2026, 0, 1);
    for (let index = 0; index < 55; index += 1) {
      await insertTestPatient(t.database.db, {
        firstName: `Listed${index}`,
        lastName: 'Kavanagh',
        email: `listed${index}@example.ie`,
        createdAt: new Date(base + index * 60_000),
      });
    }
    const newest = await insertTestPatient(t.database.db, {
      firstName: 'Newest',
      lastName: 'Ní Mhaoláin',
      createdAt: new Date(),
    });
    const response = await list();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.patients).toHaveLength(50);
    expect(body.count).toBe((await allIdsNewestFirst()).length);
    expect(body.pages).toBe(Math.ceil(body.count / 50));
    expect(body.patients[0]).toEqual({
      id: newest.id,
      first_name: 'Newest',
      last_name: 'Ní Mhaoláin',
      full_name: 'Newest Ní Mhaoláin',
      email: 'aoife@example.ie',
      phone: '087 123 4567',
      dob: '1990-04-12',
      is_adult: true,
      guardian_first_name: null,
      guardian_last_name: null,
      is_referral: false,
      created_at: newest.createdAt.toISOString(),
    });
    expect(idsOf(response)).toEqual((await allIdsNewestFirst()).slice(0, 50));
    const second = await list('?page=2');
    expect(idsOf(second)).toEqual((await allIdsNewestFirst()).slice(50, 100));

    const audit = await latestAudit('read');
    expect(audit).toMatchObject({ actor: 'admin', entityId: null });
    expect(audit?.details).toEqual({ via: 'patients_list', patient_ids: idsOf(second) });
  });

  it("searches the name, the whole name, the e-mail and the phone, ignoring case, with '%' and '_' as themselves", async () => {
    const siobhan = await insertTestPatient(t.database.db, {
      firstName: 'Siobhán',
      lastName: 'Ó Briain',
      email: 'Siobhan.OBriain@Example.ie',
      phone: '+353 86 555 0101',
    });
    const found = async (search: string) =>
      idsOf(await list(`?search_transaction=${encodeURIComponent(search)}`));
    expect(await found('briain')).toEqual([siobhan.id]);
    expect(await found('Siobhán Ó Bri')).toEqual([siobhan.id]);
    expect(await found('siobhan.obriain@')).toEqual([siobhan.id]);
    expect(await found('86 555 01')).toEqual([siobhan.id]);
    expect(await found('  briain  ')).toEqual([siobhan.id]);
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
    expect(await found('\\')).toEqual([]);
    expect(await found('nobody-is-called-this')).toEqual([]);
    // As said on the phone: without the accents, in any case, the number in any of its written forms.
    expect(await found('SIOBHAN O BRIAIN')).toEqual([siobhan.id]);
    expect(await found('0865550101')).toEqual([siobhan.id]);
    expect(await found('086 555 0101')).toEqual([siobhan.id]);
    expect(await found('+353865550101')).toEqual([siobhan.id]);
    expect(await found('00353 86 555 0101')).toEqual([siobhan.id]);
    const aoife = await insertTestPatient(t.database.db, {
      firstName: 'Aoife',
      lastName: 'Ní Bhriain',
      email: null,
      phone: '087 555 0199',
    });
    const obrien = await insertTestPatient(t.database.db, {
      firstName: 'Seán',
      lastName: 'O’Brien',
      phone: '01 555 0142',
    });
    expect(await found('Aoife Ni Bhriain')).toEqual([aoife.id]);
    expect(await found('+353 87 555 0199')).toEqual([aoife.id]);
    expect(await found("sean o'brien")).toEqual([obrien.id]);
    expect(await found('O’Brien')).toEqual([obrien.id]);
    // Three digits are a phone search; two are text (a part of a name or an e-mail may hold them).
    expect(await found('555 01')).toEqual(expect.arrayContaining([siobhan.id, aoife.id, obrien.id]));
    const searched = await list('?search_transaction=briain');
    expect(searched.json()).toMatchObject({ count: 1, pages: 1 });
    // The words searched for may be a name: the audit names the patients read by id only.
    expect((await latestAudit('read'))?.details).toEqual({ via: 'patients_list', patient_ids: [siobhan.id] });
    const nothing = await list('?search_transaction=nobody-is-called-this');
    expect(nothing.json()).toEqual({ patients: [], pages: 1, count: 0 });
  });

  it('reads any page, near the start or past the middle, as the whole list ordered newest first has it', async () => {
    // 1,100 patients in groups of five registered at the same instant: ties are ordered by id both ways.
    await t.database.db.execute(sql`
      insert into patients (first_name, last_name, email, phone, is_adult, created_at)
      select 'Bulk' || i, 'Pagedrow', 'bulk' || i || '@example.ie', '01 555 ' || i, true,
             timestamptz '2025-06-01 09:00:00+00' + (i / 5) * interval '1 minute'
      from generate_series(1, 1100) i`);
    const expected = await allIdsNewestFirst(sql`${patients.lastName} = 'Pagedrow'`);
    expect(expected).toHaveLength(1100);
    for (const [perPage, page] of [
      [50, 1],
      [50, 11],
      [50, 21],
      [50, 22],
      [100, 11],
      [30, 20],
      [30, 34],
      [30, 37],
      [7, 143],
      [7, 158],
    ] as const) {
      const response = await list(`?search_transaction=pagedrow&per_page=${perPage}&page=${page}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ count: 1100, pages: Math.ceil(1100 / perPage) });
      expect(idsOf(response), `per_page ${perPage}, page ${page}`).toEqual(
        expected.slice((page - 1) * perPage, page * perPage),
      );
    }
    const past = await list('?search_transaction=pagedrow&per_page=50&page=23');
    expect(past.json()).toEqual({ patients: [], pages: 22, count: 1100 });
    const all = await allIdsNewestFirst();
    const lastPage = Math.ceil(all.length / 100);
    expect(idsOf(await list(`?per_page=100&page=${lastPage}`))).toEqual(all.slice((lastPage - 1) * 100));
  });

  it('answers 422 to a bad page, page size or search, and never a 500 to hostile queries', async () => {
    for (const query of [...BAD_QUERIES, `search_transaction=${'x'.repeat(201)}`, 'search_transaction[]=x']) {
      const response = await list(`?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(typeof response.json().error_messages, query).toBe('string');
    }
    for (const query of [
      'search_transaction=a&search_transaction=b',
      'search_transaction[__proto__]=x',
      `search_transaction=${encodeURIComponent("' OR 1=1 --")}`,
      `search_transaction=${encodeURIComponent('😀'.repeat(50))}`,
      'search_transaction=%25%25%5C_',
    ]) {
      const response = await list(`?${query}`);
      expect(response.statusCode, query).toBeLessThan(500);
    }
    expect((await list(`?search_transaction=${'x'.repeat(200)}`)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/admin/patients' })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/export_patients', () => {
  it("answers Patients.csv of the search: a BOM, the header, formula-like cells inert, an Irish name's fadas intact", async () => {
    const names = ['=HYPERLINK("http://evil.test")', '+1', '-2+3', '@SUM(A1)', '\tTab', '\rReturn'];
    for (const [index, first] of names.entries()) {
      await insertTestPatient(t.database.db, {
        firstName: first,
        lastName: 'Formulaic',
        email: `formula${index}@example.ie`,
        phone: '+353 1 555 0000',
        createdAt: new Date(Date.UTC(2024, 0, 1, 10, index)),
      });
    }
    await insertTestPatient(t.database.db, {
      firstName: 'Éabha',
      lastName: 'Ní Fhormulaic',
      email: null,
      dob: '2015-11-03',
      isAdult: false,
      guardianFirstName: 'Pádraig',
      guardianLastName: 'Ó Súilleabháin',
      isReferral: true,
      // 23:30 UTC on 30 June is 00:30 on 1 July in Dublin (summer time).
      createdAt: new Date(Date.UTC(2024, 5, 30, 23, 30)),
    });
    const response = await csv('?search_transaction=ormulaic');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Patients.csv"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body.slice(1).split('\n')[0]).toBe(patientCsvColumns.join(','));
    const lines = csvLines(response.body);
    expect(lines[0]).toBe(
      'Éabha Ní Fhormulaic,,03/11/2015,087 123 4567,Child,Pádraig Ó Súilleabháin,Yes,01/07/2024 00:30',
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      '"\'\rReturn Formulaic"',
      "'\tTab Formulaic",
      "'@SUM(A1) Formulaic",
      "'-2+3 Formulaic",
      "'+1 Formulaic",
      '"\'=HYPERLINK(""http://evil.test"") Formulaic"',
    ]);
    // A phone number needs no formula guard: written as dialled in Ireland, it reads as text.
    expect(lines[1]).toContain(',(01) 555 0000,Adult,,No,01/01/2024 10:05');

    const audit = await latestAudit('export');
    expect(audit).toMatchObject({ actor: 'admin', entityId: null });
    // How many rows and that a search narrowed them; never the words searched for (they may be a name).
    expect(audit?.details).toEqual({ format: 'csv', rows: 7, searched: true });
  });

  it('streams every patient of a long search once, in order, batch after batch', async () => {
    // Registered microseconds apart: a batch's place must be kept to the microsecond.
    await t.database.db.execute(sql`
      insert into patients (first_name, last_name, email, phone, is_adult, created_at)
      select 'Many' || i, 'Batchrow', null, '01 555 ' || i, true,
             timestamptz '2025-01-01 09:00:00.123456+00' + (i / 3) * interval '7 microseconds'
      from generate_series(1, 1203) i`);
    const expected = await t.database.db
      .select({ firstName: patients.firstName })
      .from(patients)
      .where(eq(patients.lastName, 'Batchrow'))
      .orderBy(desc(patients.createdAt), desc(patients.id));
    const response = await csv('?search_transaction=batchrow');
    expect(response.statusCode).toBe(200);
    const names = csvLines(response.body).map((line) => line.split(' ')[0]);
    expect(names).toEqual(expected.map((row) => row.firstName));
    expect(new Set(names).size).toBe(1203);
    expect((await latestAudit('export'))?.details).toEqual({ format: 'csv', rows: 1203, searched: true });
  });

  it('exports every patient without a search', async () => {
    const response = await csv();
    expect(response.statusCode).toBe(200);
    expect(csvLines(response.body)).toHaveLength((await allIdsNewestFirst()).length);
    expect((await latestAudit('export'))?.details).toMatchObject({ searched: false });
  });

  it('answers 422 to a bad filter and never a 500', async () => {
    for (const query of [
      `search_transaction=${'x'.repeat(201)}`,
      'search_transaction[]=x',
      'search_transaction=a&search_transaction=b',
      '__proto__=1',
      'page=1',
    ]) {
      expect((await csv(`?${query}`)).statusCode, query).toBe(422);
    }
  });
});

describe('GET /api/admin/patients/:id', () => {
  it('answers a booked patient with their files and appointments, and audits the read', async () => {
    const { patientId, slot } = await bookWithFiles(
      t.app,
      t.database.db,
      { first_name: 'Clodagh', last_name: 'Doyle', email: 'clodagh@example.ie' },
      {
        result: { fileName: 'Torthaí.pdf', bytes: testFile('letter.pdf') },
        referral_letter: { fileName: 'letter.docx', bytes: testFile('letter.docx') },
      },
    );
    const before = (await latestAudit('read'))?.id ?? 0;
    const response = await get(`/api/admin/patients/${patientId}`);
    expect(response.statusCode, response.body).toBe(200);
    const patient = response.json().patient;
    const [row] = await t.database.db.select().from(patients).where(eq(patients.id, patientId));
    expect(patient).toMatchObject({
      id: patientId,
      first_name: 'Clodagh',
      last_name: 'Doyle',
      full_name: 'Clodagh Doyle',
      email: 'clodagh@example.ie',
      phone: '087 123 4567',
      dob: '1990-04-12',
      is_adult: true,
      consultant_name: 'Dr Walsh',
      consultant_addres: '12 Main Street, Dundrum, Dublin 14',
      consultant_email: 'gp@example.ie',
      allergens: 'Sneezing every spring near grass',
      is_referral: false,
      address: null,
      concerns: null,
      result: { id: row!.resultFileId, name: 'Torthaí.pdf', url: staffFileUrl(row!.resultFileId!) },
      referral_letter: { id: row!.referralLetterFileId, name: 'letter.docx' },
      attachment: null,
    });
    expect(patient.appointments).toHaveLength(1);
    const [year, month, day] = slot.startsAt.slice(0, 10).split('-');
    expect(patient.appointments[0]).toMatchObject({
      data: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      start_time: '10:00',
      is_video_call: false,
      status_label: 'Being booked',
      appointment_status: 'held',
    });
    expect(patient.appointments[0].data).toBe(`${day}/${month}/${year}`);

    const audit = await latestAudit('read');
    expect(audit!.id).toBeGreaterThan(before);
    expect(audit).toMatchObject({ entityId: String(patientId), details: { via: 'patient' } });

    const download = await get(patient.result.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(testFile('letter.pdf'));
  });

  it("labels each appointment by its payment, staff's booking or state, newest first", async () => {
    const booking = await paidBooking(t.app, t.database.db, {
      form: { first_name: 'Darragh', last_name: 'Walsh', email: 'darragh@example.ie' },
    });
    const older = await insertAppointment(t.database.db, {
      patientId: booking.patientId,
      slotId: await insertSlot(t.database.db, { startsAt: '2025-03-30T09:30:00Z', isVideoCall: true }),
      status: 'attended',
      bookedByAdmin: true,
      priceCents: 8500,
      createdAt: new Date('2025-03-01T12:00:00Z'),
    });
    const response = await get(`/api/admin/patients/${booking.patientId}`);
    expect(response.json().patient.appointments).toEqual([
      {
        id: booking.appointmentId,
        data: expect.any(String),
        start_time: '10:00',
        is_video_call: false,
        status_label: 'Paid',
        appointment_status: 'paid',
        intake_signed: false,
      },
      {
        id: older.id,
        // 09:30 UTC on 30 March 2025 is 10:30 in Dublin (summer time began that night).
        data: '30/03/2025',
        start_time: '10:30',
        is_video_call: true,
        status_label: 'Booked by admin',
        appointment_status: 'attended',
        intake_signed: false,
      },
    ]);
  });

  it("answers a self-referral's answers", async () => {
    const letter = await storePrivateFile(t.database.db, 'referral.pdf', testFile('letter.pdf'));
    const referral = await insertTestPatient(t.database.db, {
      firstName: 'Róisín',
      lastName: 'Gallagher',
      isReferral: true,
      referralLetterFileId: letter,
      address: '4 Strand Road, Sandymount, Dublin 4',
      gpDetails: 'Dr Nolan, Sandymount Clinic',
      isHayfever: true,
      isAsthma: false,
      isEczema: true,
      concerns: 'Wheezing after meals',
      suspectedAllergy: 'Peanuts, since a reaction at a party',
      consultationGoals: 'To know what is safe to eat',
      doYouHaveAnyKnownAllergies: true,
      knownAllergiesDescription: 'Penicillin',
    });
    const response = await get(`/api/admin/patients/${referral.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().patient).toMatchObject({
      is_referral: true,
      referral_letter: { id: letter, name: 'referral.pdf', url: staffFileUrl(letter) },
      address: '4 Strand Road, Sandymount, Dublin 4',
      gp_details: 'Dr Nolan, Sandymount Clinic',
      is_hayfever: true,
      is_asthma: false,
      is_eczema: true,
      concerns: 'Wheezing after meals',
      suspected_allergy: 'Peanuts, since a reaction at a party',
      consultation_hopes: 'To know what is safe to eat',
      do_you_have_any_known_allergies: true,
      known_allergies_description: 'Penicillin',
      appointments: [],
    });
  });

  it('answers 404 for an id that is no patient, numeric or not, and audits nothing', async () => {
    const before = (await latestAudit('read'))?.id;
    for (const id of ['999999', '0', '-1', '1.5', 'abc', '99999999999999999999', '__proto__', '%20']) {
      const response = await get(`/api/admin/patients/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error_messages, id).toBe('Patient not found');
    }
    expect((await latestAudit('read'))?.id).toBe(before);
  });
});

describe('GET /api/admin/upload_results/:id', () => {
  it("downloads a patient's file as an attachment that nothing runs or keeps, and audits the read", async () => {
    const fileId = await storePrivateFile(t.database.db, 'Torthaí Ní Bhriain.pdf', testFile('letter.pdf'));
    const owner = await insertTestPatient(t.database.db, { resultFileId: fileId });
    const response = await get(`/api/admin/upload_results/${fileId.toUpperCase()}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.rawPayload).toEqual(testFile('letter.pdf'));
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="Torthai Ni Bhriain.pdf"; filename*=UTF-8''${encodeURIComponent('Torthaí Ní Bhriain.pdf')}`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; sandbox",
    );
    const audit = await latestAudit('read');
    expect(audit).toMatchObject({ entityId: String(owner.id), details: { via: 'file', file_id: fileId } });

    const plain = await storePrivateFile(
      t.database.db,
      'letter "2".docx',
      testFile('letter.docx'),
      'application/msword',
    );
    await insertTestPatient(t.database.db, { attachmentFileId: plain });
    const word = await get(staffFileUrl(plain));
    expect(word.headers['content-disposition']).toBe('attachment; filename="letter _2_.docx"');
    expect(word.headers['content-type']).toBe('application/msword');
  });

  it('answers 404 for a public file, a file of no patient, an unknown id and a non-id, and audits nothing', async () => {
    const publicId = await storeUpload(
      t.database.db,
      { fileName: 'cover.pdf', bytes: testFile('letter.pdf'), mimeType: 'application/pdf', variants: [] },
      'public',
    );
    const orphan = await storePrivateFile(t.database.db, 'orphan.pdf', testFile('letter.pdf'));
    const before = (await latestAudit('read'))?.id;
    for (const id of [
      publicId,
      orphan,
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      '123',
      '__proto__',
      `${orphan}x`,
      '%20',
    ]) {
      const response = await get(`/api/admin/upload_results/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error_messages, id).toBe('File not found');
    }
    expect((await latestAudit('read'))?.id).toBe(before);
    expect((await t.app.inject({ url: staffFileUrl(orphan) })).statusCode).toBe(401);
  });
});

describe('a person whose only booking is still being made', () => {
  it('is not a patient yet: not in the list, its count and pages, the search or Patients.csv, until it is paid', async () => {
    const before = (await list()).json().count;
    const held = await bookWithFiles(
      t.app,
      t.database.db,
      { first_name: 'Heldonly', last_name: 'Quarrington', email: 'heldonly@example.ie' },
      { referral_letter: { fileName: 'letter.pdf', bytes: testFile('letter.pdf') } },
    );
    // The same person also booked by staff: a patient, whatever else they are booking.
    const mixed = await createBooking(t.app, t.database.db, {
      form: { first_name: 'Mixed', last_name: 'Quarrington', email: 'mixed@example.ie' },
    });
    await insertAppointment(t.database.db, {
      patientId: mixed.patientId,
      slotId: await insertSlot(t.database.db, { startsAt: '2025-05-06T09:00:00Z' }),
      status: 'attended',
      bookedByAdmin: true,
      priceCents: 18000,
    });
    const paid = await paidBooking(t.app, t.database.db, {
      form: { first_name: 'Paid', last_name: 'Quarrington', email: 'paid@example.ie' },
    });
    const unpaid = await createBooking(t.app, t.database.db, {
      form: { first_name: 'Unpaid', last_name: 'Quarrington', email: 'unpaid@example.ie' },
    });
    const referral = await insertTestPatient(t.database.db, {
      firstName: 'Referred',
      lastName: 'Quarrington',
      isReferral: true,
    });
    const people = [referral.id, unpaid.patientId, paid.patientId, mixed.patientId];
    const patientsNow = [referral.id, paid.patientId, mixed.patientId];

    const searched = await list('?search_transaction=quarrington');
    expect(searched.statusCode, searched.body).toBe(200);
    expect(idsOf(searched)).toEqual(patientsNow);
    expect(searched.json()).toMatchObject({ count: 3, pages: 1 });
    expect((await latestAudit('read'))?.details).toEqual({ via: 'patients_list', patient_ids: patientsNow });
    expect((await list('?search_transaction=heldonly')).json()).toEqual({ patients: [], pages: 1, count: 0 });

    const everyone = await list('?per_page=10');
    expect(everyone.json().count).toBe(before + 3);
    expect(idsOf(everyone).slice(0, 3)).toEqual(patientsNow);
    expect(idsOf(everyone)).not.toContain(held.patientId);
    // A page read from the far end agrees with the count.
    const all = await allIdsNewestFirst();
    expect(all).toHaveLength(before + 3);
    const lastPage = Math.ceil(all.length / 7);
    expect(idsOf(await list(`?per_page=7&page=${lastPage}`))).toEqual(all.slice((lastPage - 1) * 7));

    const exported = await csv('?search_transaction=quarrington');
    expect(csvLines(exported.body).map((line) => line.split(' ')[0])).toEqual(['Referred', 'Paid', 'Mixed']);
    expect((await latestAudit('export'))?.details).toEqual({ format: 'csv', rows: 3, searched: true });
    const wholeCsv = await csv();
    expect(wholeCsv.body).not.toContain('Heldonly');
    expect(wholeCsv.body).toContain('Mixed Quarrington');
    expect(csvLines(wholeCsv.body)).toHaveLength(before + 3);

    // Staff still reach them by id: an appointment being paid for (a card declined) links to them, and an
    // access request or an erasure covers what they sent.
    const detail = await get(`/api/admin/patients/${held.patientId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().patient.appointments).toMatchObject([{ appointment_status: 'held' }]);

    // Once paid, the booking is made: they are a patient.
    const payment = await pay(t.app, unpaid, {
      customer_email: 'unpaid@example.ie',
      price: unpaid.price * 100,
    });
    expect(payment.statusCode, payment.body).toBe(200);
    expect(idsOf(await list('?search_transaction=quarrington'))).toEqual(people);
  });
});

describe('the audit entries of these reads and exports', () => {
  it('hold ids, counts and field names, never the person', async () => {
    const rows = await t.database.db.select({ details: auditLog.details }).from(auditLog);
    const text = JSON.stringify(rows).toLowerCase();
    for (const personal of ['clodagh', 'doyle', 'aoife@example.ie', '087 123 4567', '1990-04-12', 'briain']) {
      expect(text).not.toContain(personal);
    }
  });
});
