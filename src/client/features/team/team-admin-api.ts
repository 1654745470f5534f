import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdminTeamMemberResponse,
  TeamMemberFormValues,
  TeamMembersResponse,
} from '../../../shared/team';
import type { FileFieldValue } from '../../components/file-field/file-field';
import { apiRequest } from '../../lib/api-client';
import { appendFileField } from '../../lib/form-data';
import { invalidateApiPaths } from '../../lib/invalidate-api-paths';
import type { ApiQueryKey } from '../../lib/query-client';

const ADMIN_PATH = '/api/admin/team_members';

export const adminTeamMembersQueryKey = (params: {
  page: number;
  perPage: number;
  search: string;
}): ApiQueryKey => [
  ADMIN_PATH,
  { page: params.page, per_page: params.perPage, search: params.search || undefined },
];

export const adminTeamMemberQueryKey = (id: string): ApiQueryKey => [
  `${ADMIN_PATH}/${encodeURIComponent(id)}`,
];

export function useAdminTeamMembers(params: { page: number; perPage: number; search: string }) {
  return useQuery<TeamMembersResponse>({
    queryKey: adminTeamMembersQueryKey(params),
    placeholderData: keepPreviousData,
  });
}

export function useAdminTeamMember(id: string) {
  return useQuery<AdminTeamMemberResponse>({ queryKey: adminTeamMemberQueryKey(id), staleTime: 0 });
}

/** After a change: the back-office lists and forms and the public team pages read the team again. */
function invalidateTeam(queryClient: QueryClient): Promise<void> {
  return invalidateApiPaths(queryClient, ['/api/team_members', ADMIN_PATH]);
}

export interface SaveTeamMember {
  values: TeamMemberFormValues;
  logo: FileFieldValue;
}

/** Creates (no id) or updates a member, as the spec's multipart form: flat fields and the file `logo`. */
export function useSaveTeamMember(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, logo }: SaveTeamMember) => {
      const body = new FormData();
      body.append('full_name', values.full_name);
      body.append('user_type', values.user_type);
      body.append('description', values.description);
      body.append('order', String(values.order));
      appendFileField(body, 'logo', logo, 'remove_logo');
      return apiRequest<AdminTeamMemberResponse>(
        id ? `${ADMIN_PATH}/${encodeURIComponent(id)}` : ADMIN_PATH,
        {
          method: id ? 'PUT' : 'POST',
          formData: body,
        },
      );
    },
    onSuccess: () => invalidateTeam(queryClient),
  });
}

export function useDeleteTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`${ADMIN_PATH}/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidateTeam(queryClient),
  });
}
