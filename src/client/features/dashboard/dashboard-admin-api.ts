import type { getDashboard } from '../../../shared/api/dashboard-admin-endpoints';
import { useEndpointQuery } from '../../lib/endpoint-query';

/** `GET /api/admin/dashboard`; the appointments' changes refresh it (their hooks invalidate this path). */
export const DASHBOARD_PATH: (typeof getDashboard)['path'] = '/api/admin/dashboard';

/**
 * The staff dashboard: read each time it is shown and again when staff come back to the tab, not on a timer,
 * since each read of the patients' names it lists is written to the audit log.
 */
export const useDashboard = () =>
  useEndpointQuery<typeof getDashboard>(DASHBOARD_PATH, {}, { staleTime: 0, refetchOnWindowFocus: true });
