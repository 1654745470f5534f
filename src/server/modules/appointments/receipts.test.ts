import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manageBookingTexts } from '../../../shared/manage-booking';
import { receiptTexts } from '../../../shared/receipts';
import { appointments, emailOutbox, payments, receipts, slots, teamMembers } from '../../db/schema';
import { createAdminBookingTestApp, paidBooking } from '../../test/booking-fixtures';
import { emailsAbout, staffBooking } from '../../test/staff-fixtures';
import { type AdminTestApp, signInAsNewStaff } from '../../test/test-app';
import { clinicYearOf } from './receipt-repository';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

/** The PDF's text, as an insurer's clerk would read it. */
async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

const downloadReceipt = (id: number, auth = t.auth) =>
  t.app.inject({ url: `/api/admin/transactions/${id}/receipt`, headers: auth });

const statement = (patientId: number, year: string, auth = t.auth) =>
  t.app.inject({ url: `/api/admin/patients/${patientId}/statement?year=${year}`, headers: auth });

/** The booking link the confirmation e-mail carries. */
async function linkOf(appointmentId: number) {
  for (const mail of await emailsAbout(db(), appointmentId)) {
    const found = /\/booking\/([0-9A-Z]+)#([\w-]{43})/.exec(mail.textBody);
    if (found?.[1] && found[2]) return { reference: found[1], token: found[2] };
  }
  throw new Error('no booking link');
}

async function addTeamMember(fullName: string, medicalCouncilNumber: string | null) {
  const [row] = await db()
    .insert(teamMembers)
    .values({ fullName, userType: 'Consultant Allergist', description: '-', medicalCouncilNumber })
    .returning();
  return row!.id;
}

const NUMBER = /^\d{4}-\d{6}$/;

