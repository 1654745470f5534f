import type { FastifyInstance } from 'fastify';
import { createRefund, getTransaction, listTransactions } from '../../../shared/api/payment-endpoints';
import { paymentTexts } from '../../../shared/payments';
import { route } from '../../http/endpoint-route';
import { HttpError } from '../../http/http-errors';
import { actorOf, recordAudit } from '../audit/audit-log';
import { fileInfos } from '../uploads/file-repository';
import { findTransactionWithPatient, listTransactionRows } from './payment-repository';
import { refundTransaction } from './payment-service';
import { toAdminPatient, toTransaction } from './transaction-view';

/** Back-office calls: booking appointments and refunds (spec section 7), under the guarded /api/admin scope. */
export async function paymentAdminRoutes(admin: FastifyInstance): Promise<void> {
  const db = admin.db;

  route(admin, listTransactions, async (request) => {
    const { items, pages, count } = await listTransactionRows(db, request.query);
    const actor = actorOf(request);
    const patientIds = items.flatMap((row) => (row.patient ? [row.patient.id] : []));
    // Names and e-mails of patients are personal data: the list's read is audited too.
    if (patientIds.length > 0) {
      await recordAudit(db, {
        adminUserId: actor.adminUserId,
        ip: actor.ip,
        action: 'read',
        entity: 'patient',
        details: { via: 'transactions_list', patient_ids: patientIds },
      });
    }
    return { transactions: items.map(toTransaction), pages, count };
  });

  route(admin, getTransaction, async (request) => {
    const row = await findTransactionWithPatient(db, request.params.id);
    if (!row) throw new HttpError(404, paymentTexts.transactionNotFound);
    const actor = actorOf(request);
    await recordAudit(db, {
      adminUserId: actor.adminUserId,
      ip: actor.ip,
      action: 'read',
      entity: 'patient',
      entityId: row.patient?.id ?? null,
      details: { via: 'transaction', transaction_id: row.transaction.id },
    });
    const stored = row.patient
      ? await fileInfos(db, [row.patient.resultFileId, row.patient.referralLetterFileId])
      : new Map<string, { name: string }>();
    const names = new Map([...stored].map(([id, info]) => [id, info.name]));
    return {
      transaction: {
        ...toTransaction(row),
        patient: row.patient ? toAdminPatient(row.patient, names) : null,
      },
    };
  });

  route(admin, createRefund, async (request) => {
    const refunded = await refundTransaction(
      db,
      admin.payments,
      actorOf(request),
      request.body.transaction_id,
    );
    const row = await findTransactionWithPatient(db, refunded.id);
    if (!row) throw new HttpError(404, paymentTexts.transactionNotFound);
    return { message: paymentTexts.refunded, transaction: toTransaction(row) };
  });
}
