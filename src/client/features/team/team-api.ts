import { getTeamMember, listTeamMembers } from '../../../shared/api/team-endpoints';
import { PUBLIC_TEAM_QUERY } from '../../../shared/public-lists';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { endpointQueryKey } from '../../lib/query-client';

export const teamMembersQueryKey = () => endpointQueryKey(listTeamMembers, { query: PUBLIC_TEAM_QUERY });

/** The member of `/employee/{id}`; an id that is not a number is the API's 404. */
export const teamMemberQueryKey = (id: string) => endpointQueryKey(getTeamMember, { params: { id } });

export const useTeamMembers = () => useEndpointQuery(listTeamMembers, { query: PUBLIC_TEAM_QUERY });

export const useTeamMember = (id: string) => useEndpointQuery(getTeamMember, { params: { id } });
