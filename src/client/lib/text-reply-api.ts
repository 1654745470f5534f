import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getAppointment } from '../../shared/api/appointment-admin-endpoints';
import { getDashboard } from '../../shared/api/dashboard-admin-endpoints';
import { dealWithTextReply } from '../../shared/api/text-admin-endpoints';
import { callEndpoint } from './api-client';
import { invalidateEndpoints } from './invalidate-endpoints';

/** Marks a reply to a text dealt with, from the dashboard or the appointment's screen; both read it again. */
export function useDealWithTextReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(dealWithTextReply, { params: { id } }),
    onSettled: () => invalidateEndpoints(queryClient, [getDashboard, getAppointment]),
  });
}
