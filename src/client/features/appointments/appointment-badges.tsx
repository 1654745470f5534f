import type { AppointmentStatus, Transaction } from '../../../shared/appointments';
import { StateBadge } from '../../components/state-badge/state-badge';
import { appointmentStatusLabel, paymentTone, statusTone } from './appointment-labels';

/**
 * The payment's state as a badge (spec 2.6: 'Paid', the capitalised status, or 'Booked by admin'): its text
 * says it, the colour only helps the eye.
 */
export function PaymentBadge({
  row,
  large = false,
}: {
  row: Pick<Transaction, 'status' | 'amount' | 'status_label'>;
  large?: boolean;
}) {
  return (
    <span
      className={`appointment-badge appointment-badge--${paymentTone(row)}${large ? ' appointment-badge--large' : ''}`}
    >
      {row.status_label}
    </span>
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
