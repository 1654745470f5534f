import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointUrl, type ResponseOf } from '../../../shared/api/endpoint';
import type { listOutbox, resendOutboxEmail } from '../../../shared/api/outbox-admin-endpoints';
import type { OutboxStatus } from '../../../shared/outbox';
import { type AdminListParams, adminListQuery, useAdminList } from '../../lib/admin-resource';
import { apiRequest } from '../../lib/api-client';

const LIST_PATH: (typeof listOutbox)['path'] = '/api/admin/emails';
const RESEND_PATH: (typeof resendOutboxEmail)['path'] = '/api/admin/emails/:id/resend';

/** A page of the outbox, newest first, in one state or all; read afresh each time it is shown (each read is audited). */
export const useOutbox = (params: AdminListParams, status: OutboxStatus | undefined) =>
  useAdminList<typeof listOutbox>(LIST_PATH, { ...adminListQuery(params), status }, { staleTime: 0 });

/** Sends a failed e-mail again; the list is read again after. */
export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<ResponseOf<typeof resendOutboxEmail>>(endpointUrl(RESEND_PATH, { id }), { method: 'POST' }),
    onSettled: () =>
      queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] === LIST_PATH }),
  });
}
