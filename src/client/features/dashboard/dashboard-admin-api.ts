import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listAppointments, setAttendance } from '../../../shared/api/appointment-admin-endpoints';
import { getDashboard, getDeskDay } from '../../../shared/api/dashboard-admin-endpoints';
import { callEndpoint } from '../../lib/api-client';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { invalidateEndpoints } from '../../lib/invalidate-endpoints';

/**
 * The staff dashboard: read each time it is shown and again when staff come back to the tab, not on a timer,
 * since each read of the patients' names it lists is written to the audit log. The appointments' changes
 * refresh it (their hooks name getDashboard).
 */
export const useDashboard = () =>
  useEndpointQuery(getDashboard, {}, { staleTime: 0, refetchOnWindowFocus: true });

/** Resolves an appointment left unmarked: the patient came, or did not; the dashboard and the lists follow. */
export function useResolveAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'attended' | 'no_show' }) =>
      callEndpoint(setAttendance, { params: { id }, json: { status } }),
    onSuccess: () => invalidateEndpoints(queryClient, [getDashboard, getDeskDay, listAppointments]),
  });
}