describe('GET /api/admin/transactions/:id/receipt', () => {
  it('answers the numbered receipt the confirmation carried, as a PDF insurers accept', async () => {
    const booking = await paidBooking(t.app, db(), { form: { email: 'receipt1@example.ie' } });
    const [stored] = await db()
      .select()
      .from(receipts)
      .where(eq(receipts.appointmentId, booking.appointmentId));
    expect(stored).toBeDefined();
    const number = `${stored!.year}-${String(stored!.number).padStart(6, '0')}`;
    expect(number).toMatch(NUMBER);
    // The confirmation's attachment has the number in its name and text.
    const [confirmation] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'receipt1@example.ie'));
    const attachment = confirmation?.attachments?.find((each) => each.contentType === 'application/pdf');
    expect(attachment?.filename).toBe(`receipt-${number}.pdf`);
    expect(await pdfText(Buffer.from(attachment!.content, 'base64'))).toContain(`Receipt ${number}`);

    const response = await downloadReceipt(booking.appointmentId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="receipt-${number}.pdf"`);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Dublin Allergy Clinic');
    expect(text).toContain('Sandyford Park Private Hospital');
    expect(text).toMatch(new RegExp(`Receipt number\\s+${number}`));
    expect(text).toMatch(/Patient\s+Aoife Byrne/);
    expect(text).toMatch(/Date of visit\s+\d\d\/\d\d\/\d{4}/);
    expect(text).toMatch(/Service\s+Allergy test \(skin prick test\), adult/);
    expect(text).toMatch(/Fee\s+€180/);
    expect(text).toMatch(/Amount paid\s+€180/);
    expect(text).toMatch(/Amount refunded\s+€0/);
    expect(text).toMatch(/Paid by card on\s+\d\d\/\d\d\/\d{4}/);
    expect(text).not.toContain('(parent or guardian)');
    // No consultant named by the slot or the clinic: none on the receipt.
    expect(text).not.toMatch(/^Consultant /m);
    // A second copy has the same number.
    expect((await downloadReceipt(booking.appointmentId)).headers['content-disposition']).toContain(number);
  });

  it('names a patient written in letters beyond Latin-1 as they wrote it', async () => {
    const booking = await paidBooking(t.app, db(), {
      form: { first_name: 'Łukasz', last_name: 'Wiśniewski' },
    });
    const response = await downloadReceipt(booking.appointmentId);
    expect(response.statusCode, response.body).toBe(200);
    expect(await pdfText(response.rawPayload)).toMatch(/Patient\s+Łukasz Wiśniewski/);
  });

  it('gives one number to two downloads at once of one appointment, and different ones to two appointments', async () => {
    const first = await paidBooking(t.app, db());
    const second = await paidBooking(t.app, db());
    // As for an appointment paid before receipts were numbered: none yet.
    await db().delete(receipts).where(eq(receipts.appointmentId, first.appointmentId));
    await db().delete(receipts).where(eq(receipts.appointmentId, second.appointmentId));
    const answers = await Promise.all([
      downloadReceipt(first.appointmentId),
      downloadReceipt(first.appointmentId),
      downloadReceipt(second.appointmentId),
      downloadReceipt(second.appointmentId),
    ]);
    const names = answers.map((answer) => answer.headers['content-disposition']);
    expect(names[0]).toBe(names[1]);
    expect(names[2]).toBe(names[3]);
    expect(names[0]).not.toBe(names[2]);
    const rows = await db().select().from(receipts);
    expect(new Set(rows.map((row) => `${row.year}-${row.number}`)).size).toBe(rows.length);
  });

  it('numbers by the payment’s clinic year: 23:30 UTC on 31 December is still that year in Dublin', async () => {
    expect(clinicYearOf(new Date('2026-12-31T23:30:00Z'))).toBe(2026);
    expect(clinicYearOf(new Date('2027-01-01T00:30:00Z'))).toBe(2027);
    // Summer: Dublin is an hour ahead of UTC.
    expect(clinicYearOf(new Date('2026-06-30T23:30:00Z'))).toBe(2026);
    const late = await paidBooking(t.app, db());
    await db().delete(receipts).where(eq(receipts.appointmentId, late.appointmentId));
    await db()
      .update(payments)
      .set({ paidAt: new Date('2026-12-31T23:30:00Z') })
      .where(eq(payments.appointmentId, late.appointmentId));
    const response = await downloadReceipt(late.appointmentId);
    expect(response.headers['content-disposition']).toMatch(/receipt-2026-\d{6}\.pdf/);
    expect(await pdfText(response.rawPayload)).toMatch(/Paid by card on\s+31\/12\/2026/);
  });

  it('names the slot’s consultant, else the clinic’s default, with their Medical Council number', async () => {
    const slotConsultant = await addTeamMember('Dr Niamh Kelly', '412345');
    const defaultConsultant = await addTeamMember('Dr Conor Ryan', '98765');
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: t.auth,
      payload: { default_consultant_id: defaultConsultant },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().settings).toMatchObject({
      require_second_factor: false,
      default_consultant_id: defaultConsultant,
    });

    const named = await paidBooking(t.app, db());
    await db().update(slots).set({ consultantId: slotConsultant }).where(eq(slots.id, named.slot.id));
    const byDefault = await paidBooking(t.app, db());
    const namedText = await pdfText((await downloadReceipt(named.appointmentId)).rawPayload);
    expect(namedText).toMatch(/Consultant\s+Dr Niamh Kelly, Medical Council registration no. 412345/);
    const defaultText = await pdfText((await downloadReceipt(byDefault.appointmentId)).rawPayload);
    expect(defaultText).toMatch(/Consultant\s+Dr Conor Ryan, Medical Council registration no. 98765/);

    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: t.auth,
      payload: { default_consultant_id: null },
    });
    expect(await pdfText((await downloadReceipt(byDefault.appointmentId)).rawPayload)).not.toMatch(
      /^Consultant /m,
    );
  });

  it('names a child as the patient and the guardian as who paid', async () => {
    const child = await paidBooking(t.app, db(), {
      slot: { isAdult: false },
      form: {
        is_adult: false,
        first_name: 'Saoirse',
        guardian_first_name: 'Mary',
        guardian_last_name: 'Byrne',
      },
    });
    const text = await pdfText((await downloadReceipt(child.appointmentId)).rawPayload);
    expect(text).toMatch(/Patient\s+Saoirse Byrne/);
    expect(text).toMatch(/Paid by\s+Mary Byrne \(parent or guardian\)/);
    expect(text).toMatch(/Service\s+Allergy test \(skin prick test\), child/);
  });

  it('names a child and a guardian with names as long as the forms take (35 a part), each on lines within the page', async () => {
    const part = 'Wolfeschlegelsteinhausenbergerdorff';
    const child = await paidBooking(t.app, db(), {
      slot: { isAdult: false },
      form: {
        is_adult: false,
        first_name: 'Fitzgerald-Byrne Ní Mhaoldomhnaigh',
        last_name: part,
        guardian_first_name: 'Mary Elizabeth Fitzgerald-Byrne',
        guardian_last_name: part,
      },
    });
    const response = await downloadReceipt(child.appointmentId);
    expect(response.statusCode, response.body).toBe(200);
    const text = (await pdfText(response.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(`Patient Fitzgerald-Byrne Ní Mhaoldomhnaigh ${part}`);
    expect(text).toContain(`Paid by Mary Elizabeth Fitzgerald-Byrne ${part} (parent or guardian)`);
  });

  it('shows what was refunded', async () => {
    const booking = await paidBooking(t.app, db());
    const refund = await t.app.inject({
      method: 'POST',
      url: '/api/admin/refunds',
      headers: t.auth,
      payload: { transaction_id: booking.appointmentId },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const text = await pdfText((await downloadReceipt(booking.appointmentId)).rawPayload);
    expect(text).toMatch(/Amount paid\s+€180/);
    expect(text).toMatch(/Amount refunded\s+€180/);
  });

  it('shows a part refunded as that part, and a payment taken at the desk as paid in cash', async () => {
    const booking = await paidBooking(t.app, db());
    const part = await t.app.inject({
      method: 'POST',
      url: '/api/admin/refunds',
      headers: t.auth,
      payload: { transaction_id: booking.appointmentId, amount: '50.00', reason: 'Shorter test' },
    });
    expect(part.statusCode, part.body).toBe(200);
    const refunded = await pdfText((await downloadReceipt(booking.appointmentId)).rawPayload);
    expect(refunded).toMatch(/Fee\s+€180/);
    expect(refunded).toMatch(/Amount paid\s+€180/);
    expect(refunded).toMatch(/Amount refunded\s+€50/);
    // Money given back is not owed: nothing is due.
    expect(refunded).not.toContain('Balance due');

    const booked = await staffBooking(t.app, db(), t.auth);
    const cash = await t.app.inject({
      method: 'POST',
      url: `/api/admin/transactions/${booked.id}/desk_payments`,
      headers: t.auth,
      payload: { amount: '180', method: 'cash' },
    });
    expect(cash.statusCode, cash.body).toBe(201);
    const receipt = await downloadReceipt(booked.id);
    expect(receipt.statusCode, receipt.body).toBe(200);
    const text = await pdfText(receipt.rawPayload);
    expect(text).toMatch(/Paid in cash on\s+\d{2}\/\d{2}\/\d{4}/);
    expect(text).toMatch(/Amount paid\s+€180/);
  });

  it('gives the appointment’s price as the fee, and the balance due of a part paid at the desk', async () => {
    const deskPayment = (id: number, amount: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/transactions/${id}/desk_payments`,
        headers: t.auth,
        payload: { amount, method: 'cash' },
      });
    const receiptOf = async (id: number) => {
      const response = await downloadReceipt(id);
      expect(response.statusCode, response.body).toBe(200);
      return pdfText(response.rawPayload);
    };
    const booked = await staffBooking(t.app, db(), t.auth);
    expect((await deskPayment(booked.id, '100')).statusCode).toBe(201);
    const part = await receiptOf(booked.id);
    expect(part).toMatch(/Fee\s+€180/);
    expect(part).toMatch(/Amount paid\s+€100/);
    expect(part).toMatch(/Amount refunded\s+€0/);
    expect(part).toMatch(/Balance due\s+€80/);

    // Given back in full and taken again: the payment given back does not count against the price.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/refunds',
          headers: t.auth,
          payload: { transaction_id: booked.id },
        })
      ).statusCode,
    ).toBe(200);
    expect((await deskPayment(booked.id, '150.50')).statusCode).toBe(201);
    const again = await receiptOf(booked.id);
    expect(again).toMatch(/Amount paid\s+€250.50/);
    expect(again).toMatch(/Amount refunded\s+€100/);
    expect(again).toMatch(/Balance due\s+€29.50/);
    // Nothing is due of an appointment that was cancelled.
    await db().update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, booked.id));
    expect(await receiptOf(booked.id)).not.toContain('Balance due');

    // The fee is the price the time had when booked, whatever its slot's price says now.
    const paid = await paidBooking(t.app, db());
    await db().update(slots).set({ priceCents: 99_00 }).where(eq(slots.id, paid.slot.id));
    const card = await receiptOf(paid.appointmentId);
    expect(card).toMatch(/Fee\s+€180/);
    expect(card).toMatch(/Amount paid\s+€180/);
    expect(card).not.toContain('Balance due');
  });

  it('refuses an appointment never paid online (409 receipt_not_paid), and an unknown one (404)', async () => {
    const booked = await staffBooking(t.app, db(), t.auth);
    const response = await downloadReceipt(booked.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'receipt_not_paid', error_messages: receiptTexts.notPaid });
    expect((await downloadReceipt(2_000_000_000)).statusCode).toBe(404);
    expect((await downloadReceipt(0)).statusCode).toBe(404);
  });

  it('is for every role that reads appointments, the bookkeeper too; never signed out', async () => {
    const booking = await paidBooking(t.app, db());
    for (const role of ['bookkeeper', 'reception', 'clinician'] as const) {
      const { auth } = await signInAsNewStaff(t, { role });
      expect((await downloadReceipt(booking.appointmentId, auth)).statusCode, role).toBe(200);
    }
    expect((await downloadReceipt(booking.appointmentId, { authorization: '' })).statusCode).toBe(401);
  });
});

