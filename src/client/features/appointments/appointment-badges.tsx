import type { AppointmentStatus } from '../../../shared/appointment-states';
import type { StaffAppointment } from '../../../shared/appointments';
import { PaymentBadge } from '../../components/payment-badge/payment-badge';
import { StateBadge } from '../../components/state-badge/state-badge';
import { appointmentStatusLabel, statusTone } from './appointment-labels';

/** An appointment's payment as a badge ('Paid', 'Partly paid', the capitalised status, or 'Booked by admin'). */
export function AppointmentPaymentBadge({
  row,
  large = false,
}: {
  row: Pick<StaffAppointment, 'status' | 'amount' | 'balance_due' | 'status_label'>;
  large?: boolean;
}) {
  return (
    <PaymentBadge
      status={row.status}
      amount={row.amount}
      balanceDue={row.balance_due}
      label={row.status_label}
      large={large}
    />
  );
}

/** The appointment's own state (Booked, Attended, No-show, Cancelled, Refunded, Being booked). */
export function StatusBadge({ status, large = false }: { status: AppointmentStatus; large?: boolean }) {
  return (
    <StateBadge tone={statusTone(status)} large={large}>
      {appointmentStatusLabel(status)}
    </StateBadge>
  );
}
