import type { Db } from '../../db/database';
import { forgetVisitorAddresses } from '../audit/audit-repository';
import { forgetPaymentCustomers } from '../payments/payment-repository';
import { forgetAppointmentVisitors } from './appointment-repository';

/**
 * Forgets what could point to the people who booked these appointments, which stay for the accounts: the customer's
 * e-mail on their payments and staff's reasons for their refunds, the visitor's tokens and address on the appointment, and the addresses on the audit
 * entries of both. Used by the erasure (GDPR, retention) and the deletion of abandoned bookings.
 */
export async function forgetBookers(
  db: Db,
  appointmentIds: readonly number[],
  paymentIds: readonly number[],
): Promise<void> {
  await forgetPaymentCustomers(db, appointmentIds);
  await forgetAppointmentVisitors(db, appointmentIds);
  await forgetVisitorAddresses(db, 'appointment', appointmentIds);
  await forgetVisitorAddresses(db, 'payment', paymentIds);
}
