import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralTexts } from '../../../shared/referrals';
import { auditLog, emailOutbox, files, patients, referrals } from '../../db/schema';
import { createAdminBookingTestApp } from '../../test/booking-fixtures';
import { testFile } from '../../test/multipart';
import { postReferral } from '../../test/patient-fixtures';
import { auditOf } from '../../test/staff-fixtures';
import type { AdminTestApp } from '../../test/test-app';
import { readZip } from '../../test/zip-reader';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

let person = 0;
/** Sends a self-referral through the public API; answers the referral's and its patient's ids. */
async function sendReferral(
  options: { name?: string; letter?: boolean; dob?: string } = {},
): Promise<{ id: number; patientId: number; email: string }> {
  person += 1;
  const name = options.name ?? `Niamh Kelly${'x'.repeat(person % 3)}`;
  const email = `referral${person}@example.ie`;
  const fields: Record<string, string | { fileName: string; bytes: Buffer }> = {
    is_referral: 'true',
    has_referral_letter: String(Boolean(options.letter)),
    full_name: name,
    email,
    phone: '0861234567',
    dob: options.dob ?? '1979-11-02',
    signature: name,
    ...(options.letter
      ? { referral_letter: { fileName: 'gp-letter.pdf', bytes: testFile('letter.pdf') } }
      : {
          address: '4 Seafield Road, Blackrock, Co. Dublin',
          gp_details: 'Dr Nolan, Blackrock Clinic',
          concerns: 'Wheezing around cats since last spring.',
          suspected_allergy: 'Cat dander: worse after visiting my sister.',
          consultation_hopes: 'A clear answer and a plan for the inhaler.',
          is_asthma: 'true',
        }),
  };
  const patientId = await postReferral(t.app, fields);
  const [row] = await db().select().from(referrals).where(eq(referrals.patientId, patientId));
  return { id: row?.id ?? 0, patientId, email };
}

const get = (url: string, headers: Record<string, string> = t.auth) =>
  t.app.inject({ method: 'GET', url, headers });
