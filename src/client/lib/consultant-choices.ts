import { listTeamMembers } from '../../shared/api/team-endpoints';
import { useEndpointQuery } from './endpoint-query';

/**
 * The team members a receipt may name as the consultant (the slot editor's and the settings' choices): the public
 * team list, which every staff role may read, in its order.
 */
export function useConsultantChoices(): { id: number; name: string }[] {
  const team = useEndpointQuery(listTeamMembers, { query: { per_page: 100 } });
  return (team.data?.team_members ?? []).map((member) => ({ id: member.id, name: member.full_name }));
}
