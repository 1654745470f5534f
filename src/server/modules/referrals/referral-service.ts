import { todayInDublin } from '../../../shared/booking';
import {
  ADULT_FROM_AGE,
  ageInYears,
  type CreatedReferralResponse,
  REFERRALS_PER_ADDRESS_PER_HOUR,
  REFERRALS_PER_EMAIL_PER_HOUR,
  type ReferralDecisionRequest,
  type ReferralDetail,
  type ReferralRequest,
  type ReferralsAwaiting,
  type ReferralsResponse,
  referralStatusLabels,
  referralTexts,
  splitFullName,
} from '../../../shared/referrals';
import { MAX_UPLOAD_BYTES } from '../../../shared/uploads';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { conflict, limitReached, notFound, tooLarge } from '../../domain-errors';
import { type Actor, type AdminActor, auditChange, auditRead } from '../audit/audit-log';
import { queueEmail } from '../email/outbox-repository';
import { recipientKey } from '../email/recipient-key';
import { patientDetailOf } from '../patient-detail/patient-detail-repository';
import { fullName } from '../patients/patient-name';
import { insertPatient } from '../patients/patient-repository';
import { storeUpload } from '../uploads/file-repository';
import { prepareUpload } from '../uploads/upload-checks';
import {
  checkVisitorUploadAllowance,
  notingUploadRefusal,
  takeVisitorUploadAllowance,
  type VisitorUploadCounting,
} from '../uploads/visitor-upload-allowance';
import {
  clinicReferralEmail,
  referralAcceptedEmail,
  referralDeclinedEmail,
  referralQuestionEmail,
  referralReceivedEmail,
} from './referral-emails';
import {
  countReferralsSince,
  findReferral,
  insertReferral,
  listReferrals,
  lockReferralSenders,
  type ReferralListQuery,
  referralsAwaitingTriage,
  updateReferral,
} from './referral-repository';
import { allowedDecisions } from './referral-states';

/** What the referral service works with. */
export interface ReferralContext {
  db: Db;
  settings: Pick<AppConfig, 'publicUrl' | 'clinicEmail'>;
  /** Told of the letters taken and refused for the daily allowance (the metrics). */
  uploads?: VisitorUploadCounting;
}

/** Who sent a referral: their address as the limits count it, and as the audit log names them. */
export interface ReferralSender {
  client: string;
  actor: Actor;
}

const ENTITY = 'referral';
const HOUR_MS = 3_600_000;
/** What a referral form's text fields take at most: the rest of a form's length is its letter. */
const FORM_TEXT_BYTES = 64 * 1024;
/** The longest a self-referral's form can be: its text and one letter. Longer, it can only be a booking. */
export const REFERRAL_FORM_MAX_BYTES = FORM_TEXT_BYTES + MAX_UPLOAD_BYTES;

/**
 * Before a form without a hold token is read (it may be a self-referral carrying a 10 MB letter): it is no longer
 * than a referral's (else 413), the address may still send referrals this hour, and the letter a form of
 * `formBytes` can carry fits what is left of its uploads for the day (else 429). Refused, the form is left unread.
 */
export async function checkBeforeReferralForm(
  db: Db,
  client: string,
  formBytes: number,
  uploads?: VisitorUploadCounting,
): Promise<void> {
  // Longer than a referral's text and one letter: too large for a referral (and, without a hold, no booking).
  if (formBytes > REFERRAL_FORM_MAX_BYTES)
    throw tooLarge('referral_form_too_large', referralTexts.formTooLarge);
  const now = Date.now();
  const sent = await countReferralsSince(db, { sentFrom: client }, new Date(now - HOUR_MS));
  if (sent >= REFERRALS_PER_ADDRESS_PER_HOUR)
    throw limitReached('referrals_limit', referralTexts.tooManyFromAddress);
  const fileBytes = Math.max(0, formBytes - FORM_TEXT_BYTES);
  if (fileBytes === 0) return;
  await notingUploadRefusal(db, uploads, client, () =>
    checkVisitorUploadAllowance(db, client, fileBytes, referralTexts.uploadsUsedUp),
  );
}

