import { and, asc, desc, eq, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AuditPurge } from '../../../shared/audit';
import type { Db } from '../../db/database';
import { containsPattern, countCheaply, type PageRequest, paginateFromNearerEnd } from '../../db/paginate';
import { type AuditAction, adminUsers, auditLog } from '../../db/schema';

export interface AuditLogQuery extends PageRequest {
  search?: string;
}

/** An audit entry as staff list it: who, what, which record, and the names of the fields its details hold. */
export interface AuditLogItem {
  id: number;
  createdAt: Date;
  actor: string;
  adminEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  fields: string[];
  /** Where a read or an export came from (`via`), or an export's format. */
  context: string | null;
  /** A retention run's counts; null for any other entry. */
  purge: AuditPurge | null;
  /** A role change's or an invitation's roles; null for any other entry. */
  roles: { from: string | null; to: string } | null;
  /** The e-mail typed at a failed sign-in; null for any other entry. */
  emailTried: string | null;
  /** Why an invitation link was refused; null for any other entry. */
  reason: string | null;
}

/**
 * The few values the Activity screen shows of an entry (none a patient's data), by action, each with the detail it
 * is read from: the detail is then no field name of the entry's.
 */
const SHOWN_DETAILS: Partial<Record<AuditAction, readonly string[]>> = {
  role_changed: ['from', 'to'],
  staff_invited: ['role'],
  login_failed: ['email'],
  invitation_failed: ['reason'],
};

/** The counts of a retention run's entry (`retention_purge`), read from its details; a count not there is 0. */
function purgeOf(stored: Record<string, unknown> | string | null): AuditPurge | null {
  const details: unknown = typeof stored === 'string' ? JSON.parse(stored) : stored;
  if (!details || typeof details !== 'object') return null;
  const count = (key: keyof AuditPurge) => {
    const value = Number((details as Record<string, unknown>)[key]);
    return Number.isSafeInteger(value) ? value : 0;
  };
  return {
    older_than_days: count('older_than_days'),
    contact_messages: count('contact_messages'),
    referrals: count('referrals'),
    bookings: count('bookings'),
    patients: count('patients'),
    files: count('files'),
    emails: count('emails'),
    intake_forms: count('intake_forms'),
    waitlist_entries: count('waitlist_entries'),
    texts: count('texts'),
  };
}

/**
 * What a search text names, read from indexes only: the actions and record types the log holds (each list read
 * by skipping through its index, one probe a value; a handful of each), whether each contains the text, and the
 * admins whose e-mail contains it.
 */
async function searchTerms(db: Db, search: string) {
  const pattern = containsPattern(search);
  const { rows } = (await db.execute(sql`
    with recursive
      actions(value) as (
        (select ${auditLog.action} from ${auditLog} order by ${auditLog.action} limit 1)
        union all
        select (
          select later.action from ${auditLog} later where later.action > actions.value order by later.action limit 1
        ) from actions where actions.value is not null
      ),
      entities(value) as (
        (select ${auditLog.entity} from ${auditLog} order by ${auditLog.entity} limit 1)
        union all
        select (
          select later.entity from ${auditLog} later where later.entity > entities.value order by later.entity limit 1
        ) from entities where entities.value is not null
      )
    select 'action' as kind, value, value ilike ${pattern} as matches from actions where value is not null
    union all
    select 'entity', value, value ilike ${pattern} from entities where value is not null
    union all
    select 'admin', ${adminUsers.id}::text, true from ${adminUsers} where ${adminUsers.email} ilike ${pattern}
  `)) as unknown as { rows: { kind: string; value: string; matches: boolean }[] };
  const values = (kind: string, matching: boolean) =>
    rows.filter((row) => row.kind === kind && (!matching || row.matches)).map((row) => row.value);
  return {
    actions: values('action', true),
    entities: values('entity', true),
    allEntities: values('entity', false),
    adminIds: values('admin', true).map(Number),
  };
}

/**
 * Entries whose admin's e-mail, action or record type contains `search` (ignoring case), or whose record id is
 * `search`: each an index's condition (admin_user_id, action, entity, and entity with entity_id), so the database
 * reads only the matching entries. A record id is matched whole (ignoring case): '12' finds record 12, not 112.
 */
async function searchCondition(db: Db, search: string | undefined): Promise<SQL | undefined> {
  if (!search) return undefined;
  const terms = await searchTerms(db, search);
  const id = search.toLowerCase();
  return (
    or(
      terms.adminIds.length > 0 ? inArray(auditLog.adminUserId, terms.adminIds) : undefined,
      terms.actions.length > 0 ? inArray(auditLog.action, terms.actions as AuditAction[]) : undefined,
      terms.entities.length > 0 ? inArray(auditLog.entity, terms.entities) : undefined,
      terms.allEntities.length > 0
        ? and(inArray(auditLog.entity, terms.allEntities), eq(auditLog.entityId, id))
        : undefined,
    ) ?? sql`false`
  );
}

/**
 * Keys of a read's or an export's details that say where it came from and what it covered, not fields of the
 * record: the entry's `context` says the first two.
 */
