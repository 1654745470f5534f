import { allowsMove } from '../../../../shared/appointment-states';
import { receiptNumberText } from '../../../../shared/receipts';
import type { Db } from '../../../db/database';
import type { Appointment, Payment } from '../../../db/schema';
import { type Actor, auditChange } from '../../audit/audit-log';
import { queueEmail } from '../../email/outbox-repository';
import { hasOtherLivePayment } from '../../payments/payment-repository';
import { bookSlot } from '../../slots/slot-repository';
import { moveAppointment, setManageLink } from '../appointment-repository';
import type { PaidEmails } from '../emails/appointment-emails';
import type { ManageLink } from '../manage-links';
import { issueReceiptNumber } from '../receipt-repository';

/** Thrown inside the move's transaction to roll back what it changed when the appointment cannot be paid. */
class NotPayable extends Error {}

/**
 * What comes with a paid appointment: the patient's booking link, when it was paid (its receipt's year), and the
 * e-mails (made before the transaction, but for the receipt, which needs its number).
 */
export interface PaidWith {
  actor: Actor;
  link: ManageLink | undefined;
  paidAt: Date;
  emails: PaidEmails;
}

/**
 * The `pay` move, made in the transaction that settles `payment` as succeeded (the caller has the appointment's row
 * locked and moves the payment): the held appointment's slot is booked for it (while its hold has it, or no one
 * else does), the appointment paid with its patient's booking link and its receipt number, the audit entry written and
 * the confirmation (with the numbered receipt) and the clinic's notice queued. Answers false, changing nothing, when it cannot be paid: it is not held any more, its
 * time was taken by someone else, or another payment of it is live; the payment is then owed back (`lose`).
 */
export async function payAppointment(
  db: Db,
  appointment: Appointment,
  payment: Payment,
  paid: PaidWith,
): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      if (!allowsMove('pay', appointment.status) || !appointment.slotId) throw new NotPayable();
      if (await hasOtherLivePayment(tx, appointment.id, payment.id)) throw new NotPayable();
      if (!(await moveAppointment(tx, appointment.id, 'pay'))) throw new NotPayable();
      if (!(await bookSlot(tx, appointment.slotId, appointment.holdTokenHash))) throw new NotPayable();
      if (paid.link) await setManageLink(tx, appointment.id, paid.link);
      await auditChange(tx, paid.actor, 'update', 'appointment', appointment.id, {
        status: { from: appointment.status, to: 'paid' },
        payment_id: payment.id,
        amount_cents: payment.amountCents,
      });
      const receipt = await issueReceiptNumber(tx, appointment.id, paid.paidAt);
      const emails = await paid.emails(tx, receiptNumberText(receipt.year, receipt.number));
      for (const email of emails) await queueEmail(tx, email);
    });
    return true;
  } catch (error) {
    if (error instanceof NotPayable) return false;
    throw error;
  }
}

/**
 * The `lose` move: a payment succeeded for a held appointment that can no longer be paid (its hold lapsed and the time
 * was taken): the appointment is cancelled with its audit entry, in the settlement's transaction, which owes the
 * payment back. An appointment not held any more is left as it is.
 */
export async function loseAppointment(
  db: Db,
  appointment: Appointment,
  payment: Payment,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await moveAppointment(tx, appointment.id, 'lose'))) return;
    await auditChange(tx, actor, 'update', 'appointment', appointment.id, {
      status: { from: appointment.status, to: 'cancelled' },
      reason: 'paid after the time was lost',
      payment_id: payment.id,
    });
  });
}
