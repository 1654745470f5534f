import { paymentTone } from './payment-tone';
import './payment-badge.css';

/**
 * An appointment's payment as a badge (spec 2.6: 'Paid', the capitalised status, or 'Booked by admin'), as the
 * appointments list and the dashboard show it: its text says it, the colour only helps the eye. `status`, `amount`
 * and `balanceDue` are the API's (`amount` null: no payment); `large` in a screen's header.
 */
export function PaymentBadge({
  status,
  amount,
  balanceDue,
  label,
  large = false,
}: {
  status: string;
  amount: number | null;
  balanceDue?: number;
  label: string;
  large?: boolean;
}) {
  return (
    <span
      className={`payment-badge payment-badge--${paymentTone({ status, amount, balanceDue })}${large ? ' payment-badge--large' : ''}`}
    >
      {label}
    </span>
  );
}
