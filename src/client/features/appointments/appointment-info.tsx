import type { Transaction } from '../../../shared/appointments';
import { formatEuro } from '../../../shared/euro';
import { formatAdminDateTime } from '../../lib/clinic-clock';
import { appointmentAgeLabel, appointmentKindLabel, timeRange } from './appointment-labels';

/** What both screens know of a time: the slot being booked, or the appointment's. */
export interface InfoSession {
  /** DD/MM/YYYY, clinic time. */
  data: string;
  start_time: string;
  end_time: string;
  is_video_call: boolean;
  is_adult: boolean;
  price: number;
  address: string | null;
}

/**
 * Appointment info (spec 2.6): Video consultation or Allergy test, Adult or Child appointment, the date
 * (DD/MM/YYYY), the time range, the price in euro, and where.
 */
export function AppointmentInfo({ session }: { session: InfoSession | null }) {
  return (
    <section className="admin-panel" aria-labelledby="appointment-info-title">
      <h2 id="appointment-info-title" className="admin-panel__title">
        Appointment info
      </h2>
      {session ? (
        <dl className="admin-facts">
          <div>
            <dt>Type</dt>
            <dd>{appointmentKindLabel(session.is_video_call)}</dd>
          </div>
          <div>
            <dt>For</dt>
            <dd>{appointmentAgeLabel(session.is_adult)}</dd>
          </div>
          <div>
            <dt>Date</dt>
            <dd>{session.data}</dd>
          </div>
          <div>
            <dt>Time</dt>
            <dd>{timeRange(session)}</dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>{formatEuro(session.price)}</dd>
          </div>
          <div className="admin-facts__wide">
            <dt>Where</dt>
            <dd>{session.is_video_call ? 'Video call' : session.address}</dd>
          </div>
        </dl>
      ) : (
        <p>This appointment no longer has a time.</p>
      )}
    </section>
  );
}

const providerNames: Record<string, string> = { stripe: 'Stripe', test: 'Test mode (no money taken)' };

/** A booking the patient paid online (spec 2.6 'Payment Info'): when, how much, and the provider's id. */
export function PaymentInfo({ transaction }: { transaction: Transaction }) {
  return (
    <section className="admin-panel" aria-labelledby="appointment-payment-title">
      <h2 id="appointment-payment-title" className="admin-panel__title">
        Payment Info
      </h2>
      <dl className="admin-facts">
        <div>
          <dt>Paid on</dt>
          <dd>
            {transaction.data_payment
              ? `${transaction.data_payment} ${transaction.time_payment ?? ''}`.trim()
              : 'Not paid'}
          </dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{transaction.amount === null ? '—' : formatEuro(transaction.amount)}</dd>
        </div>
        <div>
          <dt>Payment status</dt>
          <dd>{transaction.status_label}</dd>
        </div>
        {transaction.refunded_at && (
          <div>
            <dt>Refunded on</dt>
            <dd>{formatAdminDateTime(transaction.refunded_at)}</dd>
          </div>
        )}
        {transaction.provider && (
          <div>
            <dt>Paid through</dt>
            <dd>{providerNames[transaction.provider] ?? transaction.provider}</dd>
          </div>
        )}
        <div className="admin-facts__wide">
          <dt>Payment id</dt>
          <dd className="appointment-facts__code">{transaction.transaction_id ?? '—'}</dd>
        </div>
      </dl>
    </section>
  );
}
