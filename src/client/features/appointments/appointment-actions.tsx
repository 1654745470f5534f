import { type ReactNode, useCallback } from 'react';
import type { AppointmentStatus } from '../../../shared/appointment-states';
import { appointmentTexts, type StaffAppointment } from '../../../shared/appointments';
import { attendanceMessages } from '../../../shared/attendance';
import { formatEuro } from '../../../shared/euro';
import { paymentTexts } from '../../../shared/payments';
import type { DataTableDeleteDialog } from '../../components/data-table/data-table';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import {
  appointmentKindLabel,
  canRefund,
  patientNameOf,
  refundableCents,
  refundCancels,
  refundDestinations,
} from './appointment-labels';
import {
  type Attendance,
  useDeleteAppointment,
  useRefundAppointment,
  useSetAttendance,
} from './appointments-admin-api';

/**
 * What staff do to an appointment from the list and from its screen, with the same confirmations and
 * notices in both (spec section 8, word for word): delete, refund, and mark whether the patient came.
 */

type Row = Pick<
  StaffAppointment,
  | 'id'
  | 'full_name'
  | 'patient_id'
  | 'is_video_call'
  | 'session'
  | 'amount'
  | 'refunded_amount'
  | 'payment_method'
  | 'status'
  | 'appointment_status'
  | 'started'
>;

const whenOf = (row: Row) => (row.session ? ` on ${row.session.data} at ${row.session.start_time}` : '');

/** A dialog's title and message for a row (texts given as such or made from the row). */
export function dialogTexts<R>(dialog: DataTableDeleteDialog<R>, row: R) {
  return {
    title: typeof dialog.title === 'function' ? dialog.title(row) : dialog.title,
    message:
      typeof dialog.message === 'function' ? (dialog.message as (row: R) => ReactNode)(row) : dialog.message,
    confirmLabel: dialog.confirmLabel,
    cancelLabel: dialog.cancelLabel,
  };
}

/** 'Delete the appointment of Aoife Byrne?' and what happens: the time freed, the patient told, a payment kept. */
export const deleteDialog: DataTableDeleteDialog<Row> = {
  title: (row) =>
    row.patient_id === null ? 'Delete this appointment?' : `Delete the appointment of ${patientNameOf(row)}?`,
  message: (row) => (
    <>
      <p>
        The {appointmentKindLabel(row.is_video_call).toLowerCase()}
        {whenOf(row)} will be cancelled: it leaves the list, its time is offered to others again if it has not
        started, and the patient is told by e-mail.
      </p>
      {canRefund(row) && row.amount !== null && (
        <p>
          <strong>The payment of {formatEuro(row.amount)} is kept.</strong> To give it back, use Refund
          instead.
        </p>
      )}
    </>
  ),
  confirmLabel: 'Delete appointment',
  cancelLabel: 'Keep appointment',
};

/** What giving back all that is left of a row's payment does: whose money, how much, where it goes. */
function refundOutcome(row: Row) {
  const left = refundableCents(row);
  const partly = (row.refunded_amount ?? 0) > 0 && row.amount !== null;
  return (
    <p>
      {patientNameOf(row)}: {formatEuro(left / 100)}
      {partly && <> (what is left of {formatEuro(row.amount ?? 0)})</>}{' '}
      {refundDestinations[row.payment_method ?? 'card']}.
    </p>
  );
}

/**
 * The list's Refund: all that is left of the payment. The spec's 'Make Refund ?' dialog, word for word, when it
 * cancels the appointment (a paid one); else what it does, the appointment left as it is (money taken at the desk,
 * an appointment that took place).
 */
export const refundDialog: DataTableDeleteDialog<Row> = {
  title: (row) =>
    refundCancels(row, refundableCents(row)) ? appointmentTexts.refundTitle : 'Give the payment back?',
  message: (row) => (
    <>
      {refundCancels(row, refundableCents(row)) ? (
        <p>{appointmentTexts.refundMessage}</p>
      ) : (
        <p>The appointment stays as it is; only the payment is given back.</p>
      )}
      {refundOutcome(row)}
    </>
  ),
  confirmLabel: 'Refund',
  cancelLabel: 'Keep appointment',
};

/**
 * Delete, refund and attendance as promises that show their notice: each resolves when done and rejects
 * (after the error notice: the server's text, or the default one) when refused, so a dialog stays open.
 */
export function useAppointmentActions() {
  const notify = useNotify();
  const remove = useDeleteAppointment();
  const refund = useRefundAppointment();
  const attendance = useSetAttendance();
  const { mutateAsync: removeAsync } = remove;
  const { mutateAsync: refundAsync } = refund;
  const { mutateAsync: attendanceAsync } = attendance;

  const run = useCallback(
    async (action: () => Promise<unknown>, notice: string) => {
      try {
        await action();
      } catch (error) {
        notifyApiError(notify, error);
        throw error;
      }
      notify.success(notice);
    },
    [notify],
  );

  return {
    deleteAppointment: useCallback(
      (row: { id: number; appointment_status: AppointmentStatus }) =>
        run(() => removeAsync({ id: row.id, status: row.appointment_status }), appointmentTexts.deleted),
      [run, removeAsync],
    ),
    /** Gives back all that is left of the appointment's payments (the list's Refund). */
    refundAppointment: useCallback(
      (row: { id: number }) => run(() => refundAsync({ id: row.id }), paymentTexts.refunded),
      [run, refundAsync],
    ),
    markAttendance: useCallback(
      (id: number, status: Attendance) =>
        run(() => attendanceAsync({ id, status }), attendanceMessages[status]),
      [run, attendanceAsync],
    ),
    /** The attendance being saved, if any (its button says so). */
    markingAttendance: attendance.isPending ? attendance.variables?.status : undefined,
  };
}
