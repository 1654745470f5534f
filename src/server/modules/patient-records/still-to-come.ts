import { isUpcoming } from '../../../shared/appointment-states';
import type { LockedAppointmentOfPatient } from './patient-records-repository';

/**
 * Whether an appointment is still to come, which keeps its patient from being erased: it will take place (booked,
 * paid) at a time that has not started. One without a time (its slot deleted) is not. One whose slot is named but
 * whose start could not be read counts as still to come: the erasure is refused and staff try again, rather than
 * erase a person the clinic may be expecting.
 */
export function isStillToCome(
  row: Pick<LockedAppointmentOfPatient, 'status' | 'slotId' | 'startsAt'>,
  now: number,
): boolean {
  if (!isUpcoming(row.status) || row.slotId === null) return false;
  return row.startsAt === null || row.startsAt.getTime() > now;
}
