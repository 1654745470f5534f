import { AppointmentsPage } from '../../features/appointments/admin-appointments-page';
import { StaffDashboard } from '../../features/dashboard/staff-dashboard';
import type { RouteHandle } from '../../lib/route-handle';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Booking appointments – Back office',
    description: 'The clinic’s day at a glance and its booked appointments.',
    noindex: true,
  }),
};

/**
 * /admin, the back office's first screen: the staff dashboard above the allergy tests' list. /admin/video, the
 * same list's other kind reached from it, has no dashboard: it covers both kinds, so it would only repeat
 * itself there (and every showing of its names is an audited read).
 */
export function Component() {
  return <AppointmentsPage overview={<StaffDashboard />} />;
}
