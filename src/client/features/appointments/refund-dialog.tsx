import { useState } from 'react';
import { appointmentTexts, REFUND_REASON_MAX, type StaffAppointment } from '../../../shared/appointments';
import { formatEuro } from '../../../shared/euro';
import { paymentTexts } from '../../../shared/payments';
import { texts } from '../../../shared/validation-texts';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { TextAreaField } from '../../components/form-field/text-area-field';
import { useNotify } from '../../components/notifications/use-notify';
import { ApiError } from '../../lib/api-client';
import { patientNameOf, refundableCents, refundCancels, refundDestinations } from './appointment-labels';
import { useRefundAppointment } from './appointments-admin-api';
import { euroInput } from './money-amount';
import { MoneyField, useMoneyField } from './money-field';

type Refundable = Pick<
  StaffAppointment,
  | 'id'
  | 'full_name'
  | 'patient_id'
  | 'amount'
  | 'refunded_amount'
  | 'payment_method'
  | 'status'
  | 'appointment_status'
  | 'started'
>;

/**
 * The appointment screen's Refund (issue 32): how much goes back (all that is left, or less for a part) and why. It
 * says what will happen as the amount changes: giving back all that is left of a paid appointment's payment is the
 * spec's refund ('Make Refund ?', word for word: the appointment is deleted), a part leaves the appointment as it
 * is. The amount is checked as the server checks it; a refusal of the server's is shown under its field, or in the
 * dialog (another refund under way).
 */
export function RefundDialog({
  appointment,
  open,
  onClose,
}: {
  appointment: Refundable;
  open: boolean;
  onClose: () => void;
}) {
  const notify = useNotify();
  const refund = useRefundAppointment();
  const left = refundableCents(appointment);
  const money = useMoneyField({ cents: left, text: paymentTexts.refundTooLarge });
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [openedWith, setOpenedWith] = useState<number | null>(null);

  // Each opening starts afresh from what is left now.
  if (open && openedWith !== left) {
    setOpenedWith(left);
    money.reset(euroInput(left));
    setReason('');
    setReasonError(undefined);
    setRefusal(undefined);
  }
  if (!open && openedWith !== null) setOpenedWith(null);

  const shownCents = 'cents' in money.amount ? money.amount.cents : left;
  const cancels = refundCancels(appointment, shownCents);
  const partOf = shownCents < left || (appointment.refunded_amount ?? 0) > 0;

  const confirm = async () => {
    setRefusal(undefined);
    const cents = money.take();
    if (cents === undefined) return;
    if (reason.trim().length > REFUND_REASON_MAX) {
      setReasonError(paymentTexts.reasonTooLong);
      return;
    }
    try {
      // The amount shown goes, all that is left too: if another refund was made meanwhile, it is refused.
      await refund.mutateAsync({
        id: appointment.id,
        amount: euroInput(cents),
        reason: reason.trim() || undefined,
      });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : undefined;
      const fields = apiError?.body.errors;
      if (fields?.amount?.[0]) money.refuse(fields.amount[0]);
      else if (fields?.reason?.[0]) setReasonError(fields.reason[0]);
      else setRefusal(apiError?.message ?? texts.defaultError);
      return;
    }
    notify.success(paymentTexts.refunded);
    onClose();
  };

  const destination = refundDestinations[appointment.payment_method ?? 'card'];
  return (
    <ConfirmDialog
      open={open}
      title={cancels ? appointmentTexts.refundTitle : 'Give back part of the payment?'}
      message={
        <>
          {cancels ? (
            <p>{appointmentTexts.refundMessage}</p>
          ) : (
            <p>The appointment stays as it is; only this amount is given back.</p>
          )}
          <p>
            {patientNameOf(appointment)}: {formatEuro(shownCents / 100)}
            {partOf && <> of {formatEuro(appointment.amount ?? 0)} paid</>} {destination}.
            {(appointment.refunded_amount ?? 0) > 0 && (
              <> {formatEuro(appointment.refunded_amount ?? 0)} was given back before.</>
            )}
          </p>
        </>
      }
      confirmLabel={`Refund ${formatEuro(shownCents / 100)}`}
      cancelLabel={cancels ? 'Keep appointment' : 'Cancel'}
      busy={refund.isPending}
      error={refusal}
      initialFocusRef={money.field.ref}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <MoneyField
        {...money.field}
        hint={`At most ${formatEuro(left / 100)}, what is left to give back. Less gives back a part.`}
      />
      <TextAreaField
        label="Reason (optional)"
        hint="Kept with the refund for the clinic's records; the patient does not see it."
        rows={3}
        maxLength={REFUND_REASON_MAX}
        value={reason}
        error={reasonError}
        onChange={(event) => {
          setReason(event.target.value);
          if (reasonError) setReasonError(undefined);
        }}
      />
    </ConfirmDialog>
  );
}
