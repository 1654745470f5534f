import type { ReactNode } from 'react';
import type { StaffAppointment } from '../../../shared/appointments';
import { formatEuro } from '../../../shared/euro';
import { formatAdminDateTime } from '../../lib/clinic-clock';
import { appointmentAgeLabel, appointmentKindLabel, timeRange } from './appointment-labels';

/** What both screens know of a time: the slot being booked, or the appointment's. */
export interface InfoSlot {
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
export function AppointmentInfo({ slot }: { slot: InfoSlot | null }) {
  return (
    <section className="admin-panel" aria-labelledby="appointment-info-title">
      <h2 id="appointment-info-title" className="admin-panel__title">
        Appointment info
      </h2>
      {slot ? (
        <dl className="admin-facts">
          <div>
            <dt>Type</dt>
            <dd>{appointmentKindLabel(slot.is_video_call)}</dd>
          </div>
          <div>
            <dt>For</dt>
            <dd>{appointmentAgeLabel(slot.is_adult)}</dd>
          </div>
          <div>
            <dt>Date</dt>
            <dd>{slot.data}</dd>
          </div>
          <div>
            <dt>Time</dt>
            <dd>{timeRange(slot)}</dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>{formatEuro(slot.price)}</dd>
          </div>
          <div className="admin-facts__wide">
            <dt>Where</dt>
            <dd>{slot.is_video_call ? 'Video call' : slot.address}</dd>
          </div>
        </dl>
      ) : (
        <p>This appointment no longer has a time.</p>
      )}
    </section>
  );
}

const providerNames: Record<string, string> = { stripe: 'Stripe', test: 'Test mode (no money taken)' };

/** An appointment the patient paid online (spec 2.6 'Payment Info'): when, how much, and the provider's id. */
export function PaymentInfo({
  appointment,
  children,
}: {
  appointment: StaffAppointment;
  /** What staff may do with the payment (Download receipt), under its facts. */
  children?: ReactNode;
}) {
  return (
    <section className="admin-panel" aria-labelledby="appointment-payment-title">
      <h2 id="appointment-payment-title" className="admin-panel__title">
        Payment Info
      </h2>
      <dl className="admin-facts">
        <div>
          <dt>Paid on</dt>
          <dd>
            {appointment.data_payment
              ? `${appointment.data_payment} ${appointment.time_payment ?? ''}`.trim()
              : 'Not paid'}
          </dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{appointment.amount === null ? '—' : formatEuro(appointment.amount)}</dd>
        </div>
        <div>
          <dt>Payment status</dt>
          <dd>{appointment.status_label}</dd>
        </div>
        {appointment.refunded_at && (
          <div>
            <dt>Refunded on</dt>
            <dd>{formatAdminDateTime(appointment.refunded_at)}</dd>
          </div>
        )}
        {appointment.provider && (
          <div>
            <dt>Paid through</dt>
            <dd>{providerNames[appointment.provider] ?? appointment.provider}</dd>
          </div>
        )}
        <div className="admin-facts__wide">
          <dt>Payment id</dt>
          <dd className="appointment-facts__code">{appointment.transaction_id ?? '—'}</dd>
        </div>
      </dl>
      {children && <div className="appointment-payment__actions">{children}</div>}
    </section>
  );
}
