import type { FastifyInstance } from 'fastify';
import { createRefund, getTransaction, listTransactions } from '../../../shared/api/appointment-endpoints';
import { paymentTexts } from '../../../shared/payments';
import { route } from '../../http/endpoint-route';
import { adminActorOf } from '../auth/admin-guard';
import { appointmentForStaff, listAppointmentsForStaff } from './appointment-admin-service';
import { refundAppointment } from './appointment-refunds';
import { findAppointmentRecord } from './appointment-repository';
import { transactionAnswer } from './appointment-view';

/** Back-office calls: booking appointments and refunds (spec section 7), under the guarded /api/admin scope. */
export async function appointmentAdminRoutes(admin: FastifyInstance): Promise<void> {
  const { db } = admin.appointments;

  route(admin, listTransactions, async (request) =>
    listAppointmentsForStaff(db, adminActorOf(request), request.query),
  );

  route(admin, getTransaction, async (request) =>
    appointmentForStaff(db, adminActorOf(request), request.params.id),
  );

  route(admin, createRefund, async (request) => {
    const id = request.body.transaction_id;
    await refundAppointment({ ...admin.appointments, log: request.log }, adminActorOf(request), id);
    const record = await findAppointmentRecord(db, id);
    return { message: paymentTexts.refunded, transaction: transactionAnswer(record!) };
  });
}
