import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listOutbox, resendOutboxEmail } from '../../../shared/api/outbox-admin-endpoints';
import type { OutboxStatus } from '../../../shared/outbox';
import { type AdminListParams, adminListQuery, useAdminList } from '../../lib/admin-resource';
import { callEndpoint } from '../../lib/api-client';

/** A page of the outbox, newest first, in one state or all; read afresh each time it is shown (each read is audited). */
export const useOutbox = (params: AdminListParams, status: OutboxStatus | undefined) =>
  useAdminList(listOutbox, { ...adminListQuery(params), status }, { staleTime: 0 });

/** Sends a failed e-mail again; the list is read again after. */
export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(resendOutboxEmail, { params: { id } }),
    onSettled: () =>
      queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] === listOutbox.path }),
  });
}
