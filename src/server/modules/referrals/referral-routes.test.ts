import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinic } from '../../../shared/clinic';
import {
  REFERRALS_PER_ADDRESS_PER_HOUR,
  REFERRALS_PER_EMAIL_PER_HOUR,
  referralTexts,
} from '../../../shared/referrals';
import { VISITOR_UPLOAD_BYTES_PER_DAY } from '../../../shared/uploads';
import { clientUploads, emailOutbox, files, patients, referrals } from '../../db/schema';
import { adultForm, createAdminBookingTestApp, nextAddress } from '../../test/booking-fixtures';
import {
  countedBody,
  MULTIPART,
  type MultipartValue,
  multipartPayload,
  testFile,
} from '../../test/multipart';
import { auditOf } from '../../test/staff-fixtures';
import type { AdminTestApp } from '../../test/test-app';
import { REFERRAL_FORM_MAX_BYTES } from './referral-service';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

const REQUIRED = 'This field is required, please fill in.';

let person = 0;
/** A referral form without a letter, every answer valid, for an e-mail address of its own. */
function formReferral(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  person += 1;
  return {
    is_referral: true,
    has_referral_letter: false,
    full_name: 'Aoife Byrne',
    email: `aoife${person}@example.ie`,
    phone: '087 123 4567',
    dob: '1988-03-14',
    signature: 'Aoife Byrne',
    address: '12 Main Street, Dundrum, Dublin 14',
    gp_details: 'Dr Walsh, Dundrum Medical Centre',
    concerns: 'Hives after eating prawns twice this year.',
    suspected_allergy: 'Shellfish: both times within an hour of prawns.',
    consultation_hopes: 'To know what is safe to eat and what to carry.',
    is_hayfever: true,
    is_asthma: false,
    is_eczema: false,
    do_you_have_any_known_allergies: true,
    known_allergies_description: 'Penicillin (rash).',
    ...overrides,
  };
}

/** A referral with a letter, as multipart fields (`patient[...]`). */
function letterReferral(
  letter: { fileName: string; bytes: Buffer } | null = {
    fileName: 'letter.pdf',
    bytes: testFile('letter.pdf'),
  },
  overrides: Record<string, MultipartValue> = {},
): Record<string, MultipartValue | undefined> {
  person += 1;
  const fields: Record<string, MultipartValue | undefined> = {
    is_referral: 'true',
    has_referral_letter: 'true',
    full_name: 'Cian Murphy',
    email: `cian${person}@example.ie`,
    phone: '0851234567',
    dob: '2015-06-01',
    signature: 'cian  murphy',
    referral_letter: letter ?? undefined,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [`patient[${name}]`, value]));
}

