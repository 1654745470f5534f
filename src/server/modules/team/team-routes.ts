import type { FastifyInstance } from 'fastify';
import { pageCount } from '../../../shared/pagination';
import {
  recordIdSchema,
  type TeamMemberResponse,
  type TeamMembersResponse,
  teamMembersQuerySchema,
} from '../../../shared/team';
import { notFound } from '../../http/http-errors';
import { validate } from '../../http/validation';
import { findTeamMember, listTeamMembers } from './team-repository';

/** Public reads of the team (spec section 7): `GET /api/team_members` and `GET /api/team_members/{id}`. */
export async function teamPublicRoutes(app: FastifyInstance): Promise<void> {
  app.get('/team_members', async (request): Promise<TeamMembersResponse> => {
    const query = validate(teamMembersQuerySchema, request.query);
    const { items, count } = await listTeamMembers(app.db, query.page, query.per_page);
    return { team_members: items, pages: pageCount(count, query.per_page), count };
  });

  app.get('/team_members/:id', async (request): Promise<TeamMemberResponse> => {
    const params = recordIdSchema.safeParse(request.params);
    const member = params.success ? await findTeamMember(app.db, params.data.id) : undefined;
    if (!member) throw notFound('Team member');
    return { team_member: member };
  });
}
