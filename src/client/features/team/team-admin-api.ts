import type {
  createTeamMember,
  deleteTeamMember,
  getAdminTeamMember,
  listAdminTeamMembers,
  updateTeamMember,
} from '../../../shared/api/team-admin-endpoints';
import type { TeamMemberFormValues } from '../../../shared/team';
import type { FileFieldValue } from '../../components/file-field/file-field';
import {
  type AdminListParams,
  adminListQuery,
  type DeleteAdminRecordOptions,
  useAdminList,
  useAdminRecord,
  useDeleteAdminRecord,
  useSaveAdminRecord,
} from '../../lib/admin-resource';
import { appendFileField } from '../../lib/form-data';

/** The back-office lists and forms, and the public team pages. */
const REFRESH_PATHS = ['/api/team_members', '/api/admin/team_members'];

export const useAdminTeamMembers = (params: AdminListParams) =>
  useAdminList<typeof listAdminTeamMembers>('/api/admin/team_members', adminListQuery(params));

export const useAdminTeamMember = (id: string) =>
  useAdminRecord<typeof getAdminTeamMember>('/api/admin/team_members/:id', id);

export interface SaveTeamMember {
  values: TeamMemberFormValues;
  logo: FileFieldValue;
}

/** The spec's multipart form: flat fields and the file `logo`. */
function teamMemberFormData({ values, logo }: SaveTeamMember): FormData {
  const body = new FormData();
  body.append('full_name', values.full_name);
  body.append('user_type', values.user_type);
  body.append('description', values.description);
  body.append('order', String(values.order));
  appendFileField(body, 'logo', logo, 'remove_logo');
  return body;
}

/** Creates (no id) or updates a member. */
export const useSaveTeamMember = (id: string | undefined) =>
  useSaveAdminRecord<typeof createTeamMember, typeof updateTeamMember, SaveTeamMember>(
    { create: '/api/admin/team_members', update: '/api/admin/team_members/:id' },
    id,
    teamMemberFormData,
    REFRESH_PATHS,
  );

export const useDeleteTeamMember = (options?: DeleteAdminRecordOptions) =>
  useDeleteAdminRecord<typeof deleteTeamMember>('/api/admin/team_members/:id', REFRESH_PATHS, options);
