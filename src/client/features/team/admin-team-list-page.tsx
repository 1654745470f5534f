import { Link } from 'react-router';
import type { TeamMember } from '../../../shared/team';
import { texts } from '../../../shared/validation-texts';
import { DataTable } from '../../components/data-table/data-table';
import { useTableParams } from '../../components/data-table/use-table-params';
import type { RouteHandle } from '../../lib/route-handle';
import { useAdminTeamMembers, useDeleteTeamMember } from './team-admin-api';

export const handle: RouteHandle = {
  head: () => ({ title: 'Team', description: 'The team members shown on the website.', noindex: true }),
};

/** /admin/team: the team members (spec 2.6: Full Name, User Type), with search, paging, edit and delete. */
export function Component() {
  const params = useTableParams();
  const list = useAdminTeamMembers(params);
  const remove = useDeleteTeamMember({ notice: texts.notices.teamMemberDeleted });

  return (
    <>
      <div className="admin-page__header">
        <h1 className="admin-page__title">Team</h1>
      </div>
      <DataTable<TeamMember>
        label="Team members"
        params={params}
        rows={list.data?.team_members}
        pages={list.data?.pages}
        count={list.data?.count}
        isLoading={list.isPending || list.isPlaceholderData}
        error={list.isError ? 'The team members could not be loaded.' : undefined}
        columns={[
          { header: 'Full Name', cell: (member) => member.full_name },
          { header: 'User Type', cell: (member) => member.user_type },
        ]}
        rowKey={(member) => member.id}
        rowLabel={(member) => member.full_name}
        searchLabel="Search by full name"
        editHref={(member) => `/admin/team/edit/${member.id}`}
        onDelete={remove}
        deleteDialog={{
          title: (member) => `Delete ${member.full_name}?`,
          message: 'The team member and their photo will be removed from the website. This cannot be undone.',
        }}
        toolbar={
          <Link className="button button--primary" to="/admin/team/add">
            Add team member
          </Link>
        }
        emptyState={
          <>
            <p>No team members yet.</p>
            <Link className="button button--primary" to="/admin/team/add">
              Add team member
            </Link>
          </>
        }
      />
    </>
  );
}