describe('GET /api/bookings/:reference/receipt', () => {
  it('answers the patient’s receipt with their booking link’s token, and a 404 without it', async () => {
    const booking = await paidBooking(t.app, db());
    const link = await linkOf(booking.appointmentId);
    const own = await t.app.inject({
      url: `/api/bookings/${link.reference}/receipt`,
      headers: { 'x-manage-token': link.token },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['content-disposition']).toMatch(/receipt-\d{4}-\d{6}\.pdf/);
    expect(await pdfText(own.rawPayload)).toMatch(/Patient\s+Aoife Byrne/);
    for (const headers of [{ 'x-manage-token': 'A'.repeat(43) }, {}]) {
      const refused = await t.app.inject({ url: `/api/bookings/${link.reference}/receipt`, headers });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error_messages).toBe(manageBookingTexts.notFound);
    }
  });

  it('refuses a booking staff made, not paid yet, in the patient’s words (not the staff’s)', async () => {
    const booked = await staffBooking(t.app, db(), t.auth);
    const link = await linkOf(booked.id);
    const response = await t.app.inject({
      url: `/api/bookings/${link.reference}/receipt`,
      headers: { 'x-manage-token': link.token },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'receipt_not_paid',
      error_messages: receiptTexts.notPaidPatient,
    });
  });
});

