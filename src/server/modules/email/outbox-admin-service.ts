import { type OutboxEmail, type OutboxQuery, outboxTexts } from '../../../shared/outbox';
import type { Db } from '../../db/database';
import { conflict, notFound } from '../../domain-errors';
import { type AdminActor, auditChange, auditRead } from '../audit/audit-log';
import {
  countFailedEmails,
  listOutboxEmails,
  type OutboxListItem,
  outboxEmailExists,
  requeueFailedEmail,
} from './outbox-repository';

const ENTITY = 'email';

/** A message as the API shows it to staff. */
function outboxEmailAnswer(row: OutboxListItem): OutboxEmail {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    appointment_id: row.appointmentId,
    referral_id: row.referralId,
  };
}

/**
 * A page of the outbox for staff, with how many have failed in all. Recipients are personal data: the read is
 * audited with the messages' ids (before the answer is sent).
 */
export async function listStaffOutbox(db: Db, actor: AdminActor, query: OutboxQuery) {
  const [page, failed] = await Promise.all([listOutboxEmails(db, query), countFailedEmails(db)]);
  if (page.items.length > 0) {
    await auditRead(db, actor, ENTITY, null, { via: 'outbox', email_ids: page.items.map((row) => row.id) });
  }
  return { emails: page.items.map(outboxEmailAnswer), pages: page.pages, count: page.count, failed };
}

/** Staff send a failed message again: it waits in the outbox with its tries counted afresh; audited. */
export async function resendFailedEmail(db: Db, actor: AdminActor, id: number) {
  return db.transaction(async (tx) => {
    const row = await requeueFailedEmail(tx, id);
    if (!row) {
      throw (await outboxEmailExists(tx, id))
        ? conflict('email_not_resendable', outboxTexts.notResendable)
        : notFound(outboxTexts.notFound);
    }
    await auditChange(tx, actor, 'update', ENTITY, id, { status: { from: 'failed', to: 'pending' } });
    return { message: outboxTexts.resent, email: outboxEmailAnswer(row) };
  });
}
