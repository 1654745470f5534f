import {
  createTeamMember,
  deleteTeamMember,
  getAdminTeamMember,
  listAdminTeamMembers,
  updateTeamMember,
} from '../../../shared/api/team-admin-endpoints';
import { listTeamMembers } from '../../../shared/api/team-endpoints';
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
const REFRESH = [listTeamMembers, listAdminTeamMembers];

export const useAdminTeamMembers = (params: AdminListParams) =>
  useAdminList(listAdminTeamMembers, adminListQuery(params));

export const useAdminTeamMember = (id: string) => useAdminRecord(getAdminTeamMember, id);

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
  body.append('medical_council_number', values.medical_council_number ?? '');
  body.append('video_link', values.video_link ?? '');
  appendFileField(body, 'logo', logo, 'remove_logo');
  return body;
}

/** Creates (no id) or updates a member. */
export const useSaveTeamMember = (id: string | undefined) =>
  useSaveAdminRecord({ create: createTeamMember, update: updateTeamMember }, id, teamMemberFormData, REFRESH);

export const useDeleteTeamMember = (options?: DeleteAdminRecordOptions) =>
  useDeleteAdminRecord(deleteTeamMember, REFRESH, options);
