import type { ReactNode } from 'react';
import type {
  AppointmentPayment,
  AppointmentRefund,
  StaffAppointment,
  StaffAppointmentDetail,
} from '../../../shared/appointments';
import { formatEuro } from '../../../shared/euro';
import { formatAdminDateTime } from '../../lib/clinic-clock';
import {
  appointmentAgeLabel,
  appointmentKindLabel,
  paymentMethodLabels,
  refundedByLabel,
  refundStatusNote,
  timeRange,
} from './appointment-labels';

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

/**
 * An appointment the patient paid online (spec 2.6 'Payment Info'): when, how much, the state, what went back so
 * far, and the provider's id; what staff may do with it (Download receipt) under its facts.
 */
export function PaymentInfo({
  appointment,
  children,
}: {
  appointment: StaffAppointment;
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
        <RefundedFacts appointment={appointment} />
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

/** What went back of the payment so far, and when the last of it did. */
function RefundedFacts({ appointment }: { appointment: StaffAppointment }) {
  return (
    <>
      {(appointment.refunded_amount ?? 0) > 0 && (
        <div>
          <dt>Refunded</dt>
          <dd>{formatEuro(appointment.refunded_amount ?? 0)}</dd>
        </div>
      )}
      {appointment.refunded_at && (
        <div>
          <dt>Refunded on</dt>
          <dd>{formatAdminDateTime(appointment.refunded_at)}</dd>
        </div>
      )}
    </>
  );
}

/**
 * An appointment staff booked: how the patient was expected to pay (the booking's payment type), and the money taken
 * at the desk once recorded: what was paid in all, what is left to pay, and each payment (decision 0023: a patient
 * may pay in parts): how much, how, when and by whom, and what went back of it; what staff may do with it (Download
 * receipt) under them.
 */
export function DeskPaymentInfo({
  appointment,
  children,
}: {
  appointment: StaffAppointmentDetail;
  children?: ReactNode;
}) {
  const { payments } = appointment;
  return (
    <section className="admin-panel" aria-labelledby="appointment-payment-title">
      <h2 id="appointment-payment-title" className="admin-panel__title">
        Payment at the desk
      </h2>
      <dl className="admin-facts">
        <div>
          <dt>Expected</dt>
          <dd>{appointment.payment_type || 'Not recorded'}</dd>
        </div>
        {payments.length === 0 ? (
          <div>
            <dt>Paid</dt>
            <dd>Not yet</dd>
          </div>
        ) : (
          <>
            <div>
              <dt>Payment status</dt>
              <dd>{appointment.status_label}</dd>
            </div>
            <div>
              <dt>Paid in all</dt>
              <dd>{formatEuro(appointment.amount ?? 0)}</dd>
            </div>
            {appointment.balance_due > 0 && (
              <div>
                <dt>Balance due</dt>
                <dd>{formatEuro(appointment.balance_due)}</dd>
              </div>
            )}
            <RefundedFacts appointment={appointment} />
          </>
        )}
      </dl>
      {payments.length > 0 && <PaymentList payments={payments} />}
      {children && <div className="appointment-payment__actions">{children}</div>}
    </section>
  );
}

/** Each payment taken at the desk: amount and method, then when, who recorded it, and what went back of it. */
function PaymentList({ payments }: { payments: readonly AppointmentPayment[] }) {
  return (
    <>
      <h3 id="appointment-payments-title" className="desk-payments__title">
        {payments.length === 1 ? 'Payment' : `Payments (${payments.length})`}
      </h3>
      <ol className="desk-payments" aria-labelledby="appointment-payments-title">
        {payments.map((payment) => (
          <li key={payment.id} className="desk-payments__item">
            <span className="desk-payments__amount">{formatEuro(payment.amount)}</span>{' '}
            <span className="desk-payments__method">{paymentMethodLabels[payment.method]}</span>
            <span className="desk-payments__meta">
              {payment.paid_at ? formatAdminDateTime(payment.paid_at) : 'Not taken'}
              {payment.method !== 'card' && (
                <>, recorded by {payment.recorded_by ?? 'a former staff member'}</>
              )}
            </span>
            {payment.refunded_amount > 0 && (
              <span className="desk-payments__meta">
                {payment.status === 'refunded'
                  ? 'Refunded in full'
                  : `${formatEuro(payment.refunded_amount)} refunded`}
              </span>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * The refunds of the appointment's payments (issue 32), oldest first: when, how much, why, by whom and the card
 * provider's id (to find it in the provider's dashboard or payout report), and a word on one not made yet.
 */
export function AppointmentRefunds({ refunds }: { refunds: readonly AppointmentRefund[] }) {
  if (refunds.length === 0) return null;
  return (
    <section className="admin-panel appointment-refunds" aria-labelledby="appointment-refunds-title">
      <h2 id="appointment-refunds-title" className="admin-panel__title">
        Refunds
      </h2>
      <table className="appointment-emails__table" aria-labelledby="appointment-refunds-title">
        <thead>
          <tr>
            <th scope="col">Amount</th>
            <th scope="col">When</th>
            <th scope="col">Reason</th>
            <th scope="col">By</th>
            <th scope="col">Refund id</th>
          </tr>
        </thead>
        <tbody>
          {refunds.map((refund) => {
            const note = refundStatusNote(refund);
            return (
              <tr key={refund.id}>
                <th scope="row" data-label="Amount" className="appointment-refunds__amount">
                  {formatEuro(refund.amount)}
                  {note && <span className="appointment-emails__note">{note}</span>}
                </th>
                <td data-label="When" className="appointment-emails__when">
                  {formatAdminDateTime(refund.refunded_at ?? refund.created_at)}
                </td>
                <td data-label="Reason">{refund.reason ?? '—'}</td>
                <td data-label="By">{refundedByLabel(refund)}</td>
                <td data-label="Refund id">
                  {refund.provider_refund_id ? (
                    <span className="appointment-facts__code">{refund.provider_refund_id}</span>
                  ) : refund.method === 'card' ? (
                    '—'
                  ) : (
                    `At the desk (${paymentMethodLabels[refund.method]})`
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