/**
 * Stores a self-referral: its patient (with the form's answers, or the letter, checked from its bytes), the
 * referral awaiting triage, its audit entry, and two e-mails (the patient's acknowledgement; the clinic's notice,
 * without health details), in one transaction. At most REFERRALS_PER_EMAIL_PER_HOUR for one e-mail address and
 * REFERRALS_PER_ADDRESS_PER_HOUR from one address (429); referrals already sent stay. Answers the patient's id.
 */
export async function submitReferral(
  context: ReferralContext,
  request: ReferralRequest,
  sender: ReferralSender,
): Promise<CreatedReferralResponse['patient']> {
  const { db, settings } = context;
  const letter =
    request.has_referral_letter && request.referral_letter
      ? await prepareUpload(request.referral_letter, 'document', 'referral_letter')
      : undefined;
  const email = request.email ?? '';
  const emailKey = recipientKey(email);
  const dob = request.dob ?? null;
  const age = dob ? ageInYears(dob, todayInDublin()) : null;
  const { firstName, lastName } = splitFullName(request.full_name ?? '');
  const withForm = !request.has_referral_letter;

  const stored = await notingUploadRefusal(db, context.uploads, sender.client, () =>
    db.transaction(async (tx) => {
      await lockReferralSenders(tx, emailKey, sender.client);
      const hourAgo = new Date(Date.now() - HOUR_MS);
      if ((await countReferralsSince(tx, { emailKey }, hourAgo)) >= REFERRALS_PER_EMAIL_PER_HOUR)
        throw limitReached('referrals_limit', referralTexts.tooManyFromEmail);
      if (
        (await countReferralsSince(tx, { sentFrom: sender.client }, hourAgo)) >=
        REFERRALS_PER_ADDRESS_PER_HOUR
      )
        throw limitReached('referrals_limit', referralTexts.tooManyFromAddress);
      if (letter) {
        await takeVisitorUploadAllowance(
          tx,
          sender.client,
          { files: 1, bytes: letter.bytes.length },
          referralTexts.uploadsUsedUp,
        );
      }
      const patient = await insertPatient(tx, {
        firstName,
        lastName,
        email,
        phone: request.phone ?? '',
        dob,
        isAdult: age === null || age >= ADULT_FROM_AGE,
        isReferral: true,
        signature: request.signature ?? null,
        referralLetterFileId: letter ? await storeUpload(tx, letter, 'private') : null,
        address: withForm ? (request.address ?? null) : null,
        gpDetails: withForm ? (request.gp_details ?? null) : null,
        concerns: withForm ? (request.concerns ?? null) : null,
        suspectedAllergy: withForm ? (request.suspected_allergy ?? null) : null,
        consultationGoals: withForm ? (request.consultation_hopes ?? null) : null,
        isHayfever: withForm ? request.is_hayfever : null,
        isAsthma: withForm ? request.is_asthma : null,
        isEczema: withForm ? request.is_eczema : null,
        doYouHaveAnyKnownAllergies: withForm ? (request.do_you_have_any_known_allergies ?? null) : null,
        knownAllergiesDescription: withForm ? (request.known_allergies_description ?? null) : null,
      });
      const referral = await insertReferral(tx, {
        patientId: patient.id,
        hasReferralLetter: request.has_referral_letter,
        emailKey,
        sentFrom: sender.client,
      });
      await auditChange(tx, sender.actor, 'create', ENTITY, referral.id, {
        status: referral.status,
        patient_id: patient.id,
        has_referral_letter: referral.hasReferralLetter,
      });
      await queueEmail(tx, {
        to: email,
        replyTo: settings.clinicEmail,
        ...referralReceivedEmail(settings.clinicEmail),
        referralId: referral.id,
      });
      await queueEmail(tx, {
        to: settings.clinicEmail,
        ...clinicReferralEmail(referral, settings.publicUrl),
        referralId: referral.id,
      });
      return { id: patient.id };
    }),
  );
  if (letter) context.uploads?.observer.visitorUploadAccepted({ files: 1, bytes: letter.bytes.length });
  return stored;
}

