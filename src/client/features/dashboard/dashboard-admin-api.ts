import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listAppointments, setAttendance } from '../../../shared/api/appointment-admin-endpoints';
import { getDashboard, getDeskDay } from '../../../shared/api/dashboard-admin-endpoints';
import { callEndpoint } from '../../lib/api-client';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { invalidateEndpoints } from '../../lib/invalidate-endpoints';

/**
 * The staff dashboard: read each time it is shown, again when staff come back to the tab, and every minute while the
 * tab is seen, so a patient's flag (could not stop, unwell) shows within a minute (issue 33). Each read of the
 * patients' names it lists is written to the audit log: a minute is the slowest the issue allows, and a hidden tab
 * does not read. The appointments' changes refresh it (their hooks name getDashboard).
 */
const DASHBOARD_REFRESH_MS = 60_000;

export const useDashboard = () =>
  useEndpointQuery(
    getDashboard,
    {},
    { staleTime: 0, refetchOnWindowFocus: true, refetchInterval: DASHBOARD_REFRESH_MS },
  );

/** Resolves an appointment left unmarked: the patient came, or did not; the dashboard and the lists follow. */
export function useResolveAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'attended' | 'no_show' }) =>
      callEndpoint(setAttendance, { params: { id }, json: { status } }),
    onSuccess: () => invalidateEndpoints(queryClient, [getDashboard, getDeskDay, listAppointments]),
  });
}
