import { getDashboard } from '../../../shared/api/dashboard-admin-endpoints';
import { useEndpointQuery } from '../../lib/endpoint-query';

/**
 * The staff dashboard: read each time it is shown and again when staff come back to the tab, not on a timer,
 * since each read of the patients' names it lists is written to the audit log. The appointments' changes
 * refresh it (their hooks name getDashboard).
 */
export const useDashboard = () =>
  useEndpointQuery(getDashboard, {}, { staleTime: 0, refetchOnWindowFocus: true });
