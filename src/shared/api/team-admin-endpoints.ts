import type {
  adminTeamMemberResponseSchema,
  adminTeamMembersQuerySchema,
  adminTeamMembersResponseSchema,
  teamMemberIdParams,
  teamMemberRequestSchema,
} from '../team';
import { defineEndpoint } from './endpoint';

export const listAdminTeamMembers = defineEndpoint<{
  query: typeof adminTeamMembersQuerySchema;
  response: typeof adminTeamMembersResponseSchema;
}>()({ method: 'GET', path: '/api/admin/team_members', access: 'admin', permission: 'content' });

export const getAdminTeamMember = defineEndpoint<{
  params: typeof teamMemberIdParams;
  response: typeof adminTeamMemberResponseSchema;
}>()({ method: 'GET', path: '/api/admin/team_members/:id', access: 'admin', permission: 'content' });

export const createTeamMember = defineEndpoint<{
  body: typeof teamMemberRequestSchema;
  response: typeof adminTeamMemberResponseSchema;
}>()({
  method: 'POST',
  path: '/api/admin/team_members',
  access: 'admin',
  permission: 'content',
  status: 201,
});

export const updateTeamMember = defineEndpoint<{
  params: typeof teamMemberIdParams;
  body: typeof teamMemberRequestSchema;
  response: typeof adminTeamMemberResponseSchema;
}>()({ method: 'PUT', path: '/api/admin/team_members/:id', access: 'admin', permission: 'content' });

export const deleteTeamMember = defineEndpoint<{ params: typeof teamMemberIdParams }>()({
  method: 'DELETE',
  path: '/api/admin/team_members/:id',
  access: 'admin',
  permission: 'content',
  status: 204,
});
