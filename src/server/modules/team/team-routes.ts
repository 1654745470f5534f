import type { FastifyInstance } from 'fastify';
import { getTeamMember, listTeamMembers } from '../../../shared/api/team-endpoint-schemas';
import { notFound } from '../../domain-errors';
import { route } from '../../http/endpoint-route';
import { findTeamMemberRow, listPublicTeamMembers, toTeamMember } from './team-repository';

/** Public reads of the team (spec section 7). */
export async function teamPublicRoutes(api: FastifyInstance): Promise<void> {
  route(api, listTeamMembers, async ({ query }) => {
    const { items, pages, count } = await listPublicTeamMembers(api.db, query);
    return { team_members: items, pages, count };
  });

  route(api, getTeamMember, async ({ params }) => {
    const row = await findTeamMemberRow(api.db, params.id);
    if (!row) throw notFound('Team member not found');
    return { team_member: toTeamMember(row) };
  });
}
