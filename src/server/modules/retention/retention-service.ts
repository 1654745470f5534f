import type { Db } from '../../db/database';
import { DomainError } from '../../domain-errors';
import { auditTally, systemActor } from '../audit/audit-log';
import { forgetVisitorsBefore } from '../audit/audit-repository';
import { deleteContactMessagesBefore } from '../contact/contact-repository';
import { deleteEmails } from '../email/outbox-repository';
import { type ErasedRecords, erasePatientRecords } from '../patient-records/patient-records-service';
import { deleteUnownedTextsBefore } from '../texts/text-replies';
import { deleteEndedEntries } from '../waitlist/waitlist-service';
import { patientsOlderThan } from './retention-repository';

/**
 * Data retention (DESIGN.md section 4; the privacy policy's 'How long we keep it'): the personal data and files
 * sent through the website's forms are deleted RETENTION_DAYS (90) after they came, payment records kept with
 * their amounts and dates only. What is old: a contact message by when it was sent; a self-referral by when it was
 * sent; a booking by its appointment's time (a booking paid yesterday for next month is young). A person is erased
 * through the GDPR erasure (`erasePatientRecords`: their row, files, referrals and the e-mails about them; their
 * appointments and payments kept without them), and only once all of their data is older than the cut-off.
 */

/** What a run deleted, by kind: the counts its audit entry holds (never what they held). */
export interface RetentionCounts {
  contact_messages: number;
  referrals: number;
  /** Appointments whose person was erased (the appointment and its payments stay, without the person). */
  bookings: number;
  /** People erased (each with their bookings or referral). */
  patients: number;
  /** Stored files (results, referral letters, attachments). */
  files: number;
  /** Outbox e-mails (the stored copies of what was sent about them). */
  emails: number;
  /** Intake and consent forms (every revision). */
  intake_forms: number;
  /** Wait-list entries ended (booked, left, dates passed) before the cut-off. */
  waitlist_entries: number;
  /** Texts and replies to them (a person's erasure's, and those of nobody known: wait-list offers, strangers' replies). */
  texts: number;
}

export interface RetentionRun {
  /** Everything sent (a booking: taking place) before this was due. */
  cutoff: Date;
  deleted: RetentionCounts;
  /** People old enough whose erasure was refused (a payment not settled with the provider), with why. */
  kept: { patientId: number; reason: string }[];
}

/** The action of the one audit entry of a run that deleted something (by the system, counts only). */
const RETENTION_AUDIT_ACTION = 'retention_purge';
/** The audit entry's record type: the retention of the forms' data, no one record. */
const RETENTION_AUDIT_ENTITY = 'retention';

/** Contact messages deleted in one transaction. */
const CONTACT_BATCH = 200;
/** People read at a time; each is erased in a transaction of its own (each may carry three 10 MB files). */
const PATIENT_BATCH = 50;
const DAY_MS = 86_400_000;

/** The instant RETENTION_DAYS before `now`: what is older goes. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

const noCounts = (): RetentionCounts => ({
  contact_messages: 0,
  referrals: 0,
  bookings: 0,
  patients: 0,
  files: 0,
  emails: 0,
  intake_forms: 0,
  waitlist_entries: 0,
  texts: 0,
});

const erasedCounts = (erased: ErasedRecords): RetentionCounts => ({
  ...noCounts(),
  referrals: erased.referrals,
  bookings: erased.appointments,
  patients: 1,
  files: erased.files,
  emails: erased.emails,
  intake_forms: erased.intakeForms,
  texts: erased.texts,
});

function addTo(total: RetentionCounts, counts: RetentionCounts) {
  for (const key of Object.keys(total) as (keyof RetentionCounts)[]) total[key] += counts[key];
}

/**
 * Deletes what is older than `retentionDays` at `now`, in batches, each its own transaction with its counts added
 * to the run's ONE audit entry (`retention_purge`, by the system; written with the first batch that deletes
 * something, so a run that deletes nothing writes none). Several instances may run it at once: contact messages
 * are claimed with FOR UPDATE SKIP LOCKED, and a person's erasure locks their rows and finds them gone when another
 * instance erased them first, so nothing is deleted or counted twice.
 */
export async function purgeExpiredData(
  db: Db,
  retentionDays: number,
  now = new Date(),
): Promise<RetentionRun> {
  const cutoff = retentionCutoff(now, retentionDays);
  const tally = auditTally(systemActor, RETENTION_AUDIT_ACTION, RETENTION_AUDIT_ENTITY, {
    older_than_days: retentionDays,
    cutoff: cutoff.toISOString(),
  });
  const deleted = noCounts();

  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const messages = await deleteContactMessagesBefore(tx, cutoff, CONTACT_BATCH);
      const counts: RetentionCounts = {
        ...noCounts(),
        contact_messages: messages.length,
        emails: await deleteEmails(
          tx,
          messages.map((message) => message.emailOutboxId),
        ),
      };
      await tally.add(tx, { ...counts });
      return counts;
    });
    addTo(deleted, batch);
    if (batch.contact_messages < CONTACT_BATCH) break;
  }

  const kept: RetentionRun['kept'] = [];
  let afterId = 0;
  for (;;) {
    const ids = await patientsOlderThan(db, cutoff, afterId, PATIENT_BATCH);
    for (const id of ids) {
      try {
        const erased = await erasePatientRecords(db, systemActor, id, {
          now,
          olderThan: cutoff,
          audit: (tx, records) => tally.add(tx, { ...erasedCounts(records) }),
        });
        addTo(deleted, erasedCounts(erased));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        // Not found: another instance erased them meanwhile. Anything else: kept, for this run.
        if (error.kind !== 'not_found') kept.push({ patientId: id, reason: error.message });
      }
    }
    const last = ids.at(-1);
    if (last === undefined || ids.length < PATIENT_BATCH) break;
    afterId = last;
  }
  const entries = await db.transaction(async (tx) => {
    const counts: RetentionCounts = {
      ...noCounts(),
      waitlist_entries: await deleteEndedEntries(tx, cutoff),
      texts: await deleteUnownedTextsBefore(tx, cutoff),
    };
    if (counts.waitlist_entries + counts.texts > 0) await tally.add(tx, { ...counts });
    return counts;
  });
  addTo(deleted, entries);
  await forgetVisitorsBefore(db, cutoff);
  return { cutoff, deleted, kept };
}
