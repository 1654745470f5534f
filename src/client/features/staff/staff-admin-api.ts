import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyInput } from '../../../shared/api/endpoint';
import {
  inviteStaff,
  listStaff,
  resendInvitation,
  updateStaff,
} from '../../../shared/api/staff-admin-endpoints';
import { type AdminListParams, adminListQuery, useAdminList } from '../../lib/admin-resource';
import { callEndpoint } from '../../lib/api-client';
import { invalidateEndpoints } from '../../lib/invalidate-endpoints';

/** A page of the staff accounts, read afresh each time it is shown. */
export const useStaffList = (params: AdminListParams) =>
  useAdminList(listStaff, adminListQuery(params), { staleTime: 0 });

/** A change to staff accounts; the list is read again after, whether it worked or not. */
function useStaffChange<Input, Answer>(call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => invalidateEndpoints(queryClient, [listStaff]),
  });
}

export const useInviteStaff = () =>
  useStaffChange((body: BodyInput<typeof inviteStaff>) => callEndpoint(inviteStaff, { json: body }));

export const useUpdateStaff = () =>
  useStaffChange(({ id, ...body }: { id: number } & BodyInput<typeof updateStaff>) =>
    callEndpoint(updateStaff, { params: { id }, json: body }),
  );

export const useResendInvitation = () =>
  useStaffChange((id: number) => callEndpoint(resendInvitation, { params: { id } }));
