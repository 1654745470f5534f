import {
  adminTeamMemberResponseSchema,
  adminTeamMembersQuerySchema,
  adminTeamMembersResponseSchema,
  teamMemberIdParams,
  teamMemberRequestSchema,
  teamMemberResponseSchema,
  teamMembersQuerySchema,
  teamMembersResponseSchema,
} from '../team';
import { defineEndpoint } from './endpoint';

export const listTeamMembers = defineEndpoint({
  method: 'GET',
  path: '/api/team_members',
  summary: 'The team, by order',
  access: 'public',
  query: teamMembersQuerySchema,
  response: teamMembersResponseSchema,
});

export const getTeamMember = defineEndpoint({
  method: 'GET',
  path: '/api/team_members/:id',
  summary: 'One team member',
  access: 'public',
  params: teamMemberIdParams,
  response: teamMemberResponseSchema,
});

export const listAdminTeamMembers = defineEndpoint({
  method: 'GET',
  path: '/api/admin/team_members',
  summary: 'The team, searchable by full name',
  access: 'admin',
  query: adminTeamMembersQuerySchema,
  response: adminTeamMembersResponseSchema,
});

export const getAdminTeamMember = defineEndpoint({
  method: 'GET',
  path: '/api/admin/team_members/:id',
  summary: 'One team member, with the stored photo',
  access: 'admin',
  params: teamMemberIdParams,
  response: adminTeamMemberResponseSchema,
});

const teamMemberForm = { envelope: 'team_member', files: ['logo'] } as const;

export const createTeamMember = defineEndpoint({
  method: 'POST',
  path: '/api/admin/team_members',
  summary: 'Adds a team member (multipart: full_name, user_type, description, order, logo)',
  access: 'admin',
  body: teamMemberRequestSchema,
  form: teamMemberForm,
  status: 201,
  response: adminTeamMemberResponseSchema,
});

export const updateTeamMember = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/team_members/:id',
  summary: 'Changes a team member; a photo left out is kept, remove_logo=true removes it',
  access: 'admin',
  params: teamMemberIdParams,
  body: teamMemberRequestSchema,
  form: teamMemberForm,
  response: adminTeamMemberResponseSchema,
});

export const deleteTeamMember = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/team_members/:id',
  summary: 'Deletes a team member and their photo',
  access: 'admin',
  params: teamMemberIdParams,
  status: 204,
});