const CONTEXT_KEYS = [
  'fields',
  'via',
  'format',
  'patient_ids',
  'appointment_id',
  'file_id',
  'rows',
  'searched',
];

/**
 * The names an entry's details hold, in order (never their values): its top-level keys but the context ones, with
 * the list a change names its changed fields in (`fields: ['title', …]`, the services' one convention) read as
 * those names.
 */
const detailFields = sql<string[] | null>`case when jsonb_typeof(${auditLog.details}) = 'object' then (
  select json_agg(distinct field order by field) from (
    select key as field from jsonb_object_keys(${auditLog.details}) key where key <> all(${sql.raw(`array[${CONTEXT_KEYS.map((key) => `'${key}'`).join(', ')}]`)})
    union all
    select jsonb_array_elements_text(case when jsonb_typeof(${auditLog.details} -> 'fields') = 'array' then ${auditLog.details} -> 'fields' else '[]'::jsonb end)
  ) names
) end`;

/** The action of a retention run's entry, whose details are counts (`modules/retention`). */
const PURGE_ACTION: AuditAction = 'retention_purge';

/**
 * A page of the audit log, newest first, with each entry's admin e-mail and field names, and the total.
 * Only `audit_log` is counted, one by one up to ten thousand entries and estimated beyond (`countCheaply`; the
 * admins are joined to the page's rows alone), and a deep page is read from the nearer end (the last page holds
 * the oldest entries), so the cost stays small at hundreds of thousands of entries.
 */
export async function listAuditEntries(db: Db, query: AuditLogQuery) {
  const where = await searchCondition(db, query.search);
  return paginateFromNearerEnd<AuditLogItem>(
    query,
    () => countCheaply(db, () => db.select({ one: sql`1` }).from(auditLog).where(where).$dynamic()),
    async (order, limit, offset) => {
      const direction = order === 'forwards' ? desc : asc;
      const rows = await db
        .select({
          id: auditLog.id,
          createdAt: auditLog.createdAt,
          actor: auditLog.actor,
          adminEmail: adminUsers.email,
          action: auditLog.action,
          entity: auditLog.entity,
          entityId: auditLog.entityId,
          fields: detailFields,
          context: sql<
            string | null
          >`coalesce(${auditLog.details} ->> 'via', ${auditLog.details} ->> 'format')`,
          purge: sql<
            Record<string, unknown> | string | null
          >`case when ${auditLog.action} = ${PURGE_ACTION} then ${auditLog.details} end`,
          roleFrom: sql<
            string | null
          >`case when ${auditLog.action} = 'role_changed' then ${auditLog.details} ->> 'from' end`,
          roleTo: sql<string | null>`case ${auditLog.action}
            when 'role_changed' then ${auditLog.details} ->> 'to'
            when 'staff_invited' then ${auditLog.details} ->> 'role' end`,
          emailTried: sql<
            string | null
          >`case when ${auditLog.action} = 'login_failed' then ${auditLog.details} ->> 'email' end`,
          reason: sql<
            string | null
          >`case when ${auditLog.action} = 'invitation_failed' then ${auditLog.details} ->> 'reason' end`,
        })
        .from(auditLog)
        .leftJoin(adminUsers, eq(adminUsers.id, auditLog.adminUserId))
        .where(where)
        .orderBy(direction(auditLog.createdAt), direction(auditLog.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ roleFrom, roleTo, ...row }) => {
        const purge = purgeOf(row.purge);
        const shown = SHOWN_DETAILS[row.action as AuditAction] ?? [];
        return {
          ...row,
          // A retention run's details are its counts, shown as such: no fields. A value shown is no field either.
          fields: purge ? [] : (row.fields ?? []).filter((field) => !shown.includes(field)),
          purge,
          roles: roleTo === null ? null : { from: roleFrom, to: roleTo },
        };
      });
    },
  );
}

/**
 * Forgets the addresses visitors acted from on these records (a patient's erasure: the entries of their booking
 * and payments stay, without the address that could point to the person).
 */
export async function forgetVisitorAddresses(
  db: Db,
  entity: string,
  entityIds: readonly (string | number)[],
): Promise<void> {
  if (entityIds.length === 0) return;
  await db
    .update(auditLog)
    .set({ ip: null })
    .where(
      and(
        eq(auditLog.entity, entity),
        inArray(auditLog.entityId, entityIds.map(String)),
        eq(auditLog.actor, 'visitor'),
      ),
    );
}

/**
 * Forgets what identifies visitors in audit entries older than `cutoff` (the retention job): the address they
 * acted from, and the e-mail typed in a failed sign-in. The entries stay, with when and what.
 */
export async function forgetVisitorsBefore(db: Db, cutoff: Date): Promise<void> {
  await db
    .update(auditLog)
    .set({ ip: null })
    .where(and(eq(auditLog.actor, 'visitor'), lt(auditLog.createdAt, cutoff), isNotNull(auditLog.ip)));
  await db
    .update(auditLog)
    .set({ details: sql`${auditLog.details} - 'email'` })
    .where(
      and(
        eq(auditLog.action, 'login_failed'),
        lt(auditLog.createdAt, cutoff),
        sql`${auditLog.details} ? 'email'`,
      ),
    );
}
