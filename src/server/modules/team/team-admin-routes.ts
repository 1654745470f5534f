import type { FastifyInstance } from 'fastify';
import {
  createTeamMember,
  deleteTeamMember,
  getAdminTeamMember,
  listAdminTeamMembers,
  updateTeamMember,
} from '../../../shared/api/team-endpoint-schemas';
import { notFound } from '../../domain-errors';
import { route } from '../../http/endpoint-route';
import type { FormLimits } from '../../http/multipart-form';
import { adminActorOf } from '../auth/admin-guard';
import { findAdminTeamMember, listTeamMembers } from './team-repository';
import { createTeamMember as addMember, changeTeamMember, removeTeamMember } from './team-service';

/** A photo and a few short fields; the description is the longest. */
const TEAM_FORM_LIMITS: FormLimits = { files: 1, fields: 10, fieldSize: 32 * 1024 };

/** Back-office calls: /api/admin/team_members (spec section 7), under the guarded /api/admin scope. */
export async function teamAdminRoutes(admin: FastifyInstance): Promise<void> {
  const db = admin.db;

  route(admin, listAdminTeamMembers, async ({ query }) => {
    const { items, pages, count } = await listTeamMembers(db, query);
    return { team_members: items, pages, count };
  });

  route(admin, getAdminTeamMember, async ({ params }) => {
    const member = await findAdminTeamMember(db, params.id);
    if (!member) throw notFound('Team member not found');
    return { team_member: member };
  });

  route(
    admin,
    createTeamMember,
    async (request) => ({ team_member: await addMember(db, adminActorOf(request), request.body) }),
    { formLimits: TEAM_FORM_LIMITS },
  );

  route(
    admin,
    updateTeamMember,
    async (request) => ({
      team_member: await changeTeamMember(db, adminActorOf(request), request.params.id, request.body),
    }),
    { formLimits: TEAM_FORM_LIMITS },
  );

  route(admin, deleteTeamMember, async (request) => {
    await removeTeamMember(db, adminActorOf(request), request.params.id);
    return undefined;
  });
}
