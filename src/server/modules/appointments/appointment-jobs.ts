import type { Job } from '../../jobs/job-runner';
import { deleteAbandonedAppointments } from './abandoned-appointments';
import type { AppointmentContext } from './appointment-context';
import { settlePayments } from './appointment-payments';
import { type QueuedReminder, sendDueReminders } from './appointment-reminders';

const PAYMENT_SETTLEMENT_INTERVAL_MS = 60_000;
const ABANDONED_APPOINTMENT_JOB_INTERVAL_MS = 10 * 60_000;
const APPOINTMENT_REMINDER_INTERVAL_MS = 5 * 60_000;

/**
 * Every minute, the payments whose turn has come are settled from their provider: a webhook that never came,
 * a server stopped in the middle of a payment or a refund, an automatic refund that failed. Several instances
 * may run it at once: each claims its payments, and every change is conditional on the payment's state.
 */
export function paymentSettlementJob(context: AppointmentContext): Job<number[]> {
  return {
    name: 'payment-settlement',
    intervalMs: PAYMENT_SETTLEMENT_INTERVAL_MS,
    async run() {
      const ids = await settlePayments(context);
      if (ids.length > 0) context.log.info({ payments: ids }, 'asked the provider about unsettled payments');
      return ids;
    },
  };
}

/** Every 10 minutes, abandoned unpaid bookings older than a day are deleted with their patients and files. */
export function abandonedAppointmentJob(context: AppointmentContext): Job<number[]> {
  return {
    name: 'abandoned-booking-cleanup',
    intervalMs: ABANDONED_APPOINTMENT_JOB_INTERVAL_MS,
    async run() {
      const ids = await deleteAbandonedAppointments(context);
      if (ids.length > 0) context.log.info({ appointments: ids }, 'deleted abandoned unpaid bookings');
      return ids;
    },
  };
}

/**
 * Every 5 minutes, the reminders whose time has come are queued for the patients (a few minutes after 09:00 clinic
 * time on their day). Several instances may run it at once: each reminder is recorded and queued once. `run` takes
 * the time it works for (tests set the clock).
 */
export function appointmentReminderJob(context: AppointmentContext): Job<QueuedReminder[]> & {
  run(now?: Date): Promise<QueuedReminder[]>;
} {
  return {
    name: 'appointment-reminders',
    intervalMs: APPOINTMENT_REMINDER_INTERVAL_MS,
    async run(now: Date = new Date()) {
      const queued = await sendDueReminders(context.db, now, context.settings);
      if (queued.length > 0) context.log.info({ reminders: queued }, 'queued appointment reminders');
      return queued;
    },
  };
}
