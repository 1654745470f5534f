import { useId, useState } from 'react';
import {
  appointmentTexts,
  REFUND_REASON_MAX,
  type StaffAppointmentDetail,
} from '../../../shared/appointments';
import { formatEuro } from '../../../shared/euro';
import { paymentTexts } from '../../../shared/payments';
import { texts } from '../../../shared/validation-texts';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { TextAreaField } from '../../components/form-field/text-area-field';
import { useNotify } from '../../components/notifications/use-notify';
import { ApiError } from '../../lib/api-client';
import {
  patientNameOf,
  paymentChoiceLabel,
  paymentLeftCents,
  refundableCents,
  refundablePayments,
  refundCancels,
  refundDestinations,
} from './appointment-labels';
import { useRefundAppointment } from './appointments-admin-api';
import { euroInput } from './money-amount';
import { MoneyField, useMoneyField } from './money-field';

type Refundable = Pick<
  StaffAppointmentDetail,
  | 'id'
  | 'full_name'
  | 'patient_id'
  | 'amount'
  | 'refunded_amount'
  | 'payment_method'
  | 'status'
  | 'appointment_status'
  | 'started'
  | 'payments'
>;

/**
 * The appointment screen's Refund (issue 32): which payment (when parts were paid at the desk, decision 0023: the
 * latest at first), how much goes back (all that is left of it, or less for a part) and why. It says what will happen
 * as the amount changes: giving back all that is left of a paid appointment's payment is the spec's refund ('Make
 * Refund ?', word for word: the appointment is deleted), a part leaves the appointment as it is. The amount is
 * checked as the server checks it; a refusal of the server's is shown under its field, or in the dialog (another
 * refund under way).
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
  const choices = refundablePayments(appointment.payments);
  const [chosenId, setChosenId] = useState<number | undefined>();
  const chosen = choices.find((payment) => payment.id === chosenId) ?? choices.at(-1);
  const left = chosen ? paymentLeftCents(chosen) : refundableCents(appointment);
  const money = useMoneyField({ cents: left, text: paymentTexts.refundTooLarge });
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [wasOpen, setWasOpen] = useState(false);
  const choiceName = useId();

  // Each opening starts afresh from the latest payment and what is left of it now.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      const latest = choices.at(-1);
      setChosenId(latest?.id);
      money.reset(euroInput(latest ? paymentLeftCents(latest) : refundableCents(appointment)));
      setReason('');
      setReasonError(undefined);
      setRefusal(undefined);
    }
  }

  const choose = (id: number) => {
    const next = choices.find((payment) => payment.id === id);
    if (!next) return;
    setChosenId(id);
    money.reset(euroInput(paymentLeftCents(next)));
    setRefusal(undefined);
  };

  const shownCents = 'cents' in money.amount ? money.amount.cents : left;
  const cancels = refundCancels(appointment, shownCents);
  const paid = chosen?.amount ?? appointment.amount ?? 0;
  const before = chosen?.refunded_amount ?? appointment.refunded_amount ?? 0;
  const partOf = shownCents < left || before > 0;

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
        paymentId: chosen?.id,
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

  const destination = refundDestinations[chosen?.method ?? appointment.payment_method ?? 'card'];
  return (
    <ConfirmDialog
      open={open}
      title={
        cancels
          ? appointmentTexts.refundTitle
          : shownCents < left
            ? 'Give back part of the payment?'
            : 'Give the payment back?'
      }
      message={
        <>
          {cancels ? (
            <p>{appointmentTexts.refundMessage}</p>
          ) : (
            <p>
              The appointment stays as it is; only this amount is given back. If the patient is no longer
              coming, delete the appointment too.
            </p>
          )}
          <p>
            {patientNameOf(appointment)}: {formatEuro(shownCents / 100)}
            {partOf && <> of {formatEuro(paid)} paid</>} {destination}.
            {before > 0 && <> {formatEuro(before)} was given back before.</>}
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
      {choices.length > 1 && (
        <fieldset className="refund-payments">
          <legend className="field__label">Give back from</legend>
          {choices.map((payment) => (
            <label key={payment.id} className="refund-payments__choice">
              <input
                type="radio"
                name={choiceName}
                value={payment.id}
                checked={payment.id === chosen?.id}
                onChange={() => choose(payment.id)}
              />
              <span>
                {formatEuro(paymentLeftCents(payment) / 100)} left of {formatEuro(payment.amount)},{' '}
                {paymentChoiceLabel(payment)}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <MoneyField
        {...money.field}
        hint={`At most ${formatEuro(left / 100)}, what is left to give back${choices.length > 1 ? ' of this payment' : ''}. Less gives back a part.`}
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
