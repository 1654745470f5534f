import { z } from 'zod';
import { paginationQuerySchema } from './pagination';

export interface TeamMember {
  id: number;
  full_name: string;
  user_type: string;
  description: string;
  order: number;
  logo_url: string | null;
}

export interface TeamMembersResponse {
  team_members: TeamMember[];
  pages: number;
  count: number;
}

export interface TeamMemberResponse {
  team_member: TeamMember;
}

/** The public team list: the spec reads page 1 with 50 per page. */
export const PUBLIC_TEAM_QUERY = { page: 1, per_page: 50 } as const;

export const teamMembersQuerySchema = paginationQuerySchema.strict();
export const recordIdSchema = z.object({
  id: z.coerce.number({ error: 'Not found' }).int().min(1).max(2_147_483_647),
});
