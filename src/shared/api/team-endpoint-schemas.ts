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
import { withSchemas } from './endpoint-schemas';
import * as admin from './team-admin-endpoints';
import * as api from './team-endpoints';

export const listTeamMembers = withSchemas(api.listTeamMembers, {
  summary: 'The team, by order',
  query: teamMembersQuerySchema,
  response: teamMembersResponseSchema,
});

export const getTeamMember = withSchemas(api.getTeamMember, {
  summary: 'One team member',
  params: teamMemberIdParams,
  response: teamMemberResponseSchema,
});

export const listAdminTeamMembers = withSchemas(admin.listAdminTeamMembers, {
  summary: 'The team, searchable by full name',
  query: adminTeamMembersQuerySchema,
  response: adminTeamMembersResponseSchema,
});

export const getAdminTeamMember = withSchemas(admin.getAdminTeamMember, {
  summary: 'One team member, with the stored photo',
  params: teamMemberIdParams,
  response: adminTeamMemberResponseSchema,
});

const teamMemberForm = { envelope: 'team_member', files: ['logo'] } as const;

export const createTeamMember = withSchemas(admin.createTeamMember, {
  summary: 'Adds a team member (multipart: full_name, user_type, description, order, logo)',
  body: teamMemberRequestSchema,
  form: teamMemberForm,
  response: adminTeamMemberResponseSchema,
});

export const updateTeamMember = withSchemas(admin.updateTeamMember, {
  summary: 'Changes a team member; a photo left out is kept, remove_logo=true removes it',
  params: teamMemberIdParams,
  body: teamMemberRequestSchema,
  form: teamMemberForm,
  response: adminTeamMemberResponseSchema,
});

export const deleteTeamMember = withSchemas(admin.deleteTeamMember, {
  summary: 'Deletes a team member and their photo',
  params: teamMemberIdParams,
});