describe('GET /api/admin/patients/:id/statement', () => {
  it('lists the year’s paid visits with their receipt numbers and totals; a year without any says so', async () => {
    const booking = await paidBooking(t.app, db(), {
      form: { first_name: 'Statement', last_name: 'Person' },
    });
    const year = String(clinicYearOf(new Date()));
    const response = await statement(booking.patientId, year);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="statement-${year}-patient-${booking.patientId}.pdf"`,
    );
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(`Statement of paid visits ${year}`);
    expect(text).toMatch(/Patient\s+Statement Person/);
    expect(text).toMatch(new RegExp(`${year}-\\d{6}\\s+\\d\\d/\\d\\d/\\d{4}\\s+Allergy test`));
    expect(text).toMatch(/Total\s+€180\s+€0/);

    const empty = await statement(booking.patientId, '2001');
    expect(empty.statusCode).toBe(200);
    expect(await pdfText(empty.rawPayload)).toContain(receiptTexts.statementNone);
  });

  it('refuses a bad year (422) and an unknown patient (404)', async () => {
    const booking = await paidBooking(t.app, db());
    for (const year of ['', '26', '1999', '2101', 'abcd', '2026.5']) {
      const response = await statement(booking.patientId, year);
      expect(response.statusCode, year).toBe(422);
      expect(response.json().errors.year).toEqual([receiptTexts.statementYearInvalid]);
    }
    expect(
      (await t.app.inject({ url: `/api/admin/patients/${booking.patientId}/statement`, headers: t.auth }))
        .statusCode,
    ).toBe(422);
    expect((await statement(2_000_000_000, '2026')).statusCode).toBe(404);
  });

  it('is for the bookkeeper too, but names nobody who never paid for a visit (404, as an unknown record)', async () => {
    const booking = await paidBooking(t.app, db());
    const { auth } = await signInAsNewStaff(t, { role: 'bookkeeper' });
    expect((await statement(booking.patientId, '2026', auth)).statusCode).toBe(200);
    // Booked at the desk, nothing paid yet: a bookkeeper, who has no patient list, learns no name from it by id.
    const unpaid = await staffBooking(t.app, db(), t.auth);
    for (const who of [auth, t.auth]) {
      const response = await statement(unpaid.patientId, '2026', who);
      expect(response.statusCode).toBe(404);
      expect(response.json().error_messages).toBe(receiptTexts.statementNobody);
    }
  });
});

describe('who names the consultant', () => {
  it('lets only administrators set the default consultant, which must be a team member', async () => {
    const { auth } = await signInAsNewStaff(t, { role: 'reception' });
    const member = await addTeamMember('Dr Default', '1234');
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: auth,
      payload: { default_consultant_id: member },
    });
    expect(refused.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: t.auth,
      payload: { default_consultant_id: 2_000_000_000 },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.default_consultant_id).toBeDefined();
    // Leaving it out keeps it; the second factor setting alone changes.
    const kept = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: t.auth,
      payload: { require_second_factor: false },
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('takes a slot’s consultant in the slot editor, refusing one not in the team and the bookkeeper', async () => {
    const member = await addTeamMember('Dr Slot', '555');
    const start = new Date(Date.now() + 40 * 86_400_000);
    start.setUTCHours(9, 0, 0, 0);
    const session = (consultant: number | null) => ({
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 30 * 60_000).toISOString(),
      is_adult: true,
      is_video_call: true,
      price: 85,
      consultant_id: consultant,
    });
    const save = (body: Record<string, unknown>, auth = t.auth) =>
      t.app.inject({ method: 'POST', url: '/api/admin/sessions', headers: auth, payload: body });
    const unknown = await save({ sessions_create: [session(2_000_000_000)] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors['sessions_create.0.consultant_id']).toBeDefined();
    const { auth } = await signInAsNewStaff(t, { role: 'bookkeeper' });
    expect((await save({ sessions_create: [session(member)] }, auth)).statusCode).toBe(403);
    const saved = await save({ sessions_create: [session(member)] });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await db().select().from(slots).where(eq(slots.startsAt, start));
    expect(row?.consultantId).toBe(member);
  });
});
