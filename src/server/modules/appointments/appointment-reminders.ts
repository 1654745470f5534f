import {
  NASAL_STOP_DAYS,
  ORAL_STOP_DAYS,
  STOP_DAYS_BEFORE,
  type StoppedMedicine,
} from '../../../shared/antihistamines';
import { WAY_OUT_SECTION_ID } from '../../../shared/way-out';
import type { Db } from '../../db/database';
import type { AppointmentReminderKind } from '../../db/schema';
import { newSecretToken } from '../../security/secret-tokens';
import { queueEmail } from '../email/outbox-repository';
import {
  type DueReminder,
  lockDueReminders,
  type ReminderRule,
  recordReminders,
} from './appointment-reminder-repository';
import { addManageLinkToken } from './appointment-repository';
import { queueAppointmentText } from './appointment-texts';
import { reminderEmailOf } from './emails/appointment-emails';
import type { ReminderLinks } from './emails/appointment-reminder-email';
import { manageSectionUrl } from './manage-links';
import { joinLinkOf } from './video-links';

/** The medicines stopped `days` before the test: a stop-day reminder goes to a patient taking one of them. */
function stoppedOn(days: number): StoppedMedicine[] {
  return (Object.entries(STOP_DAYS_BEFORE) as [StoppedMedicine, number][])
    .filter(([, before]) => before === days)
    .map(([medicine]) => medicine);
}

/**
 * The reminders a patient is e-mailed before their appointment, each at REMINDER_TIME (clinic time) `daysBefore`
 * clinic days before the appointment's day: for an allergy test, the day to stop antihistamine tablets and syrups
 * (5 days before) and the day to stop nasal antihistamine sprays (3 days before), each only to a patient who said
 * they take one of its medicines (or was not asked); for every appointment, two days before, its time, place and the
 * cancellation rule.
 */
const reminderRules = {
  stop_antihistamines: { daysBefore: ORAL_STOP_DAYS, testsOnly: true, medicines: stoppedOn(ORAL_STOP_DAYS) },
  stop_nasal_antihistamines: {
    daysBefore: NASAL_STOP_DAYS,
    testsOnly: true,
    medicines: stoppedOn(NASAL_STOP_DAYS),
  },
  two_days_before: { daysBefore: 2, testsOnly: false },
} as const satisfies Record<AppointmentReminderKind, Omit<ReminderRule, 'kind'>>;

/** The clinic-time wall clock a reminder is due at on its day. */
const REMINDER_TIME = '09:00';

const rules: ReminderRule[] = Object.entries(reminderRules).map(([kind, rule]) => ({
  kind: kind as AppointmentReminderKind,
  ...rule,
}));

const stops = {
  tablets: reminderRules.stop_antihistamines.daysBefore,
  sprays: reminderRules.stop_nasal_antihistamines.daysBefore,
};

/**
 * What the 2-day and stop-day reminders link to: for an allergy test, the booking page's way out (a token of the
 * booking link of its own, since the server keeps none it could send again); for a video consultation's 2-day
 * reminder, its join link if set.
 */
async function reminderLinks(
  db: Db,
  { kind, appointment, slot }: DueReminder,
  site: { publicUrl: string } | undefined,
): Promise<ReminderLinks> {
  if (kind === 'two_days_before' && slot.isVideoCall) {
    return { joinLink: (await joinLinkOf(db, appointment, slot)) ?? undefined };
  }
  // The 2-day and stop-day reminders of an allergy test offer the way out, with a key of their own.
  if (slot.isVideoCall) return {};
  if (!site || !appointment.reference) return {};
  const { token, hash } = newSecretToken();
  await addManageLinkToken(db, appointment.id, hash);
  return {
    wayOut: manageSectionUrl(site.publicUrl, { reference: appointment.reference, token }, WAY_OUT_SECTION_ID),
  };
}

/** Reminders queued in one transaction. */
const REMINDER_BATCH = 50;

export interface QueuedReminder {
  appointmentId: number;
  kind: AppointmentReminderKind;
}

/**
 * Queues the reminders due at `now` (DESIGN.md section 2: e-mail goes through the outbox): one whose due instant
 * has come, for an appointment that will take place (booked or paid) and has not started, and only if it got its
 * current time no later than that instant (one booked or moved after a reminder's time was told how to prepare
 * then, and gets only the reminders still ahead). A moved appointment is reminded of its new time; a cancelled or
 * refunded one of nothing.
 *
 * Each is sent once, however many instances run this at once and across restarts: a batch's appointments are
 * locked (SKIP LOCKED: another instance takes other ones), each reminder is recorded with `insert … on conflict do
 * nothing` and its e-mail queued in that same transaction only if the insert recorded it. Answers what it queued.
 */
export async function sendDueReminders(
  db: Db,
  now = new Date(),
  site?: { publicUrl: string },
): Promise<QueuedReminder[]> {
  const queued: QueuedReminder[] = [];
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await lockDueReminders(tx, rules, REMINDER_TIME, now, REMINDER_BATCH);
      const recorded = await recordReminders(
        tx,
        due.map((reminder) => ({
          appointmentId: reminder.appointment.id,
          kind: reminder.kind,
          startsAt: reminder.slot.startsAt,
        })),
      );
      // An appointment has one slot: its id and the kind name the reminder within a batch.
      const claimed = new Set(recorded.map((row) => `${row.appointmentId}:${row.kind}`));
      const sent: QueuedReminder[] = [];
      for (const reminder of due) {
        if (!claimed.has(`${reminder.appointment.id}:${reminder.kind}`)) continue;
        const email = reminderEmailOf(
          reminder,
          reminder.kind,
          stops,
          await reminderLinks(tx, reminder, site),
        );
        if (!email) continue;
        await queueEmail(tx, email);
        if (reminder.kind === 'two_days_before') {
          await queueAppointmentText(tx, 'reminder', reminder, site?.publicUrl, now);
        }
        sent.push({ appointmentId: reminder.appointment.id, kind: reminder.kind });
      }
      return { found: due.length, sent };
    });
    queued.push(...batch.sent);
    if (batch.found < REMINDER_BATCH) return queued;
  }
}
