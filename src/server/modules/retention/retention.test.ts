import { eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  auditLog,
  contactMessages,
  emailOutbox,
  files,
  patients,
  payments,
  referrals,
  slots,
} from '../../db/schema';
import type { JobLogger } from '../../jobs/job-runner';
import { createAdminBookingTestApp, nextAddress, paidBooking } from '../../test/booking-fixtures';
import { type MultipartValue, testFile } from '../../test/multipart';
import {
  columnsHoldingAny,
  insertTestPatient,
  postReferral,
  storePrivateFile,
} from '../../test/patient-fixtures';
import { auditOf, staffBooking, storedAppointment } from '../../test/staff-fixtures';
import type { AdminTestApp } from '../../test/test-app';
import { systemActor } from '../audit/audit-log';
import { sendContactMessage } from '../contact/contact-service';
import { erasePatientRecords, NEWER_THAN_CUTOFF } from '../patient-records/patient-records-service';
import { insertPayment } from '../payments/payment-repository';
import { retentionJob } from './retention-job';
import { purgeExpiredData, type RetentionCounts, retentionCutoff } from './retention-service';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

const DAY = 86_400_000;
const SECOND = 1000;

/** What a job's logger was told, by level. */
function recordingLogger() {
  const logged: { level: 'info' | 'warn' | 'error'; details: unknown; message?: string }[] = [];
  const logger: JobLogger = {
    info: (details: unknown, message?: string) => logged.push({ level: 'info', details, message }),
    warn: (details: unknown, message?: string) => logged.push({ level: 'warn', details, message }),
    error: (details: unknown, message?: string) => logged.push({ level: 'error', details, message }),
  } as JobLogger;
  return { logger, logged };
}

const nothing: RetentionCounts = {
  contact_messages: 0,
  referrals: 0,
  bookings: 0,
  patients: 0,
  files: 0,
  emails: 0,
  intake_forms: 0,
  waitlist_entries: 0,
  texts: 0,
};

let person = 0;

/** A message sent through the contact form (as the website sends it); answers its row. */
async function contactMessage(name: string) {
  person += 1;
  const email = `${name.toLowerCase()}${person}@example.ie`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/contact_us',
    payload: { name: `${name} Contact`, email, phone: '087 555 0101', message: `A question from ${name}.` },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(201);
  const [row] = await db().select().from(contactMessages).where(eq(contactMessages.email, email));
  return row!;
}

/** A self-referral sent with a letter (multipart, as the website sends it); answers its patient and referral ids. */
async function letterReferral(surname: string) {
  person += 1;
  const fields: Record<string, MultipartValue> = {
    is_referral: 'true',
    has_referral_letter: 'true',
    full_name: `Cian ${surname}`,
    email: `${surname.toLowerCase()}${person}@example.ie`,
    phone: '0851234567',
    dob: '2015-06-01',
    signature: `Cian ${surname}`,
    referral_letter: { fileName: `${surname} letter.pdf`, bytes: testFile('letter.pdf') },
  };
  const patientId = await postReferral(t.app, fields);
  const [referral] = await db().select().from(referrals).where(eq(referrals.patientId, patientId));
  return {
    patientId,
    referralId: referral!.id,
    fileId: (await patientRow(patientId))!.referralLetterFileId!,
  };
}

/** A visitor's booking paid by card, with a result and an attachment stored on the patient. */
async function paidBookingWithFiles(surname: string) {
  person += 1;
  const booking = await paidBooking(t.app, db(), {
    form: {
      first_name: 'Fionnuala',
      last_name: surname,
      email: `${surname.toLowerCase()}${person}@example.ie`,
    },
  });
  const result = await storePrivateFile(db(), `${surname} result.pdf`, testFile('letter.pdf'));
  const attachment = await storePrivateFile(db(), 'attachment.pdf', testFile('letter.pdf'));
  await db()
    .update(patients)
    .set({ resultFileId: result, attachmentFileId: attachment })
    .where(eq(patients.id, booking.patientId));
  return { ...booking, fileIds: [result, attachment] };
}

const patientRow = async (id: number) => (await db().select().from(patients).where(eq(patients.id, id)))[0];
const appointmentRow = async (id: number) =>
  (await db().select().from(appointments).where(eq(appointments.id, id)))[0];

/** Sets when an appointment takes place: its slot's start (the slot lasts half an hour unless `lengthMs` says). */
async function takesPlaceAt(appointmentId: number, startsAt: Date, lengthMs = 30 * 60_000) {
  const appointment = await appointmentRow(appointmentId);
  await db()
    .update(slots)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + lengthMs) })
    .where(eq(slots.id, appointment!.slotId!));
}

