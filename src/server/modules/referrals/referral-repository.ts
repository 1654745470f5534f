import { and, asc, desc, eq, gte, ilike, min, type SQL, sql } from 'drizzle-orm';
import type { ReferralStatus } from '../../../shared/referrals';
import { searchNeedle } from '../../../shared/search-text';
import type { Db } from '../../db/database';
import { containsPattern, type Page, type PageRequest, paginate } from '../../db/paginate';
import {
  type NewReferral,
  type Patient,
  patientSearchText,
  patients,
  type Referral,
  referrals,
} from '../../db/schema';

export async function insertReferral(db: Db, values: NewReferral): Promise<Referral> {
  const [row] = await db.insert(referrals).values(values).returning();
  if (!row) throw new Error('referral insert returned no row');
  return row;
}

/**
 * Serialises the referrals of one e-mail address and of one client address until the transaction ends, so two
 * sent at once are counted against their hourly limits one after the other. Always in this order.
 */
export async function lockReferralSenders(db: Db, emailKey: string, client: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`referral-email:${emailKey}`}, 0))`);
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`referral-from:${client}`}, 0))`);
}

/** Referrals sent since `since` for one e-mail address (`emailKey`), or from one client address (`sentFrom`). */
export async function countReferralsSince(
  db: Db,
  by: { emailKey: string } | { sentFrom: string },
  since: Date,
): Promise<number> {
  const sender = 'emailKey' in by ? eq(referrals.emailKey, by.emailKey) : eq(referrals.sentFrom, by.sentFrom);
  return db.$count(referrals, and(sender, gte(referrals.createdAt, since)));
}

export interface ReferralListQuery extends PageRequest {
  status?: ReferralStatus;
  search?: string;
}

const listColumns = {
  id: referrals.id,
  status: referrals.status,
  hasReferralLetter: referrals.hasReferralLetter,
  createdAt: referrals.createdAt,
  patientId: patients.id,
  firstName: patients.firstName,
  lastName: patients.lastName,
  dob: patients.dob,
  isAdult: patients.isAdult,
};

export type ReferralListRow = Pick<Referral, 'id' | 'status' | 'hasReferralLetter' | 'createdAt'> &
  Pick<Patient, 'firstName' | 'lastName' | 'dob' | 'isAdult'> & { patientId: number };

/**
 * The order staff triage in: awaiting ones first, the oldest first (the longest waiting); then the rest, newest
 * first. With a status other than awaiting, newest first.
 */
function triageOrder(status: ReferralStatus | undefined): SQL[] {
  if (status === 'awaiting') return [asc(referrals.createdAt), asc(referrals.id)];
  if (status) return [desc(referrals.createdAt), desc(referrals.id)];
  return [
    sql`(${referrals.status} <> 'awaiting')`,
    sql`case when ${referrals.status} = 'awaiting' then ${referrals.createdAt} end asc`,
    desc(referrals.createdAt),
    desc(referrals.id),
  ];
}

/** A page of referrals with their patients' names, in triage order, and how many the filter finds. */
export function listReferrals(db: Db, query: ReferralListQuery): Promise<Page<ReferralListRow>> {
  const where = and(
    query.status ? eq(referrals.status, query.status) : undefined,
    query.search
      ? ilike(patientSearchText(patients), containsPattern(searchNeedle(query.search)))
      : undefined,
  );
  const rows = db
    .select(listColumns)
    .from(referrals)
    .innerJoin(patients, eq(patients.id, referrals.patientId))
    .where(where)
    .orderBy(...triageOrder(query.status));
  const total = db
    .select({ count: sql<number>`count(*)::int` })
    .from(referrals)
    .innerJoin(patients, eq(patients.id, referrals.patientId))
    .where(where)
    .then(([row]) => Number(row?.count ?? 0));
  return paginate(rows, total, query);
}

export async function findReferral(
  db: Db,
  id: number,
  { lock = false } = {},
): Promise<{ referral: Referral; patient: Patient } | undefined> {
  const query = db
    .select({ referral: referrals, patient: patients })
    .from(referrals)
    .innerJoin(patients, eq(patients.id, referrals.patientId))
    .where(eq(referrals.id, id))
    .limit(1);
  const [row] = await (lock ? query.for('update', { of: referrals }) : query);
  return row;
}

export async function updateReferral(db: Db, id: number, values: Partial<NewReferral>): Promise<void> {
  await db
    .update(referrals)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(referrals.id, id));
}

/** How many referrals await triage, and when the oldest of them was sent (one index range). */
export async function referralsAwaitingTriage(db: Db): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: min(referrals.createdAt) })
    .from(referrals)
    .where(eq(referrals.status, 'awaiting'));
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ?? null };
}

/** A patient's self-referrals, oldest first. */
export function referralsOfPatient(db: Db, patientId: number): Promise<Referral[]> {
  return db.select().from(referrals).where(eq(referrals.patientId, patientId)).orderBy(asc(referrals.id));
}
