import type { getTeamMember, listTeamMembers } from '../../../shared/api/team-endpoints';
import { PUBLIC_TEAM_QUERY } from '../../../shared/public-lists';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { endpointQueryKey } from '../../lib/endpoint-query-key';

export const teamMembersQueryKey = () =>
  endpointQueryKey<typeof listTeamMembers>('/api/team_members', { query: PUBLIC_TEAM_QUERY });

/** The member of `/employee/{id}`; an id that is not a number is the API's 404. */
export const teamMemberQueryKey = (id: string) =>
  endpointQueryKey<typeof getTeamMember>('/api/team_members/:id', { params: { id } });

export const useTeamMembers = () =>
  useEndpointQuery<typeof listTeamMembers>('/api/team_members', { query: PUBLIC_TEAM_QUERY });

export const useTeamMember = (id: string) =>
  useEndpointQuery<typeof getTeamMember>('/api/team_members/:id', { params: { id } });