const decide = (id: number | string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/referrals/${id}`,
    headers: t.auth,
    payload: payload as object,
  });

const patientEmails = (referralId: number, to: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.referralId, referralId))
    .orderBy(emailOutbox.id)
    .then((rows) => rows.filter((row) => row.toAddress === to));

describe('the referral triage API', () => {
  it('answers 401 without a token on every referral route', async () => {
    const { id } = await sendReferral();
    for (const [method, url] of [
      ['GET', '/api/admin/referrals'],
      ['GET', '/api/admin/referrals/awaiting'],
      ['GET', `/api/admin/referrals/${id}`],
      ['PUT', `/api/admin/referrals/${id}`],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        payload: method === 'PUT' ? { status: 'accepted' } : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lists awaiting referrals oldest first, then the rest newest first; filters by state and searches', async () => {
    const first = await sendReferral({ name: 'Oldest Waiting' });
    const decided = await sendReferral({ name: 'Already Decided' });
    const second = await sendReferral({ name: 'Newer Waiting' });
    await db()
      .update(referrals)
      .set({ createdAt: sql`now() - interval '3 days'` })
      .where(eq(referrals.id, first.id));
    expect(
      (await decide(decided.id, { status: 'declined', message: 'We do not test for this.' })).statusCode,
    ).toBe(200);

    const all = (await get('/api/admin/referrals?per_page=100')).json();
    const order = all.referrals.map((row: { id: number }) => row.id);
    expect(order.indexOf(first.id)).toBeLessThan(order.indexOf(second.id));
    expect(order.indexOf(second.id)).toBeLessThan(order.indexOf(decided.id));
    const awaiting = (await get('/api/admin/referrals?status=awaiting&per_page=100')).json();
    expect(awaiting.referrals.every((row: { status: string }) => row.status === 'awaiting')).toBe(true);
    expect(awaiting.referrals[0]).toMatchObject({
      id: first.id,
      full_name: 'Oldest Waiting',
      status_label: 'Awaiting triage',
      has_referral_letter: false,
      is_adult: true,
    });
    expect(awaiting.referrals[0].age).toBeGreaterThanOrEqual(46);
    const declined = (await get('/api/admin/referrals?status=declined')).json();
    expect(declined.referrals.map((row: { id: number }) => row.id)).toEqual([decided.id]);
    const found = (await get(`/api/admin/referrals?search=${encodeURIComponent('newer wait')}`)).json();
    expect(found).toMatchObject({ count: 1, pages: 1, referrals: [{ id: second.id }] });
    const summary = (await get('/api/admin/referrals/awaiting')).json();
    expect(summary.count).toBe(awaiting.count);
    expect(new Date(summary.oldest_received_at).getTime()).toBeLessThan(Date.now() - 2 * 86_400_000);
  });

  it('refuses a bad status filter or page with a 422, an unknown referral with a 404', async () => {
    expect((await get('/api/admin/referrals?status=lost')).statusCode).toBe(422);
    expect((await get('/api/admin/referrals?page=0')).statusCode).toBe(422);
    expect((await get('/api/admin/referrals?per_page=100000')).statusCode).toBe(422);
    for (const id of ['999999', 'abc', '-1', '1.5', '99999999999']) {
      const response = await get(`/api/admin/referrals/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error_messages).toBe(referralTexts.notFound);
    }
    expect((await decide(999_999, { status: 'accepted' })).statusCode).toBe(404);
  });

  it("reads a form referral's answers and a letter referral's letter, staff only; every read audited", async () => {
    const form = await sendReferral();
    const detail = (await get(`/api/admin/referrals/${form.id}`)).json().referral;
    expect(detail).toMatchObject({
      id: form.id,
      status: 'awaiting',
      has_referral_letter: false,
      allowed: ['accepted', 'declined', 'more_info'],
      patient: {
        id: form.patientId,
        is_referral: true,
        address: '4 Seafield Road, Blackrock, Co. Dublin',
        gp_details: 'Dr Nolan, Blackrock Clinic',
        consultation_hopes: 'A clear answer and a plan for the inhaler.',
        is_asthma: true,
        is_hayfever: false,
        referral_letter: null,
      },
    });
    const sameAsPatient = (await get(`/api/admin/patients/${form.patientId}`)).json().patient;
    expect(sameAsPatient.concerns).toBe('Wheezing around cats since last spring.');

    const letter = await sendReferral({ letter: true, dob: '2016-02-29' });
    const withLetter = (await get(`/api/admin/referrals/${letter.id}`)).json().referral;
    expect(withLetter.patient).toMatchObject({ is_adult: false, address: null, concerns: null });
    expect(withLetter.patient.referral_letter).toMatchObject({ name: 'gp-letter.pdf' });
    const { url } = withLetter.patient.referral_letter;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await get(url, { authorization: 'Bearer nonsense' })).statusCode).toBe(401);
    const download = await get(url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(testFile('letter.pdf'))).toBe(true);

    const reads = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(letter.patientId)));
    expect(reads.map((row) => row.details)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ via: 'referral', referral_id: letter.id }),
        expect.objectContaining({ via: 'file' }),
      ]),
    );
  });

  it('accepts a referral: the patient is e-mailed a link to book; the decision is final', async () => {
    const referral = await sendReferral();
    const response = await decide(referral.id, {
      status: 'accepted',
      booking_kind: 'booking_video',
      message: 'Dr Byrne would like to see you first by video.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().referral).toMatchObject({
      status: 'accepted',
      booking_kind: 'booking_video',
      allowed: [],
      message: 'Dr Byrne would like to see you first by video.',
    });
    const [, accepted] = await patientEmails(referral.id, referral.email);
    expect(accepted?.textBody).toContain('http://clinic.test/sessions_availability/booking_video');
    expect(accepted?.textBody).toContain('Dr Byrne would like to see you first by video.');
    expect(accepted?.replyTo).toBe('desk@clinic.test');
    const again = await decide(referral.id, { status: 'declined', message: 'Changed our mind.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error_messages).toMatch(/already been accepted/);
    expect(await patientEmails(referral.id, referral.email)).toHaveLength(2);
    const [audit] = (await auditOf(db(), 'referral', referral.id)).filter((row) => row.action === 'update');
    expect(audit?.details).toMatchObject({
      status: 'accepted',
      fields: ['status', 'message', 'booking_kind'],
    });
  });

  it('asks for more information, then declines: each e-mailed with its text; a test booking by default', async () => {
    const referral = await sendReferral({ letter: true });
    const noQuestion = await decide(referral.id, { status: 'more_info' });
    expect(noQuestion.statusCode).toBe(422);
    expect(noQuestion.json().errors?.message).toEqual([referralTexts.messageRequired]);
    const question = 'Which medicines do you take daily?\nPlease list the doses.';
    const asked = await decide(referral.id, { status: 'more_info', message: question });
    expect(asked.json().referral).toMatchObject({
      status: 'more_info',
      status_label: 'More information asked',
    });
    const declined = await decide(referral.id, {
      status: 'declined',
      message: 'Your GP can arrange this <b>locally</b>.',
    });
    expect(declined.json().referral.status).toBe('declined');
    const [, toQuestion, toReason] = await patientEmails(referral.id, referral.email);
    expect(toQuestion?.textBody).toContain(question);
    expect(toQuestion?.htmlBody).toContain('Which medicines do you take daily?<br>Please list the doses.');
    expect(toReason?.htmlBody).toContain('&lt;b&gt;locally&lt;/b&gt;');
    const other = await sendReferral();
    await decide(other.id, { status: 'accepted' });
    const [, link] = await patientEmails(other.id, other.email);
    expect(link?.textBody).toContain('http://clinic.test/sessions_availability/booking_test');
  });

  it('refuses a decision of another shape with a 422', async () => {
    const { id } = await sendReferral();
    for (const payload of [
      { status: 'awaiting' },
      { status: 'maybe' },
      {},
      { status: 'declined', message: 'x'.repeat(2001) },
      { status: 'accepted', booking_kind: 'surgery' },
      { status: 'accepted', extra: true },
      { status: ['accepted'] },
    ]) {
      const response = await decide(id, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(422);
      expect(typeof response.json().error_messages).toBe('string');
    }
    expect((await get(`/api/admin/referrals/${id}`)).json().referral.status).toBe('awaiting');
  });

  it('makes two decisions sent at once one after the other: one final decision, one e-mail', async () => {
    const referral = await sendReferral();
    const answers = await Promise.all([
      decide(referral.id, { status: 'accepted' }),
      decide(referral.id, { status: 'declined', message: 'Not for this clinic.' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await patientEmails(referral.id, referral.email)).toHaveLength(2);
  });

  it('erases a referral with its patient: the letter, the referral and its e-mails are gone', async () => {
    const referral = await sendReferral({ letter: true });
    await decide(referral.id, { status: 'more_info', message: 'Please send your latest results.' });
    const [patient] = await db().select().from(patients).where(eq(patients.id, referral.patientId));
    // The GDPR access request has the referral, what staff wrote and the e-mails about it, and the letter.
    const zip = await get(`/api/admin/patients/${referral.patientId}/export`);
    const entries = readZip(zip.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual([
      'patient.json',
      'files/referral_letter-gp-letter.pdf',
    ]);
    const exported = JSON.parse(entries[0]?.bytes.toString('utf8') ?? '{}');
    expect(exported.referrals).toEqual([
      expect.objectContaining({
        id: referral.id,
        status: 'more_info',
        message: 'Please send your latest results.',
      }),
    ]);
    expect(
      exported.emails.filter((email: { referral_id: number }) => email.referral_id === referral.id),
    ).toHaveLength(3);
    const erased = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/patients/${referral.patientId}`,
      headers: t.auth,
    });
    expect(erased.statusCode, erased.body).toBe(204);
    expect(await db().$count(referrals, eq(referrals.id, referral.id))).toBe(0);
    expect(await db().$count(emailOutbox, eq(emailOutbox.referralId, referral.id))).toBe(0);
    expect(await db().$count(emailOutbox, eq(emailOutbox.toAddress, referral.email))).toBe(0);
    expect(await db().$count(files, eq(files.id, patient?.referralLetterFileId ?? ''))).toBe(0);
    expect((await get(`/api/admin/referrals/${referral.id}`)).statusCode).toBe(404);
    const list = (await get('/api/admin/referrals?per_page=100')).json();
    expect(list.referrals.some((row: { id: number }) => row.id === referral.id)).toBe(false);
  });
});
