import type { QueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { TeamMemberResponse } from '../../../shared/team';
import { isNotFoundError } from '../../lib/api-client';
import type { RouteHandle } from '../../lib/route-handle';
import { teamMemberQueryKey, useTeamMember } from './team-api';
import { TeamMemberPhoto } from './team-member-photo';

function cachedMember(queryClient: QueryClient, id: string) {
  return queryClient.getQueryData<TeamMemberResponse>(teamMemberQueryKey(id))?.team_member;
}

export const handle: RouteHandle = {
  queries: ({ params }) => [teamMemberQueryKey(params.id ?? '')],
  head: ({ params, queryClient }) => {
    const id = params.id ?? '';
    const member = cachedMember(queryClient, id);
    if (member)
      return {
        title: member.full_name,
        description: `${member.full_name}, ${member.user_type}. ${member.description}`.slice(0, 160),
      };
    if (queryClient.getQueryState(teamMemberQueryKey(id))?.status === 'error')
      return {
        title: 'Team member not found',
        description: 'This team member does not exist.',
        noindex: true,
      };
    return { title: 'Our Team', description: 'A member of the clinic team.' };
  },
};

export function Component() {
  const id = useParams().id ?? '';
  const { data, isPending, isError, error } = useTeamMember(id);
  const member = data?.team_member;
  return (
    <div className="page container">
      <p>
        <Link to="/our_team">← Back to Our Team</Link>
      </p>
      {isPending && <p role="status">Loading…</p>}
      {isError && (
        <>
          <h1 className="page__title">Team member not found</h1>
          <p role="alert">
            {isNotFoundError(error)
              ? 'This person is not on the clinic team page. Our Team lists everyone.'
              : error.message}
          </p>
        </>
      )}
      {member && (
        <article className="team-member">
          <TeamMemberPhoto member={member} size="large" />
          <div>
            <h1 className="page__title">{member.full_name}</h1>
            <p className="team-member__role">{member.user_type}</p>
            {member.description.split(/\n+/).map((paragraph, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one fixed text (two may be alike).
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        </article>
      )}
    </div>
  );
}