const emailsAbout = (where: { appointmentId?: number; referralId?: number; id?: number | null }) =>
  db()
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      where.appointmentId !== undefined
        ? eq(emailOutbox.appointmentId, where.appointmentId)
        : where.referralId !== undefined
          ? eq(emailOutbox.referralId, where.referralId)
          : eq(emailOutbox.id, where.id ?? -1),
    );

const purgeEntries = () =>
  db().select().from(auditLog).where(eq(auditLog.action, 'retention_purge')).orderBy(auditLog.id);

describe('the retention job (RETENTION_DAYS of form data, then deleted)', () => {
  /*
   * The clock the runs are made at is 120 days from now, so its cut-off (90 days before it) is 30 days from now:
   * everything is made now, then placed just before or just after the cut-off (a second either side).
   */
  const clock = new Date(Math.floor(Date.now() / SECOND) * SECOND + 120 * DAY);
  const cutoff = retentionCutoff(clock, 90);
  const justOlder = new Date(cutoff.getTime() - SECOND);
  const justYounger = new Date(cutoff.getTime() + SECOND);

  let oldContact: Awaited<ReturnType<typeof contactMessage>>;
  let youngContact: Awaited<ReturnType<typeof contactMessage>>;
  let oldReferral: Awaited<ReturnType<typeof letterReferral>>;
  let youngReferral: Awaited<ReturnType<typeof letterReferral>>;
  let oldBooking: Awaited<ReturnType<typeof paidBookingWithFiles>>;
  let youngBooking: Awaited<ReturnType<typeof paidBookingWithFiles>>;
  let futureBooking: Awaited<ReturnType<typeof paidBookingWithFiles>>;
  let oldStaffBooking: Awaited<ReturnType<typeof staffBooking>>;
  let unsettled: { patientId: number; appointmentId: number };
  const expected = { ...nothing };

  beforeAll(async () => {
    oldContact = await contactMessage('Oisin');
    youngContact = await contactMessage('Yvonne');
    await db()
      .update(contactMessages)
      .set({ createdAt: justOlder })
      .where(eq(contactMessages.id, oldContact.id));
    await db()
      .update(contactMessages)
      .set({ createdAt: justYounger })
      .where(eq(contactMessages.id, youngContact.id));

    oldReferral = await letterReferral('Quinlivan');
    youngReferral = await letterReferral('Youngreferral');
    await db()
      .update(referrals)
      .set({ createdAt: justOlder })
      .where(eq(referrals.id, oldReferral.referralId));
    await db()
      .update(referrals)
      .set({ createdAt: justYounger })
      .where(eq(referrals.id, youngReferral.referralId));

    // Booked now for a time a month ahead: 90 days after that time (and a second) it goes.
    // Two seconds apart: the earlier time is made two seconds long, so the two do not overlap.
    oldBooking = await paidBookingWithFiles('Ruadhan');
    await takesPlaceAt(oldBooking.appointmentId, justOlder, 2 * SECOND);
    youngBooking = await paidBookingWithFiles('Youngbooking');
    await takesPlaceAt(youngBooking.appointmentId, justYounger);
    // Booked by staff, a video consultation at the same time (another kind of time: no overlap).
    oldStaffBooking = await staffBooking(t.app, db(), t.auth, {
      slot: { isVideoCall: true },
      form: { first_name: 'Staffbooked', last_name: 'Oldperson', email: 'staffbooked@example.ie' },
    });
    await takesPlaceAt(oldStaffBooking.id, justOlder);
    // Paid the day before the clock, for a time a month after it.
    futureBooking = await paidBookingWithFiles('Futurebooking');
    await takesPlaceAt(futureBooking.appointmentId, new Date(clock.getTime() + 30 * DAY));
    await db()
      .update(patients)
      .set({ createdAt: new Date(clock.getTime() - DAY) })
      .where(eq(patients.id, futureBooking.patientId));
    await db()
      .update(payments)
      .set({ paidAt: new Date(clock.getTime() - DAY), createdAt: new Date(clock.getTime() - DAY) })
      .where(eq(payments.appointmentId, futureBooking.appointmentId));
    // An old booking whose payment the provider never settled: its erasure is refused, so it is kept.
    const stored = await storedAppointment(db(), { status: 'cancelled' });
    await insertPayment(db(), {
      appointmentId: stored.appointment.id,
      provider: 'test',
      idempotencyKey: `retention-${stored.appointment.id}`,
      amountCents: 18000,
      status: 'processing',
      customerEmail: 'unsettled@example.ie',
    });
    await takesPlaceAt(stored.appointment.id, new Date(justOlder.getTime() - 3 * DAY));
    unsettled = { patientId: stored.patientId, appointmentId: stored.appointment.id };

    const count = async (where: Parameters<typeof emailsAbout>[0]) => (await emailsAbout(where)).length;
    Object.assign(expected, {
      contact_messages: 1,
      referrals: 1,
      bookings: 2,
      patients: 3,
      // The referral's letter, the paid booking's result and attachment.
      files: 3,
      emails:
        (await count({ id: oldContact.emailOutboxId })) +
        (await count({ referralId: oldReferral.referralId })) +
        (await count({ appointmentId: oldBooking.appointmentId })) +
        (await count({ appointmentId: oldStaffBooking.id })),
    });
    expect(expected.emails).toBeGreaterThanOrEqual(6);
  });

  it('deletes nothing a second before the old things reach the cut-off, and audits nothing', async () => {
    const { logger, logged } = recordingLogger();
    const job = retentionJob({ db: db(), retentionDays: 90, logger });
    const run = await job.run(new Date(clock.getTime() - 2 * SECOND));
    expect(run.deleted).toEqual(nothing);
    expect(await purgeEntries()).toEqual([]);
    expect(logged.filter((entry) => entry.level === 'info')).toEqual([]);
    expect(await patientRow(oldBooking.patientId)).toBeDefined();
    expect(await patientRow(oldReferral.patientId)).toBeDefined();
    expect(
      await db().select().from(contactMessages).where(eq(contactMessages.id, oldContact.id)),
    ).toHaveLength(1);
  });

  it('deletes what is just older than the cut-off, keeps what is just younger, and audits the counts once', async () => {
    const before = await db()
      .select({ id: auditLog.id })
      .from(auditLog)
      .then((rows) => rows.length);
    const { logger, logged } = recordingLogger();
    const run = await retentionJob({ db: db(), retentionDays: 90, logger }).run(clock);
    expect(run.cutoff).toEqual(cutoff);
    expect(run.deleted).toEqual(expected);
    expect(run.kept).toEqual([{ patientId: unsettled.patientId, reason: expect.any(String) }]);
    expect(logged.map((entry) => entry.level)).toEqual(['info', 'warn']);
    expect(logged[0]?.details).toMatchObject({ ...expected, older_than_days: 90 });

    // The contact message and its e-mail to the clinic: gone; the younger one: kept, with its e-mail.
    expect(await db().select().from(contactMessages).where(eq(contactMessages.id, oldContact.id))).toEqual(
      [],
    );
    expect(await emailsAbout({ id: oldContact.emailOutboxId })).toEqual([]);
    expect(
      await db().select().from(contactMessages).where(eq(contactMessages.id, youngContact.id)),
    ).toHaveLength(1);
    expect(await emailsAbout({ id: youngContact.emailOutboxId })).toHaveLength(1);

    // The referral, its patient, letter and e-mails: gone; the younger one kept.
    expect(await db().select().from(referrals).where(eq(referrals.id, oldReferral.referralId))).toEqual([]);
    expect(await patientRow(oldReferral.patientId)).toBeUndefined();
    expect(await emailsAbout({ referralId: oldReferral.referralId })).toEqual([]);
    expect(await patientRow(youngReferral.patientId)).toBeDefined();
    expect(await emailsAbout({ referralId: youngReferral.referralId })).toHaveLength(2);

    // The bookings whose time is 90 days gone: the person, files and e-mails gone; the appointment and payment
    // kept with the amount, state and dates, without the person.
    for (const booking of [
      { patientId: oldBooking.patientId, appointmentId: oldBooking.appointmentId },
      { patientId: oldStaffBooking.patientId, appointmentId: oldStaffBooking.id },
    ]) {
      expect(await patientRow(booking.patientId)).toBeUndefined();
      expect(await emailsAbout({ appointmentId: booking.appointmentId })).toEqual([]);
      expect(await appointmentRow(booking.appointmentId)).toMatchObject({
        patientId: null,
        priceCents: expect.any(Number),
        bookedFrom: null,
        holdTokenHash: null,
        accessTokenHash: null,
        manageTokenHash: null,
      });
    }
    const [payment] = await db()
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, oldBooking.appointmentId));
    expect(payment).toMatchObject({ amountCents: 18000, status: 'succeeded', customerEmail: null });
    expect(payment?.paidAt).toBeInstanceOf(Date);
    expect(payment?.createdAt).toBeInstanceOf(Date);
    expect(
      await db()
        .select({ id: files.id })
        .from(files)
        .where(inArray(files.id, [...oldBooking.fileIds, oldReferral.fileId])),
    ).toEqual([]);
    // The addresses visitors booked, paid and referred from are gone from the audit entries too.
    for (const [entity, id] of [
      ['appointment', oldBooking.appointmentId],
      ['payment', payment!.id],
      ['referral', oldReferral.referralId],
    ] as const) {
      const entries = await auditOf(db(), entity, id);
      if (entity !== 'payment')
        expect(entries.filter((entry) => entry.actor === 'visitor').length, entity).toBeGreaterThan(0);
      expect(entries.map((entry) => entry.ip).filter(Boolean), entity).toEqual([]);
    }
    // Nothing of those people is left in any text or JSON column.
    expect(
      await columnsHoldingAny(
        db(),
        'Quinlivan',
        'Ruadhan',
        'Oldperson',
        'staffbooked@example.ie',
        oldContact.email,
        oldContact.name,
        oldContact.message,
      ),
    ).toEqual([]);

    // Kept: the booking a second younger, the one to come (paid the day before), the unsettled one.
    for (const kept of [youngBooking, futureBooking]) {
      expect(await patientRow(kept.patientId)).toBeDefined();
      expect(
        await db().select({ id: files.id }).from(files).where(inArray(files.id, kept.fileIds)),
      ).toHaveLength(2);
      expect((await emailsAbout({ appointmentId: kept.appointmentId })).length).toBeGreaterThan(0);
    }
    expect(await patientRow(unsettled.patientId)).toBeDefined();

    // One audit entry, by the system, with counts only.
    const entries = await purgeEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: 'system',
      adminUserId: null,
      ip: null,
      entity: 'retention',
      entityId: null,
      details: { ...expected, older_than_days: 90, cutoff: cutoff.toISOString() },
    });
    const all = await db().select({ id: auditLog.id, action: auditLog.action }).from(auditLog);
    // The erasures wrote no entries of their own: the run's one entry is all.
    expect(all.length - before).toBe(1);
    expect(all.filter((entry) => entry.action === 'erase')).toEqual([]);
  });

  it('shows the run in the audit log as the system, with its counts and no admin', async () => {
    const response = await t.app.inject({
      url: '/api/admin/audit_log?search=retention',
      headers: t.auth,
    });
    expect(response.statusCode).toBe(200);
    const [entry, ...others] = response.json().audit_entries;
    expect(others).toEqual([]);
    expect(entry).toEqual({
      id: expect.any(Number),
      created_at: expect.any(String),
      actor: 'system',
      admin_email: null,
      action: 'retention_purge',
      entity: 'retention',
      entity_id: null,
      fields: [],
      context: null,
      purge: { ...expected, older_than_days: 90 },
      roles: null,
      email_tried: null,
      reason: null,
    });
    // Every other entry has no counts.
    const page = await t.app.inject({ url: '/api/admin/audit_log?per_page=100', headers: t.auth });
    for (const other of page.json().audit_entries) {
      if (other.action !== 'retention_purge') expect(other.purge).toBeNull();
    }
  });

  it('deletes nothing more, and audits nothing, when run again at the same time', async () => {
    const run = await purgeExpiredData(db(), 90, clock);
    expect(run.deleted).toEqual(nothing);
    expect(await purgeEntries()).toHaveLength(1);
  });

  it('a day later, deletes what was a second younger, and the unsettled booking once its payment is settled', async () => {
    await db()
      .update(payments)
      .set({ status: 'failed' })
      .where(eq(payments.appointmentId, unsettled.appointmentId));
    const run = await purgeExpiredData(db(), 90, new Date(clock.getTime() + DAY));
    expect(run.deleted).toEqual({
      contact_messages: 1,
      referrals: 1,
      bookings: 2,
      patients: 3,
      files: 3,
      emails: expect.any(Number),
      intake_forms: 0,
      waitlist_entries: 0,
      texts: 0,
    });
    expect(run.kept).toEqual([]);
    expect(await patientRow(youngBooking.patientId)).toBeUndefined();
    expect(await patientRow(youngReferral.patientId)).toBeUndefined();
    expect(await patientRow(unsettled.patientId)).toBeUndefined();
    expect(await patientRow(futureBooking.patientId)).toBeDefined();
    const [, second] = await purgeEntries();
    expect(second?.details).toMatchObject({ contact_messages: 1, referrals: 1, bookings: 2, files: 3 });
  });

  it('never erases a person with anything newer than the cut-off, even if asked (checked under the locks)', async () => {
    const { patientId } = await storedAppointment(db(), { status: 'attended' });
    // Their appointment took place long ago, but their row was made after the cut-off.
    await takesPlaceAt(
      (await db().select().from(appointments).where(eq(appointments.patientId, patientId)))[0]!.id,
      new Date(cutoff.getTime() - 10 * DAY),
    );
    await db().update(patients).set({ createdAt: justYounger }).where(eq(patients.id, patientId));
    await expect(
      erasePatientRecords(db(), systemActor, patientId, { now: clock, olderThan: cutoff }),
    ).rejects.toThrow(NEWER_THAN_CUTOFF);
    expect(await patientRow(patientId)).toBeDefined();
  });
});

