import { asc, eq } from 'drizzle-orm';
import type { AdminTeamMember, TeamMember } from '../../../shared/team';
import type { Db } from '../../db/database';
import { containsText, type PageRequest, paginate } from '../../db/paginate';
import { files, teamMembers } from '../../db/schema';
import { publicFileUrl } from '../uploads/file-repository';

export type TeamMemberRow = typeof teamMembers.$inferSelect;
export type TeamMemberValues = Omit<typeof teamMembers.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

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

/** Members by order (then id); `search` matches part of the full name, ignoring case. */
export async function listTeamMembers(db: Db, request: PageRequest & { search?: string }) {
  const where = containsText(request.search, teamMembers.fullName);
  const page = await paginate(
    db.select().from(teamMembers).where(where).orderBy(asc(teamMembers.order), asc(teamMembers.id)),
    db.$count(teamMembers, where),
    request,
  );
  return { ...page, items: page.items.map(toTeamMember) };
}

export async function findTeamMemberRow(db: Db, id: number): Promise<TeamMemberRow | undefined> {
  const [row] = await db.select().from(teamMembers).where(eq(teamMembers.id, id)).limit(1);
  return row;
}

/** A member with the stored photo's name, for the back-office form. */
export async function findAdminTeamMember(db: Db, id: number): Promise<AdminTeamMember | undefined> {
  const [found] = await db
    .select({ member: teamMembers, logoName: files.originalName })
    .from(teamMembers)
    .leftJoin(files, eq(files.id, teamMembers.logoFileId))
    .where(eq(teamMembers.id, id))
    .limit(1);
  if (!found) return undefined;
  const { member, logoName } = found;
  return {
    ...toTeamMember(member),
    logo: member.logoFileId ? { url: publicFileUrl(member.logoFileId), name: logoName ?? 'photo' } : null,
  };
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
