import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, patients } from '../../db/schema';
import { appointmentOf, createAdminBookingTestApp, paidBooking } from '../../test/booking-fixtures';
import { testFile } from '../../test/multipart';
import { bookWithFiles, insertTestPatient, storePrivateFile } from '../../test/patient-fixtures';
import { emailsAbout } from '../../test/staff-fixtures';
import type { AdminTestApp } from '../../test/test-app';
import { readZip } from '../../test/zip-reader';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const download = (id: number | string) =>
  t.app.inject({ url: `/api/admin/patients/${id}/export`, headers: t.auth });

async function exportAudits() {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'export'), eq(auditLog.entity, 'patient')))
    .orderBy(desc(auditLog.id));
}

describe('GET /api/admin/patients/:id/export (GDPR access request)', () => {
  it("answers a zip of patient.json and the patient's files, byte for byte, and audits the export", async () => {
    const { patientId, slot } = await bookWithFiles(
      t.app,
      t.database.db,
      {
        first_name: 'Saoirse',
        last_name: 'Ní Cheallaigh',
        email: 'saoirse@example.ie',
        phone: '086 765 4321',
      },
      {
        result: { fileName: 'Torthaí.pdf', bytes: testFile('letter.pdf') },
        referral_letter: { fileName: 'letter.docx', bytes: testFile('letter.docx') },
      },
    );
    // A name no file system should take as a path.
    const odd = await storePrivateFile(t.database.db, '../..\\evil:name?.pdf', testFile('empty.pdf'));
    await t.database.db.update(patients).set({ attachmentFileId: odd }).where(eq(patients.id, patientId));
    const appointment = await appointmentOf(t.database.db, patientId);

    const response = await download(patientId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="patient-${patientId}.zip"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
    const entries = readZip(response.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual([
      'patient.json',
      'files/result-Torthaí.pdf',
      'files/referral_letter-letter.docx',
      'files/attachment-_.._evil_name_.pdf',
    ]);
    const bytesOf = (name: string) => entries.find((entry) => entry.name === name)?.bytes;
    expect(bytesOf('files/result-Torthaí.pdf')).toEqual(testFile('letter.pdf'));
    expect(bytesOf('files/referral_letter-letter.docx')).toEqual(testFile('letter.docx'));
    expect(bytesOf('files/attachment-_.._evil_name_.pdf')).toEqual(testFile('empty.pdf'));
    expect(entries.find((entry) => entry.name === 'files/result-Torthaí.pdf')?.utf8).toBe(true);

    const json = JSON.parse(bytesOf('patient.json')!.toString('utf8'));
    expect(json.patient).toMatchObject({
      id: patientId,
      first_name: 'Saoirse',
      last_name: 'Ní Cheallaigh',
      full_name: 'Saoirse Ní Cheallaigh',
      email: 'saoirse@example.ie',
      phone: '086 765 4321',
      dob: '1990-04-12',
      is_adult: true,
      consultant_name: 'Dr Walsh',
      consultant_addres: '12 Main Street, Dundrum, Dublin 14',
      consultant_email: 'gp@example.ie',
      allergens: 'Sneezing every spring near grass',
      is_referral: false,
      result: { name: 'Torthaí.pdf', file: 'files/result-Torthaí.pdf' },
      referral_letter: { name: 'letter.docx', file: 'files/referral_letter-letter.docx' },
      attachment: { name: '../..\\evil:name?.pdf', file: 'files/attachment-_.._evil_name_.pdf' },
    });
    const [year, month, day] = slot.startsAt.slice(0, 10).split('-');
    expect(json.appointments).toEqual([
      expect.objectContaining({
        id: appointment.id,
        data: `${day}/${month}/${year}`,
        start_time: '10:00',
        end_time: '10:30',
        kind: 'Allergy test',
        age: 'Adult',
        status: 'held',
        price: 180,
        payment_type: 'card',
      }),
    ]);
    expect(json.payments).toEqual([]);
    expect(json.emails).toEqual([]);

    const [audit] = await exportAudits();
    expect(audit).toMatchObject({ entityId: String(patientId), actor: 'admin' });
    expect(audit?.details).toEqual({
      format: 'zip',
      appointments: 1,
      payments: 0,
      referrals: 0,
      emails: 0,
      files: 3,
      intake_forms: 0,
      texts: 0,
      waitlist_entries: 0,
    });

    if (existsSync('/usr/bin/unzip')) {
      // A real unzip program reads it too.
      const folder = mkdtempSync(join(tmpdir(), 'patient-zip-'));
      try {
        writeFileSync(join(folder, 'patient.zip'), response.rawPayload);
        expect(execFileSync('/usr/bin/unzip', ['-t', join(folder, 'patient.zip')]).toString()).toContain(
          'No errors detected',
        );
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    }
  });

  it('lists the payments with their amounts, states and dates, and the e-mails sent, without their bodies', async () => {
    const booking = await paidBooking(t.app, t.database.db, {
      form: { first_name: 'Oisín', last_name: 'Kennedy', email: 'oisin@example.ie' },
    });
    const emails = await emailsAbout(t.database.db, booking.appointmentId);
    expect(emails.length).toBeGreaterThan(0);

    const response = await download(booking.patientId);
    expect(response.statusCode).toBe(200);
    const entries = readZip(response.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(['patient.json']);
    const json = JSON.parse(entries[0]!.bytes.toString('utf8'));
    expect(json.patient).toMatchObject({ first_name: 'Oisín', result: null, referral_letter: null });
    expect(json.appointments).toEqual([
      expect.objectContaining({
        id: booking.appointmentId,
        status: 'paid',
        status_label: 'Paid',
        price: 180,
      }),
    ]);
    expect(json.payments).toEqual([
      {
        id: expect.any(Number),
        appointment_id: booking.appointmentId,
        amount: 180,
        currency: 'eur',
        status: 'succeeded',
        customer_email: 'oisin@example.ie',
        paid_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        refunded_at: null,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    expect(json.emails).toEqual(
      emails.map(({ subject }) => ({
        appointment_id: booking.appointmentId,
        referral_id: null,
        subject,
        status: 'queued',
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        sent_at: null,
      })),
    );
    const [audit] = await exportAudits();
    expect(audit?.details).toEqual({
      format: 'zip',
      appointments: 1,
      payments: 1,
      referrals: 0,
      emails: emails.length,
      files: 0,
      intake_forms: 0,
      texts: 0,
      waitlist_entries: 0,
    });
  });

  it('answers 404 for an id that is no patient, and exports nothing', async () => {
    const before = (await exportAudits()).length;
    for (const id of ['999999', '0', '-5', 'abc', '1.5', '99999999999999999999', '__proto__']) {
      const response = await download(id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error_messages, id).toBe('Patient not found');
    }
    expect((await exportAudits()).length).toBe(before);
    const patient = await insertTestPatient(t.database.db);
    expect((await t.app.inject({ url: `/api/admin/patients/${patient.id}/export` })).statusCode).toBe(401);
  });
});
