import type {
  AdminTeamMemberResponse,
  TeamMemberFormValues,
  TeamMembersResponse,
} from '../../../shared/team';
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

const ADMIN_PATH = '/api/admin/team_members';
/** The back-office lists and forms, and the public team pages. */
const REFRESH_PATHS = ['/api/team_members', ADMIN_PATH];

export const useAdminTeamMembers = (params: AdminListParams) =>
  useAdminList<TeamMembersResponse>(ADMIN_PATH, adminListQuery(params));

export const useAdminTeamMember = (id: string) => useAdminRecord<AdminTeamMemberResponse>(ADMIN_PATH, id);

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
  useSaveAdminRecord<SaveTeamMember, AdminTeamMemberResponse>(
    ADMIN_PATH,
    id,
    teamMemberFormData,
    REFRESH_PATHS,
  );

export const useDeleteTeamMember = (options?: DeleteAdminRecordOptions) =>
  useDeleteAdminRecord(ADMIN_PATH, REFRESH_PATHS, options);
