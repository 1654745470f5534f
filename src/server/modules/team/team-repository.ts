import { asc, count, eq, ilike } from 'drizzle-orm';
import type { TeamMember } from '../../../shared/team';
import type { Db } from '../../db/database';
import { teamMembers } from '../../db/schema';
import { publicFileUrl } from '../uploads/file-repository';

type TeamMemberRow = typeof teamMembers.$inferSelect;

export interface TeamMemberValues {
  fullName: string;
  userType: string;
  description: string;
  order: number;
  logoFileId: string | null;
}

export function toTeamMember(row: TeamMemberRow): TeamMember {
  return {
    id: row.id,
    full_name: row.fullName,
    user_type: row.userType,
    description: row.description,
    order: row.order,
    logo_url: row.logoFileId ? publicFileUrl(row.logoFileId) : null,
  };
}

/** `%`, `_` and `\` typed in a search box are matched as themselves. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Members by order (then id); `search` matches part of the full name, ignoring case. */
export async function listTeamMembers(db: Db, page: number, perPage: number, search?: string) {
  const where = search ? ilike(teamMembers.fullName, containsPattern(search)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(teamMembers)
      .where(where)
      .orderBy(asc(teamMembers.order), asc(teamMembers.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(teamMembers).where(where),
  ]);
  return { items: rows.map(toTeamMember), count: total?.value ?? 0 };
}

export async function findTeamMember(db: Db, id: number): Promise<TeamMember | undefined> {
  const row = await findTeamMemberRow(db, id);
  return row ? toTeamMember(row) : undefined;
}

export async function findTeamMemberRow(db: Db, id: number): Promise<TeamMemberRow | undefined> {
  const [row] = await db.select().from(teamMembers).where(eq(teamMembers.id, id)).limit(1);
  return row;
}

export async function insertTeamMember(db: Db, values: TeamMemberValues): Promise<TeamMemberRow> {
  const [row] = await db.insert(teamMembers).values(values).returning();
  if (!row) throw new Error('team member insert returned no row');
  return row;
}

export async function updateTeamMember(
  db: Db,
  id: number,
  values: TeamMemberValues,
): Promise<TeamMemberRow | undefined> {
  const [row] = await db.update(teamMembers).set(values).where(eq(teamMembers.id, id)).returning();
  return row;
}

export async function deleteTeamMember(db: Db, id: number): Promise<TeamMemberRow | undefined> {
  const [row] = await db.delete(teamMembers).where(eq(teamMembers.id, id)).returning();
  return row;
}
