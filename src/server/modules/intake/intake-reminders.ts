import { clinic } from '../../../shared/clinic';
import { intakePath, intakeTexts } from '../../../shared/intake';
import type { Db } from '../../db/database';
import type { Patient, Slot } from '../../db/schema';
import type { Job } from '../../jobs/job-runner';
import { newSecretToken } from '../../security/secret-tokens';
import { composeEmail, type EmailContent } from '../email/email-template';
import { queueEmail } from '../email/outbox-repository';
import { fullName } from '../patients/patient-name';
import { clinicLongDate, clinicWallClock } from '../slots/clinic-time';
import { lockDueIntakeReminders, recordIntakeReminders } from './intake-repository';

/** Reminders queued in one transaction. */
const BATCH = 50;
const INTERVAL_MS = 5 * 60_000;

/**
 * The one reminder of a form not signed: its subject names no health detail, and its link opens only the form (a
 * token of its own, kept as a hash with the reminder), behind the date of birth as ever.
 */
function intakeReminderEmail(patient: Patient, slot: Slot, formUrl: string): EmailContent {
  const day = clinicLongDate(slot.startsAt);
  const guardian = [patient.guardianFirstName, patient.guardianLastName].filter(Boolean).join(' ');
  return composeEmail(`Before your appointment at ${clinic.name} on ${day}: your form`, [
    `Dear ${guardian || fullName(patient)},`,
    `Your appointment is on ${day} at ${clinicWallClock(slot.startsAt).time} (Dublin time). The clinic's intake and consent form is not signed yet: filling it in now saves time on the day. It takes about ten minutes, and what you type is kept as you go.`,
    { text: intakeTexts.linkText, link: formUrl },
    'The form asks for the patient’s date of birth before it opens. Prefer paper? The printable forms are on our website’s Forms page; please bring one filled in.',
    `Questions? Call ${clinic.phone} or reply to this e-mail.`,
    clinic.name,
  ]);
}

/**
 * Queues the form reminders due at `now` (09:00 clinic time, INTAKE_REMINDER_DAYS_BEFORE days before): once per
 * appointment and start, for one not signed by then; several instances may run it at once (locked rows skipped,
 * each recorded with its e-mail in one transaction). Answers the appointments reminded.
 */
export async function sendIntakeReminders(db: Db, publicUrl: string, now = new Date()): Promise<number[]> {
  const reminded: number[] = [];
  for (;;) {
    const found = await db.transaction(async (tx) => {
      const due = await lockDueIntakeReminders(tx, now, BATCH);
      const tokens = new Map(due.map((row) => [row.appointment.id, newSecretToken()]));
      const recorded = await recordIntakeReminders(
        tx,
        due.map((row) => ({
          appointmentId: row.appointment.id,
          startsAt: row.slot.startsAt,
          tokenHash: tokens.get(row.appointment.id)?.hash ?? '',
        })),
      );
      for (const { appointment, patient, slot } of due) {
        const token = tokens.get(appointment.id);
        if (!recorded.has(appointment.id) || !token || !patient.email || !appointment.reference) continue;
        const url = `${publicUrl}${intakePath(appointment.reference)}#${token.token}`;
        await queueEmail(tx, {
          to: patient.email,
          ...intakeReminderEmail(patient, slot, url),
          appointmentId: appointment.id,
        });
        reminded.push(appointment.id);
      }
      return due.length;
    });
    if (found < BATCH) return reminded;
  }
}

/** Every 5 minutes, the form reminders whose time has come. `run` takes the time it works for (tests set it). */
export function intakeReminderJob(context: {
  db: Db;
  publicUrl: string;
  log: { info(details: object, message: string): void };
}): Job<number[]> & { run(now?: Date): Promise<number[]> } {
  return {
    name: 'intake-reminders',
    intervalMs: INTERVAL_MS,
    async run(now: Date = new Date()) {
      const ids = await sendIntakeReminders(context.db, context.publicUrl, now);
      if (ids.length > 0) context.log.info({ appointments: ids }, 'queued intake form reminders');
      return ids;
    },
  };
}
