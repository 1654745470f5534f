import type {
  teamMemberIdParams,
  teamMemberResponseSchema,
  teamMembersQuerySchema,
  teamMembersResponseSchema,
} from '../team';
import { defineEndpoint } from './endpoint';

export const listTeamMembers = defineEndpoint<{
  query: typeof teamMembersQuerySchema;
  response: typeof teamMembersResponseSchema;
}>()({ method: 'GET', path: '/api/team_members', access: 'public' });

export const getTeamMember = defineEndpoint<{
  params: typeof teamMemberIdParams;
  response: typeof teamMemberResponseSchema;
}>()({ method: 'GET', path: '/api/team_members/:id', access: 'public' });
