import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { containsText, type PageRequest, paginate } from '../../db/paginate';
import {
  livePaymentStatuses,
  type NewTransaction,
  patients,
  paymentEvents,
  sessions,
  type Transaction,
  transactions,
} from '../../db/schema';

export async function insertTransaction(db: Db, values: NewTransaction): Promise<Transaction> {
  const [row] = await db.insert(transactions).values(values).returning();
  if (!row) throw new Error('transaction insert returned no row');
  return row;
}

export async function findTransactionRow(db: Db, id: number): Promise<Transaction | undefined> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
  return row;
}

/** Locks the transaction's row until the database transaction ends (one completion at a time). */
export async function lockTransactionRow(db: Db, id: number): Promise<Transaction | undefined> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).for('update').limit(1);
  return row;
}

export async function findTransactionByProviderId(
  db: Db,
  providerId: string,
): Promise<Transaction | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(eq(transactions.transactionId, providerId))
    .limit(1);
  return row;
}

export async function transactionsOfPatient(db: Db, patientId: number): Promise<Transaction[]> {
  return db
    .select()
    .from(transactions)
    .where(eq(transactions.patientId, patientId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id));
}

/** Another payment of the booking that blocks this one (a double charge to be refunded). */
export async function otherLivePayment(db: Db, patientId: number, exceptId: number): Promise<boolean> {
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.patientId, patientId),
        inArray(transactions.status, [...livePaymentStatuses]),
        sql`${transactions.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Up to `limit` transactions of `provider` in one of `statuses`, last changed before `before`, oldest first. */
export async function staleTransactions(
  db: Db,
  provider: Transaction['provider'],
  statuses: readonly Transaction['status'][],
  before: Date,
  limit = 20,
): Promise<Transaction[]> {
  return db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.provider, provider),
        inArray(transactions.status, [...statuses]),
        lt(transactions.updatedAt, before),
      ),
    )
    .orderBy(asc(transactions.updatedAt))
    .limit(limit);
}

/** Changes a transaction only while its status is one of `from`; answers the changed row. */
export async function updateTransaction(
  db: Db,
  id: number,
  from: readonly string[],
  values: Partial<NewTransaction>,
): Promise<Transaction | undefined> {
  const [row] = await db
    .update(transactions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(transactions.id, id), inArray(transactions.status, [...from])))
    .returning();
  return row;
}

/** Records a provider event; false when it was recorded before (a replay). */
export async function recordPaymentEvent(db: Db, id: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export interface TransactionListQuery extends PageRequest {
  is_video_call?: boolean;
  search_transaction?: string;
}

const listColumns = { transaction: transactions, patient: patients, session: sessions };

export type TransactionListRow = {
  transaction: Transaction;
  patient: typeof patients.$inferSelect | null;
  session: typeof sessions.$inferSelect | null;
};

/** Booking appointments, newest first, with their patient and slot. */
export async function listTransactionRows(db: Db, query: TransactionListQuery) {
  const fullName = sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`;
  const search = query.search_transaction;
  const where = and(
    query.is_video_call === undefined ? undefined : eq(sessions.isVideoCall, query.is_video_call),
    search
      ? or(
          containsText(search, patients.firstName, patients.lastName, patients.email),
          sql`(${fullName}) ilike ${`%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`}`,
        )
      : undefined,
  );
  const joined = () =>
    db
      .select(listColumns)
      .from(transactions)
      .leftJoin(patients, eq(patients.id, transactions.patientId))
      .leftJoin(sessions, eq(sessions.id, transactions.sessionId));
  const total = db
    .select({ count: sql<number>`count(*)::int` })
    .from(transactions)
    .leftJoin(patients, eq(patients.id, transactions.patientId))
    .leftJoin(sessions, eq(sessions.id, transactions.sessionId))
    .where(where)
    .then((rows) => Number(rows[0]?.count ?? 0));
  return paginate<TransactionListRow>(
    joined().where(where).orderBy(desc(transactions.createdAt), desc(transactions.id)),
    total,
    query,
  );
}

export async function findTransactionWithPatient(
  db: Db,
  id: number,
): Promise<TransactionListRow | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(transactions)
    .leftJoin(patients, eq(patients.id, transactions.patientId))
    .leftJoin(sessions, eq(sessions.id, transactions.sessionId))
    .where(eq(transactions.id, id))
    .limit(1);
  return row;
}