describe("visitors' traces in the audit log", () => {
  it('forgets the address and the typed e-mail of visitor entries older than the cut-off, keeping the entries', async () => {
    const now = new Date('2031-06-01T10:00:00Z');
    const entry = (createdAt: Date, action: 'login_failed' | 'create', ip: string) =>
      db()
        .insert(auditLog)
        .values({
          actor: 'visitor',
          action,
          entity: action === 'login_failed' ? 'admin_user' : 'contact_message',
          details: action === 'login_failed' ? { email: 'someone@example.ie' } : { fields: ['name'] },
          ip,
          createdAt,
        })
        .returning({ id: auditLog.id });
    const [old] = await entry(new Date(now.getTime() - 90 * DAY - SECOND), 'login_failed', '203.0.113.7');
    const [oldCreate] = await entry(new Date(now.getTime() - 90 * DAY - SECOND), 'create', '203.0.113.8');
    const [young] = await entry(new Date(now.getTime() - 90 * DAY + SECOND), 'login_failed', '203.0.113.9');

    await purgeExpiredData(db(), 90, now);

    const rows = await db()
      .select({ id: auditLog.id, ip: auditLog.ip, details: auditLog.details })
      .from(auditLog)
      .where(inArray(auditLog.id, [old!.id, oldCreate!.id, young!.id]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(old!.id)).toEqual({ id: old!.id, ip: null, details: {} });
    expect(byId.get(oldCreate!.id)).toEqual({ id: oldCreate!.id, ip: null, details: { fields: ['name'] } });
    expect(byId.get(young!.id)).toEqual({
      id: young!.id,
      ip: '203.0.113.9',
      details: { email: 'someone@example.ie' },
    });
  });
});

describe('two instances running the retention job at once, in batches', () => {
  it('delete each thing once, and their audit entries count each once', async () => {
    // Far enough ahead that everything the tests above kept is old by then too.
    const clock = new Date(Date.now() + 400 * DAY);
    const before = (await purgeEntries()).length;
    // More than a batch of each: contact messages (with their e-mails) and people with appointments long over.
    for (let index = 0; index < 230; index += 1) {
      await sendContactMessage(db(), 'desk@clinic.test', {
        name: `Batch ${index}`,
        email: `batch${index}@example.ie`,
        phone: undefined,
        message: 'A question.',
      });
    }
    const old = new Date(clock.getTime() - 100 * DAY);
    for (let index = 0; index < 60; index += 1) {
      await insertTestPatient(db(), { lastName: `Batchperson${index}` });
    }
    for (let index = 0; index < 5; index += 1) {
      const { appointment } = await storedAppointment(db(), { status: 'attended' });
      await takesPlaceAt(appointment.id, new Date(old.getTime() - index * DAY));
    }
    const contactCount = await db().$count(contactMessages);
    const patientCount = await db().$count(patients);
    const bookingCount = await db().$count(appointments, isNotNull(appointments.patientId));

    const runs = await Promise.all([purgeExpiredData(db(), 90, clock), purgeExpiredData(db(), 90, clock)]);
    const total = (key: keyof RetentionCounts) => runs.reduce((sum, run) => sum + run.deleted[key], 0);
    expect(total('contact_messages')).toBe(contactCount);
    expect(total('patients')).toBe(patientCount);
    expect(total('bookings')).toBe(bookingCount);
    expect(await db().$count(contactMessages)).toBe(0);
    expect(await db().$count(patients)).toBe(0);

    const entries = (await purgeEntries()).slice(before);
    expect(entries.length).toBeGreaterThanOrEqual(1);
    expect(entries.length).toBeLessThanOrEqual(2);
    const audited = (key: keyof RetentionCounts) =>
      entries.reduce((sum, entry) => sum + Number((entry.details as Record<string, number>)[key] ?? 0), 0);
    for (const key of ['contact_messages', 'patients', 'bookings', 'emails'] as const) {
      expect(audited(key), key).toBe(total(key));
    }
    expect((await purgeExpiredData(db(), 90, clock)).deleted).toEqual(nothing);
  }, 120_000);
});