const postJson = (body: Record<string, unknown>, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/patients', payload: { patient: body }, remoteAddress });

async function postMultipart(
  fields: Record<string, MultipartValue | undefined>,
  remoteAddress = nextAddress(),
) {
  const { payload, headers } = await multipartPayload(fields);
  return t.app.inject({ method: 'POST', url: '/api/patients', payload, headers, remoteAddress });
}

async function errorsOf(body: Record<string, unknown>, field: string) {
  const response = await postJson(body);
  expect(response.statusCode, response.body).toBe(422);
  return response.json().errors?.[field] as string[] | undefined;
}

const referralOfPatient = async (patientId: number) =>
  (await db().select().from(referrals).where(eq(referrals.patientId, patientId)))[0];

const emailsOfReferral = (referralId: number) =>
  db().select().from(emailOutbox).where(eq(emailOutbox.referralId, referralId)).orderBy(emailOutbox.id);

describe('POST /api/patients with is_referral: the self-referral forms (spec section 5)', () => {
  it('asks for the full name, 2 to 70 characters, with the plain required text', async () => {
    expect(await errorsOf(formReferral({ full_name: '' }), 'full_name')).toEqual([REQUIRED]);
    expect(await errorsOf(formReferral({ full_name: 'A', signature: 'A' }), 'full_name')).toEqual([
      'Text is too short.',
    ]);
    const long = 'B'.repeat(71);
    expect(await errorsOf(formReferral({ full_name: long, signature: long }), 'full_name')).toEqual([
      'Text is too long.',
    ]);
  });

  it('takes a full name of 70 characters, as a new user typed "Mary Elizabeth Fitzgerald-Byrne"', async () => {
    for (const name of ['Mary Elizabeth Fitzgerald-Byrne', `${'M'.repeat(34)} ${'B'.repeat(35)}`]) {
      const response = await postJson(formReferral({ full_name: name, signature: name }));
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('asks for a valid e-mail and a phone of 6 to 12 digits of the pattern', async () => {
    expect(await errorsOf(formReferral({ email: '' }), 'email')).toEqual([REQUIRED]);
    expect(await errorsOf(formReferral({ email: 'not-mail' }), 'email')).toEqual(['Mail is invalid.']);
    expect(await errorsOf(formReferral({ phone: '' }), 'phone')).toEqual([REQUIRED]);
    expect(await errorsOf(formReferral({ phone: '12345' }), 'phone')).toEqual(['Text is too short.']);
    expect(await errorsOf(formReferral({ phone: '0871234567890' }), 'phone')).toEqual(['Text is too long.']);
    for (const phone of ['087abc4567', '087.123.4567', '++353 1 234567', '353+871234567'])
      expect(await errorsOf(formReferral({ phone }), 'phone')).toEqual(['Phone number is invalid.']);
  });

  it('accepts a number with its country code and spaces, and keeps it as typed', async () => {
    const response = await postJson(formReferral({ phone: ' +353 87 123 4567 ' }));
    expect(response.statusCode, response.body).toBe(201);
    const [stored] = await db()
      .select({ phone: patients.phone })
      .from(patients)
      .where(eq(patients.id, response.json().patient.id));
    expect(stored?.phone).toBe('+353 87 123 4567');
    const letter = await postMultipart(letterReferral(undefined, { phone: '087.123.4567' }));
    expect(letter.statusCode, letter.body).toBe(422);
    expect(letter.json().errors).toEqual({ phone: ['Phone number is invalid.'] });
  });

  it("asks for a date of birth ('Required'), a real one, not in the future", async () => {
    expect(await errorsOf(formReferral({ dob: '' }), 'dob')).toEqual(['Required']);
    expect(await errorsOf(formReferral({ dob: '2001-02-30' }), 'dob')).toEqual([referralTexts.dobNotReal]);
    expect(await errorsOf(formReferral({ dob: '31.02.1990' }), 'dob')).toEqual([referralTexts.dobNotReal]);
    expect(await errorsOf(formReferral({ dob: '14.03.85' }), 'dob')).toEqual([referralTexts.dobInvalid]);
    expect(await errorsOf(formReferral({ dob: '2999-01-01' }), 'dob')).toEqual([referralTexts.dobInFuture]);
  });

  it('takes a date of birth typed as people type it, kept as YYYY-MM-DD', async () => {
    for (const dob of ['14031985', '14/03/1985', '14-03-1985', '14.03.1985']) {
      const response = await postJson(formReferral({ dob }));
      expect(response.statusCode, `${dob}: ${response.body}`).toBe(201);
      const [stored] = await db()
        .select({ dob: patients.dob })
        .from(patients)
        .where(eq(patients.id, response.json().patient.id));
      expect(stored?.dob).toBe('1985-03-14');
    }
  });

  it('asks for a signature equal to the full name (case and spaces aside)', async () => {
    expect(await errorsOf(formReferral({ signature: '' }), 'signature')).toEqual([REQUIRED]);
    expect(await errorsOf(formReferral({ signature: 'Someone Else' }), 'signature')).toEqual([
      'Signature must match your full name',
    ]);
    // Read alike by the comparison, a line break, a separator or a tab would be kept in the stored signature.
    for (const signature of ['Aoife\u2028Byrne', 'Aoife\nByrne', 'Aoife\tByrne', 'Aoife\ufeff Byrne'])
      expect(await errorsOf(formReferral({ signature }), 'signature'), signature).toEqual([
        referralTexts.notAllowedCharacters,
      ]);
    const response = await postJson(formReferral({ signature: '  aoife   BYRNE ' }));
    expect(response.statusCode, response.body).toBe(201);
  });

  it('without a letter, asks for the address, GP details and the three answers, 10 to 300 each', async () => {
    for (const field of ['address', 'gp_details', 'concerns', 'suspected_allergy', 'consultation_hopes']) {
      expect(await errorsOf(formReferral({ [field]: '' }), field)).toEqual([REQUIRED]);
      expect(await errorsOf(formReferral({ [field]: 'Too short' }), field)).toEqual(['Text is too short.']);
      expect(await errorsOf(formReferral({ [field]: 'x'.repeat(301) }), field)).toEqual([
        'Text is too long.',
      ]);
    }
    expect(
      await errorsOf(
        formReferral({ known_allergies_description: 'x'.repeat(301) }),
        'known_allergies_description',
      ),
    ).toEqual(['Text is too long.']);
    const optional = await postJson(
      formReferral({
        known_allergies_description: '',
        is_hayfever: false,
        do_you_have_any_known_allergies: undefined,
      }),
    );
    expect(optional.statusCode, optional.body).toBe(201);
    // A question left unanswered is kept unanswered, not read as 'No'.
    const [unanswered] = await db()
      .select()
      .from(patients)
      .where(eq(patients.id, optional.json().patient.id));
    expect(unanswered?.doYouHaveAnyKnownAllergies).toBeNull();
  });

  it("with a letter, asks for the letter ('Required') and not the form's answers", async () => {
    const missing = await postMultipart(letterReferral(null));
    expect(missing.statusCode, missing.body).toBe(422);
    expect(missing.json().errors).toEqual({ referral_letter: ['Required'] });
  });

  it('refuses two letters in one form, and a form too long for one letter before reading it', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(letterReferral(null))) form.append(name, String(value));
    form.append('patient[referral_letter]', new Blob([new Uint8Array(testFile('letter.pdf'))]), 'one.pdf');
    form.append('patient[referral_letter]', new Blob([new Uint8Array(testFile('letter.docx'))]), 'two.docx');
    const request = new Response(form);
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      remoteAddress: nextAddress(),
    });
    expect(twice.statusCode, twice.body).toBe(422);
    expect(twice.json().errors).toEqual({ referral_letter: ['Send one file as referral_letter.'] });

    const big = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      payload: 'x',
      headers: { 'content-type': MULTIPART, 'content-length': String(REFERRAL_FORM_MAX_BYTES + 1) },
      remoteAddress: nextAddress(),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error_messages).toBe(referralTexts.formTooLarge);
  });

  it('refuses a letter that is not a PDF or Word document by its bytes, keeping nothing', async () => {
    const before = await db().$count(patients);
    for (const name of ['program-named.pdf', 'html-named.pdf', 'photo.png']) {
      const response = await postMultipart(
        letterReferral({ fileName: name.replace('.png', '.pdf'), bytes: testFile(name) }),
      );
      // The uploads' rule (DESIGN.md section 4): a file whose bytes are not of an accepted type is a 415.
      expect(response.statusCode, `${name}: ${response.body}`).toBe(415);
      expect(response.json().errors?.referral_letter?.[0]).toBeTruthy();
    }
    expect(await db().$count(patients)).toBe(before);
  });

  it('refuses a letter sent with the form that says there is none, and an unknown is_referral or field', async () => {
    const withLetter = await postMultipart({
      ...Object.fromEntries(Object.entries(formReferral()).map(([k, v]) => [`patient[${k}]`, String(v)])),
      'patient[referral_letter]': { fileName: 'letter.pdf', bytes: testFile('letter.pdf') },
    });
    expect(withLetter.statusCode, withLetter.body).toBe(422);
    expect(withLetter.json().errors?.referral_letter).toEqual([referralTexts.letterOnlyWithLetter]);
    const flag = await postJson(formReferral({ is_referral: 'yes' }));
    expect(flag.statusCode).toBe(422);
    expect(flag.json().error_messages).toBe('is_referral must be true or false');
    const unknown = await postJson(formReferral({ first_name: 'Aoife' }));
    expect(unknown.statusCode).toBe(422);
    const slotless = await postJson(adultForm(1));
    expect(slotless.statusCode, 'a booking without a hold is still refused').toBe(403);
  });

  it('stores a form referral awaiting triage, answers only the id, and queues both e-mails', async () => {
    const form = formReferral();
    const response = await postJson(form);
    expect(response.statusCode, response.body).toBe(201);
    const { patient } = response.json();
    expect(Object.keys(response.json())).toEqual(['patient']);
    expect(Object.keys(patient)).toEqual(['id']);
    const [stored] = await db().select().from(patients).where(eq(patients.id, patient.id));
    expect(stored).toMatchObject({
      firstName: 'Aoife',
      lastName: 'Byrne',
      isReferral: true,
      isAdult: true,
      address: form.address,
      gpDetails: form.gp_details,
      consultationGoals: form.consultation_hopes,
      isHayfever: true,
      isAsthma: false,
      doYouHaveAnyKnownAllergies: true,
      referralLetterFileId: null,
    });
    const referral = await referralOfPatient(patient.id);
    expect(referral).toMatchObject({ status: 'awaiting', hasReferralLetter: false });
    const [toPatient, toClinic] = await emailsOfReferral(referral?.id ?? 0);
    expect(toPatient?.toAddress).toBe(form.email);
    expect(toPatient?.textBody).toContain('7-10 days');
    expect(toPatient?.textBody).toContain('desk@clinic.test');
    expect(toClinic?.toAddress).toBe('desk@clinic.test');
    expect(toClinic?.textBody).toContain(`http://clinic.test/admin/referrals/${referral?.id}`);
    for (const secret of ['Aoife', 'Byrne', 'prawns', 'Penicillin', String(form.email)]) {
      expect(`${toClinic?.subject} ${toClinic?.textBody} ${toClinic?.htmlBody}`).not.toContain(secret);
    }
    const [audit] = await auditOf(db(), 'referral', referral?.id ?? 0);
    expect(audit).toMatchObject({ action: 'create', actor: 'visitor' });
  });

  it('stores a letter referral with its private letter, a child by the date of birth, and no form answers', async () => {
    const response = await postMultipart(
      letterReferral({ fileName: 'letter.docx', bytes: testFile('letter.docx') }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const [stored] = await db().select().from(patients).where(eq(patients.id, response.json().patient.id));
    expect(stored).toMatchObject({ isReferral: true, isAdult: false, address: null, concerns: null });
    const [letter] = await db()
      .select()
      .from(files)
      .where(eq(files.id, stored?.referralLetterFileId ?? ''));
    expect(letter).toMatchObject({ originalName: 'letter.docx', isPublic: false });
    expect((await referralOfPatient(stored?.id ?? 0))?.hasReferralLetter).toBe(true);
  });

  it(`takes ${REFERRALS_PER_EMAIL_PER_HOUR} referrals an hour for one e-mail address, keeping them (429 after)`, async () => {
    const email = 'often@example.ie';
    for (let i = 0; i < REFERRALS_PER_EMAIL_PER_HOUR; i += 1) {
      expect((await postJson(formReferral({ email: i === 1 ? 'OFTEN@example.ie' : email }))).statusCode).toBe(
        201,
      );
    }
    const refused = await postJson(formReferral({ email }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error_messages).toBe(referralTexts.tooManyFromEmail);
    expect(await db().$count(referrals, eq(referrals.emailKey, email))).toBe(REFERRALS_PER_EMAIL_PER_HOUR);
  });

  it(`takes ${REFERRALS_PER_ADDRESS_PER_HOUR} referrals an hour from one address (429 after, the form unread)`, async () => {
    const address = '10.99.0.1';
    expect((await postJson(formReferral(), address)).statusCode).toBe(201);
    // The rest of the hour's referrals from the address (the route's per-minute limit would slow a burst).
    for (let i = 1; i < REFERRALS_PER_ADDRESS_PER_HOUR; i += 1) {
      const [filler] = await db()
        .insert(patients)
        .values({
          firstName: 'Filler',
          lastName: `${i}`,
          phone: '0871234567',
          isAdult: true,
          isReferral: true,
        })
        .returning();
      await db()
        .insert(referrals)
        .values({
          patientId: filler?.id ?? 0,
          hasReferralLetter: false,
          emailKey: `filler${i}@example.ie`,
          sentFrom: address,
        });
    }
    const before = await db().$count(patients);
    const refused = await postMultipart(letterReferral(), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error_messages).toBe(referralTexts.tooManyFromAddress);
    expect(await db().$count(patients)).toBe(before);
    expect((await postJson(formReferral(), '10.99.0.2')).statusCode, 'another address still can').toBe(201);
  });
});

describe('what a stranger can make the clinic send with a self-referral (issue 30)', () => {
  /** Everything a referral stores or sends, to show a refused one left nothing. */
  const stored = async () => ({
    patients: await db().$count(patients),
    referrals: await db().$count(referrals),
    files: await db().$count(files),
    emails: await db().$count(emailOutbox),
  });

  it("acknowledges in the clinic's words only: no name nor any other text the sender typed", async () => {
    const typed = [
      formReferral({
        full_name: 'see evil.example/x',
        signature: 'see evil.example/x',
        email: 'someone.else@example.ie',
        phone: '0871234567',
        address: 'Visit evil.example/x for your results',
      }),
      formReferral({ full_name: 'Call 0871234567 now', signature: 'Call 0871234567 now' }),
    ];
    for (const form of typed) {
      const response = await postJson(form);
      expect(response.statusCode, response.body).toBe(201);
      const referral = await referralOfPatient(response.json().patient.id);
      const [toPatient] = await emailsOfReferral(referral?.id ?? 0);
      expect(toPatient?.toAddress).toBe(form.email);
      const sent = `${toPatient?.subject}\n${toPatient?.textBody}\n${toPatient?.htmlBody}`;
      for (const [field, value] of Object.entries(form)) {
        if (typeof value !== 'string' || field === 'email') continue;
        expect(sent, `${field} must not be in the e-mail`).not.toContain(value);
      }
      for (const part of ['evil', '0871234567', 'Dear']) expect(sent).not.toContain(part);
      expect(toPatient?.textBody).toContain('Hello,');
      expect(toPatient?.textBody, 'what happens next').toContain('triage');
      expect(toPatient?.textBody).toContain('7-10 days');
      expect(toPatient?.textBody, "the clinic's phone").toContain(clinic.phone);
      expect(toPatient?.textBody).toContain('If you did not send a referral');
    }
    const letter = await postMultipart(
      letterReferral(undefined, { full_name: 'see evil.example/x', signature: 'see evil.example/x' }),
    );
    expect(letter.statusCode, letter.body).toBe(201);
    const [toPatient] = await emailsOfReferral((await referralOfPatient(letter.json().patient.id))?.id ?? 0);
    expect(`${toPatient?.subject} ${toPatient?.textBody} ${toPatient?.htmlBody}`).not.toContain('evil');
  });

  it(`counts Victim+1@Gmail.com, v.ictim@gmail.com and googlemail.com as one recipient (${REFERRALS_PER_EMAIL_PER_HOUR} an hour)`, async () => {
    const addresses = ['Victim+1@Gmail.com', 'v.ictim@gmail.com', 'vic.tim+x@googlemail.com'].slice(
      0,
      REFERRALS_PER_EMAIL_PER_HOUR,
    );
    for (const email of addresses) {
      const response = await postJson(formReferral({ email }));
      expect(response.statusCode, `${email}: ${response.body}`).toBe(201);
      const referral = await referralOfPatient(response.json().patient.id);
      expect(referral?.emailKey).toBe('victim@gmail.com');
      const [toPatient] = await emailsOfReferral(referral?.id ?? 0);
      expect(toPatient?.toAddress, 'the acknowledgement goes to the address as typed').toBe(email);
    }
    const before = await stored();
    const refused = await postJson(formReferral({ email: 'VICTIM+2@gmail.com' }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'referrals_limit',
      error_messages: referralTexts.tooManyFromEmail,
    });
    expect(await stored()).toEqual(before);
    expect(
      (await postJson(formReferral({ email: 'victim@example.ie' }))).statusCode,
      'another mailbox still can',
    ).toBe(201);
  });

  it(`refuses the letter that would pass ${VISITOR_UPLOAD_BYTES_PER_DAY / 1024 / 1024} MB of files from an address in a day, storing nothing`, async () => {
    const address = '10.98.0.1';
    const letterBytes = testFile('letter.pdf').length;
    await db()
      .insert(clientUploads)
      .values({ client: address, bytes: VISITOR_UPLOAD_BYTES_PER_DAY - letterBytes });
    // What is left takes one more letter exactly.
    expect((await postMultipart(letterReferral(), address)).statusCode).toBe(201);

    const before = await stored();
    const refused = await postMultipart(letterReferral(), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'visitor_uploads_used_up',
      error_messages: referralTexts.uploadsUsedUp,
    });
    expect(await stored()).toEqual(before);

    // A form that can only be a letter bigger than what is left is refused before it is read.
    const body = countedBody(64 * 2);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { 'content-type': MULTIPART, 'content-length': String(2 * 1024 * 1024) },
      payload: body.stream,
      remoteAddress: address,
    });
    expect(big.statusCode).toBe(429);
    expect(big.json().code).toBe('visitor_uploads_used_up');
    expect(body.pulls()).toBe(0);
    body.stream.destroy();
    expect(await stored()).toEqual(before);

    // Without a letter the address may still refer; another address sends its letter as usual.
    expect((await postJson(formReferral(), address)).statusCode).toBe(201);
    expect((await postMultipart(letterReferral(), '10.98.0.2')).statusCode).toBe(201);
  });
});
