import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getMe } from '../../../shared/api/auth-endpoints';
import type { BodyInput, ResponseOf } from '../../../shared/api/endpoint';
import {
  inviteStaff,
  listStaff,
  resendInvitation,
  updateStaff,
} from '../../../shared/api/staff-admin-endpoints';
import type { StaffMember } from '../../../shared/staff';
import { type AdminListParams, adminListQuery, useAdminList } from '../../lib/admin-resource';
import { callEndpoint } from '../../lib/api-client';
import { invalidateEndpoints } from '../../lib/invalidate-endpoints';
import { endpointQueryKey } from '../../lib/query-client';

/** A page of the staff accounts, read afresh each time it is shown. */
export const useStaffList = (params: AdminListParams) =>
  useAdminList(listStaff, adminListQuery(params), { staleTime: 0 });

type StaffListAnswer = ResponseOf<typeof listStaff>;
type MeAnswer = ResponseOf<typeof getMe>;

/**
 * A change to staff accounts: the account the server answers takes its row's place in the lists shown at once (the
 * role select does not go back to the old role while the list is read again), the list is read again after, whether
 * it worked or not, and a change of one's own account reads `me` again, so the menu follows a new role at once.
 */
function useStaffChange<Input, Answer extends { staff_member: StaffMember }>(
  call: (input: Input) => Promise<Answer>,
  /** The account a change is made to; none for a new one. */
  accountOf: (input: Input) => number | undefined = () => undefined,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ staff_member }) => {
      queryClient.setQueriesData<StaffListAnswer>(
        { predicate: ({ queryKey }) => String(queryKey[0]) === listStaff.path },
        (answer) =>
          answer && {
            ...answer,
            staff: answer.staff.map((member) => (member.id === staff_member.id ? staff_member : member)),
          },
      );
    },
    onSettled: (_answer, _error, input) => {
      const id = accountOf(input);
      const me = queryClient.getQueryData<MeAnswer>(endpointQueryKey(getMe));
      if (id !== undefined && me?.admin_user.id === id)
        void queryClient.invalidateQueries({ queryKey: endpointQueryKey(getMe) });
      return invalidateEndpoints(queryClient, [listStaff]);
    },
  });
}

export const useInviteStaff = () =>
  useStaffChange((body: BodyInput<typeof inviteStaff>) => callEndpoint(inviteStaff, { json: body }));

export const useUpdateStaff = () =>
  useStaffChange(
    ({ id, ...body }: { id: number } & BodyInput<typeof updateStaff>) =>
      callEndpoint(updateStaff, { params: { id }, json: body }),
    (input) => input.id,
  );

export const useResendInvitation = () =>
  useStaffChange(
    (id: number) => callEndpoint(resendInvitation, { params: { id } }),
    (id) => id,
  );
