import { Link } from 'react-router';
import type { RouteHandle } from '../../lib/route-handle';
import { teamMembersQueryKey, useTeamMembers } from './team-api';
import { TeamMemberPhoto } from './team-member-photo';

export const handle: RouteHandle = {
  queries: () => [teamMembersQueryKey()],
  head: () => ({
    title: 'Our Team',
    description:
      'Meet the consultant allergists, nurses, dietitian and staff who care for adults and children at the clinic.',
  }),
};

export function Component() {
  const { data, isPending, isError, error } = useTeamMembers();
  return (
    <div className="page container">
      <h1 className="page__title">Our Team</h1>
      <p className="page__lead">
        Consultant-led care for adults and children, from the first assessment to the follow-up plan.
      </p>
      {isPending && <p role="status">Loading the team…</p>}
      {isError && <p role="alert">{error.message}</p>}
      {data && (
        <ul className="team-grid">
          {data.team_members.map((member) => (
            <li key={member.id} className="team-card">
              <Link className="team-card__link" to={`/employee/${member.id}`}>
                <TeamMemberPhoto member={member} size="small" />
                <span className="team-card__name">{member.full_name}</span>
                <span className="team-card__role">{member.user_type}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
