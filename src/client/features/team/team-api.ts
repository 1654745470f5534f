import { useQuery } from '@tanstack/react-query';
import { PUBLIC_TEAM_QUERY } from '../../../shared/public-lists';
import type { TeamMemberResponse, TeamMembersResponse } from '../../../shared/team';
import type { ApiQueryKey } from '../../lib/query-client';

export const teamMembersQueryKey = (): ApiQueryKey => ['/api/team_members', PUBLIC_TEAM_QUERY];
export const teamMemberQueryKey = (id: string): ApiQueryKey => [
  `/api/team_members/${encodeURIComponent(id)}`,
];

export function useTeamMembers() {
  return useQuery<TeamMembersResponse>({ queryKey: teamMembersQueryKey() });
}

export function useTeamMember(id: string) {
  return useQuery<TeamMemberResponse>({ queryKey: teamMemberQueryKey(id) });
}
