import { asc, count, eq } from 'drizzle-orm';
import type { AdminTeamMember, TeamMember, TeamMemberSummary } from '../../../shared/team';
import { type Db, rawStatement } from '../../db/database';
import {
  containsText,
  PAGE_LIMIT,
  PAGE_OFFSET,
  type PageRequest,
  paginate,
  paginateRows,
  preparedPerDatabase,
} from '../../db/paginate';
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

const summaryColumns = {
  id: teamMembers.id,
  fullName: teamMembers.fullName,
  userType: teamMembers.userType,
  order: teamMembers.order,
  logoFileId: teamMembers.logoFileId,
};

const publicTeamPage = preparedPerDatabase((db) => ({
  items: rawStatement(
    'public_team_members_page',
    db
      .select(summaryColumns)
      .from(teamMembers)
      .orderBy(asc(teamMembers.order), asc(teamMembers.id))
      .limit(PAGE_LIMIT)
      .offset(PAGE_OFFSET),
  ),
  count: rawStatement('public_team_members_count', db.select({ count: count() }).from(teamMembers)),
}));

/** A row of `publicTeamPage`, as the driver reads it. */
interface TeamSummaryRow {
  id: number;
  full_name: string;
  user_type: string;
  order: number;
  logo_file_id: string | null;
}

/**
 * The public team list, by order (then id): what the Our Team cards show (photo, name, role) and the
 * order the spec's answer names; the description is read with one member.
 */
export async function listPublicTeamMembers(db: Db, request: PageRequest) {
  const page = await paginateRows<TeamSummaryRow>(db, publicTeamPage(db), request);
  return {
    ...page,
    items: page.items.map(
      (row): TeamMemberSummary => ({
        id: row.id,
        full_name: row.full_name,
        user_type: row.user_type,
        order: row.order,
        logo_url: row.logo_file_id ? publicFileUrl(row.logo_file_id) : null,
      }),
    ),
  };
}

/** Members by order (then id), whole, for the back office; `search` matches part of the full name. */
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
    medical_council_number: member.medicalCouncilNumber,
    video_link: member.videoLink,
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
