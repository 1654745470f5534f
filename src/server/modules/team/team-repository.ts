import { asc, count, eq } from 'drizzle-orm';
import type { TeamMember } from '../../../shared/team';
import type { Db } from '../../db/database';
import { teamMembers } from '../../db/schema';

type TeamMemberRow = typeof teamMembers.$inferSelect;

function toTeamMember(row: TeamMemberRow): TeamMember {
  return {
    id: row.id,
    full_name: row.fullName,
    user_type: row.userType,
    description: row.description,
    order: row.order,
    logo_url: row.logoFileId ? `/uploads/${row.logoFileId}` : null,
  };
}

export async function listTeamMembers(db: Db, page: number, perPage: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(teamMembers)
      .orderBy(asc(teamMembers.order), asc(teamMembers.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(teamMembers),
  ]);
  return { items: rows.map(toTeamMember), count: total?.value ?? 0 };
}

export async function findTeamMember(db: Db, id: number): Promise<TeamMember | undefined> {
  const [row] = await db.select().from(teamMembers).where(eq(teamMembers.id, id)).limit(1);
  return row ? toTeamMember(row) : undefined;
}
