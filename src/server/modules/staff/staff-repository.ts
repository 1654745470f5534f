import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { StaffRole } from '../../../shared/staff-roles';
import type { Db } from '../../db/database';
import { containsText, type PageRequest, paginate } from '../../db/paginate';
import { adminInvitations, adminUsers } from '../../db/schema';
import { normaliseEmail } from '../auth/admin-repository';

/**
 * Invited and never accepted: the account has invitations, none of them accepted. (Subqueries name their tables
 * outright: a bare column in a single-table select would resolve inside the subquery.)
 */
const invitedNotAccepted = sql<boolean>`(exists (select 1 from admin_invitations i where i.admin_user_id = admin_users.id)
  and not exists (select 1 from admin_invitations i where i.admin_user_id = admin_users.id and i.accepted_at is not null))`;

/** A staff account as the list reads it, with what it needs of its second factors and invitations. */
const staffColumns = {
  id: adminUsers.id,
  name: adminUsers.name,
  email: adminUsers.email,
  role: adminUsers.role,
  disabledAt: adminUsers.disabledAt,
  lastSignInAt: adminUsers.lastSignInAt,
  totpConfirmedAt: adminUsers.totpConfirmedAt,
  hasPasskey: sql<boolean>`exists (select 1 from admin_passkeys p where p.admin_user_id = admin_users.id)`,
  invited: invitedNotAccepted,
  /** The newest link's end, of the links not replaced. */
  invitationExpiresAt: sql<Date | string | null>`(select max(i.expires_at) from admin_invitations i
    where i.admin_user_id = admin_users.id and i.revoked_at is null and i.accepted_at is null)`,
};

export interface StaffRow {
  id: number;
  name: string | null;
  email: string;
  role: StaffRole;
  disabledAt: Date | null;
  lastSignInAt: Date | null;
  totpConfirmedAt: Date | null;
  hasPasskey: boolean;
  invited: boolean;
  invitationExpiresAt: Date | string | null;
}

/** Staff by name (then e-mail), searchable by either. */
export function listStaffRows(db: Db, query: PageRequest & { search?: string }) {
  const where = containsText(query.search, adminUsers.name, adminUsers.email);
  return paginate<StaffRow>(
    db
      .select(staffColumns)
      .from(adminUsers)
      .where(where)
      .orderBy(asc(sql`lower(coalesce(${adminUsers.name}, ${adminUsers.email}))`), asc(adminUsers.id)),
    db.$count(adminUsers, where),
    query,
  );
}

export async function findStaffRow(db: Db, id: number): Promise<StaffRow | undefined> {
  const [row] = await db.select(staffColumns).from(adminUsers).where(eq(adminUsers.id, id)).limit(1);
  return row;
}

/** The account row, locked until the transaction ends (a change to it is decided on what it is now). */
export async function lockStaffAccount(db: Db, id: number) {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id)).for('update').limit(1);
  return row;
}

/**
 * Locks every administrator's row, in id order, until the transaction ends: two administrators demoting or
 * disabling each other at the same moment are then decided one after the other (and never deadlock), so one stays.
 */
export async function lockAdministrators(db: Db): Promise<void> {
  await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(eq(adminUsers.role, 'administrator'))
    .orderBy(asc(adminUsers.id))
    .for('update');
}

/**
 * How many enabled administrators other than `exceptId` can sign in (not waiting on an invitation); read under
 * `lockAdministrators`.
 */
export async function otherActiveAdministrators(db: Db, exceptId: number): Promise<number> {
  const rows = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(
      and(
        eq(adminUsers.role, 'administrator'),
        isNull(adminUsers.disabledAt),
        ne(adminUsers.id, exceptId),
        sql`not ${invitedNotAccepted}`,
      ),
    );
  return rows.length;
}

/** A new account for an invitee; undefined when the e-mail has one already. */
export async function insertInvitedAccount(
  db: Db,
  values: { name: string; email: string; role: StaffRole; passwordHash: string },
) {
  const [row] = await db
    .insert(adminUsers)
    .values({ ...values, email: normaliseEmail(values.email) })
    .onConflictDoNothing({ target: adminUsers.email })
    .returning({ id: adminUsers.id });
  return row;
}

export async function updateStaffAccount(
  db: Db,
  id: number,
  values: { role?: StaffRole; disabledAt?: Date | null; passwordHash?: string },
): Promise<void> {
  await db
    .update(adminUsers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(adminUsers.id, id));
}

/** Ends the links of an account not used yet (a new one replaces them). */
export async function revokeOpenInvitations(db: Db, adminUserId: number): Promise<void> {
  await db
    .update(adminInvitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(adminInvitations.adminUserId, adminUserId),
        isNull(adminInvitations.acceptedAt),
        isNull(adminInvitations.revokedAt),
      ),
    );
}

export async function insertInvitation(
  db: Db,
  values: { adminUserId: number; tokenHash: string; invitedBy: number; expiresAt: Date },
): Promise<void> {
  await db.insert(adminInvitations).values(values);
}

/** The invitation a token's hash names, whatever its state. */
export async function findInvitation(db: Db, tokenHash: string) {
  const [row] = await db
    .select()
    .from(adminInvitations)
    .where(eq(adminInvitations.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Marks an invitation accepted if it is still open and unexpired, in one statement, so two acceptances of one
 * link cannot both succeed; answers whether this one did.
 */
export async function markInvitationAccepted(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(adminInvitations)
    .set({ acceptedAt: new Date() })
    .where(
      and(
        eq(adminInvitations.id, id),
        isNull(adminInvitations.acceptedAt),
        isNull(adminInvitations.revokedAt),
        gt(adminInvitations.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: adminInvitations.id });
  return rows.length > 0;
}
