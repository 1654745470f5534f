import { Navigate, useLocation, useSearchParams } from 'react-router';
import { idFromParam } from '../../lib/admin-resource';
import type { RouteHandle } from '../../lib/route-handle';
import { CreateAppointment } from './create-appointment';
import { EditAppointment } from './edit-appointment';
import './appointments.css';

export const handle: RouteHandle = {
  head: ({ searchParams }) => ({
    title: searchParams.has('session_id') ? 'New appointment – Back office' : 'Appointment – Back office',
    description: 'Book or change an appointment for a patient.',
    noindex: true,
  }),
};

/**
 * /admin/appointment/create?session_id={slot} books a time for a patient (without a time: back to the
 * availability screen); /admin/appointment/edit?id={appointment} shows and changes one (without an id: back to
 * the appointments; spec 2.6).
 */
export function Component() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  if (/\/appointment\/create\/?$/.test(pathname)) {
    const slotId = idFromParam(searchParams.get('session_id') ?? undefined);
    if (slotId === undefined) return <Navigate to="/admin/availability" replace />;
    return <CreateAppointment key={slotId} slotId={slotId} />;
  }
  const id = idFromParam(searchParams.get('id') ?? undefined);
  if (id === undefined) return <Navigate to="/admin" replace />;
  return <EditAppointment key={id} id={id} />;
}