/** A page of referrals in triage order; the patients' names on it are personal data: the read is audited. */
export async function listReferralsForStaff(
  db: Db,
  actor: AdminActor,
  query: ReferralListQuery,
): Promise<ReferralsResponse> {
  const { items, count, pages } = await listReferrals(db, query);
  if (items.length > 0) {
    await auditRead(db, actor, 'patient', null, {
      via: 'referrals_list',
      patient_ids: items.map((row) => row.patientId),
    });
  }
  const today = todayInDublin();
  return {
    referrals: items.map((row) => ({
      id: row.id,
      patient_id: row.patientId,
      full_name: fullName(row),
      age: row.dob ? ageInYears(row.dob, today) : null,
      is_adult: row.isAdult,
      has_referral_letter: row.hasReferralLetter,
      status: row.status,
      status_label: referralStatusLabels[row.status],
      received_at: row.createdAt.toISOString(),
    })),
    count,
    pages,
  };
}

/** How many referrals await triage and since when (no one's data: not audited). */
export async function referralsAwaiting(db: Db): Promise<ReferralsAwaiting> {
  const { count, oldest } = await referralsAwaitingTriage(db);
  return { count, oldest_received_at: oldest?.toISOString() ?? null };
}

/** A referral and its patient's detail (answers, letter) as staff read it; nothing is audited here. */
async function referralDetail(db: Db, id: number): Promise<ReferralDetail> {
  const found = await findReferral(db, id);
  const patient = found ? await patientDetailOf(db, found.referral.patientId) : undefined;
  if (!found || !patient) throw notFound(referralTexts.notFound);
  const { referral } = found;
  return {
    id: referral.id,
    status: referral.status,
    status_label: referralStatusLabels[referral.status],
    has_referral_letter: referral.hasReferralLetter,
    received_at: referral.createdAt.toISOString(),
    decided_at: referral.decidedAt?.toISOString() ?? null,
    message: referral.message,
    booking_kind: referral.bookingKind,
    allowed: allowedDecisions(referral.status),
    patient,
  };
}

/** A referral with its patient's detail; the read is audited before it is answered. */
export async function referralForStaff(db: Db, actor: AdminActor, id: number): Promise<ReferralDetail> {
  const detail = await referralDetail(db, id);
  await auditRead(db, actor, 'patient', detail.patient.id, { via: 'referral', referral_id: id });
  return detail;
}

const alreadyDecided = {
  accepted: 'This referral has already been accepted and the patient told; it cannot be changed.',
  declined: 'This referral has already been declined and the patient told; it cannot be changed.',
} as const;

/**
 * Staff's decision on a referral: its new state, what the patient is told, its audit entry and the patient's
 * e-mail, in one transaction with the referral locked, so two decisions at once are made one after the other
 * (the second refused once the first is final). Answers the referral as it is now.
 */
export async function triageReferral(
  context: ReferralContext,
  actor: AdminActor,
  id: number,
  decision: ReferralDecisionRequest,
): Promise<ReferralDetail> {
  const { db, settings } = context;
  await db.transaction(async (tx) => {
    const found = await findReferral(tx, id, { lock: true });
    if (!found) throw notFound(referralTexts.notFound);
    const { referral, patient } = found;
    if (!allowedDecisions(referral.status).includes(decision.status)) {
      throw conflict(
        'referral_decided',
        referral.status === 'accepted' || referral.status === 'declined'
          ? alreadyDecided[referral.status]
          : referralTexts.statusInvalid,
      );
    }
    const bookingKind = decision.status === 'accepted' ? (decision.booking_kind ?? 'booking_test') : null;
    const message = decision.message ?? null;
    await updateReferral(tx, id, { status: decision.status, message, bookingKind, decidedAt: new Date() });
    await auditChange(tx, actor, 'update', ENTITY, id, {
      fields: ['status', ...(message ? ['message'] : []), ...(bookingKind ? ['booking_kind'] : [])],
      status: decision.status,
    });
    if (!patient.email) return;
    const name = fullName(patient);
    const content =
      decision.status === 'accepted'
        ? referralAcceptedEmail(name, bookingKind ?? 'booking_test', decision.message, settings.publicUrl)
        : decision.status === 'declined'
          ? referralDeclinedEmail(name, message ?? '')
          : referralQuestionEmail(name, message ?? '');
    await queueEmail(tx, { to: patient.email, replyTo: settings.clinicEmail, ...content, referralId: id });
  });
  // The decision's own audit entry covers what staff read back.
  return referralDetail(db, id);
}
