import { useId, useRef, useState } from 'react';
import type { StaffAppointmentDetail } from '../../../shared/appointments';
import { formatEuro } from '../../../shared/euro';
import { type DeskPaymentMethod, deskPaymentMethods } from '../../../shared/payment-states';
import { paymentTexts } from '../../../shared/payments';
import { texts } from '../../../shared/validation-texts';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { FieldErrorMessage } from '../../components/form-field/field-error-message';
import { useNotify } from '../../components/notifications/use-notify';
import { ApiError } from '../../lib/api-client';
import { deskMethodOf, patientNameOf, paymentMethodLabels } from './appointment-labels';
import { useRecordDeskPayment } from './appointments-admin-api';
import { euroInput, euroToCents } from './money-amount';
import { MoneyField, useMoneyField } from './money-field';

type Payable = Pick<
  StaffAppointmentDetail,
  'id' | 'full_name' | 'patient_id' | 'payment_type' | 'amount' | 'balance_due' | 'left_to_pay' | 'payments'
>;

/**
 * 'Record payment' (issue 32): money taken at the desk for an appointment staff booked, in cash or on the card
 * terminal, all of its price or a part, and the rest later as another payment (decision 0023). The amount starts at
 * the balance due (what is left to pay of the appointment's price; never more than the server's limit), the method
 * at what the booking's payment type said ('Cash', 'Card at the clinic'), else none is chosen: staff say how it was
 * paid. Recorded as taken now, by the staff member.
 */
export function DeskPaymentDialog({
  appointment,
  open,
  onClose,
}: {
  appointment: Payable;
  open: boolean;
  onClose: () => void;
}) {
  const notify = useNotify();
  const record = useRecordDeskPayment();
  const left = euroToCents(appointment.left_to_pay);
  const due = Math.min(left, euroToCents(appointment.balance_due));
  const paidBefore = appointment.payments.length > 0 ? (appointment.amount ?? 0) : 0;
  const expected = deskMethodOf(appointment.payment_type);
  const money = useMoneyField({ cents: left, text: paymentTexts.deskPaymentTooLarge });
  const [method, setMethod] = useState<DeskPaymentMethod | undefined>();
  const [methodError, setMethodError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [wasOpen, setWasOpen] = useState(false);
  const firstMethodRef = useRef<HTMLInputElement>(null);
  const methodName = useId();
  const methodErrorId = useId();

  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      const start = due > 0 ? due : left;
      money.reset(start > 0 ? euroInput(start) : '');
      setMethod(expected);
      setMethodError(undefined);
      setRefusal(undefined);
    }
  }

  const confirm = async () => {
    setRefusal(undefined);
    const cents = money.take();
    if (cents === undefined) return;
    if (!method) {
      setMethodError('Choose how it was paid.');
      firstMethodRef.current?.focus();
      return;
    }
    try {
      await record.mutateAsync({ id: appointment.id, amount: euroInput(cents), method });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : undefined;
      const fields = apiError?.body.errors;
      if (fields?.amount?.[0]) money.refuse(fields.amount[0]);
      else if (fields?.method?.[0]) setMethodError(fields.method[0]);
      else setRefusal(apiError?.message ?? texts.defaultError);
      return;
    }
    notify.success(paymentTexts.deskPaymentRecorded);
    onClose();
  };

  const typed = money.amount;
  return (
    <ConfirmDialog
      open={open}
      title={
        paidBefore > 0 ? 'Record another payment taken at the desk?' : 'Record a payment taken at the desk?'
      }
      message={
        <p>
          {patientNameOf(appointment)}
          {'cents' in typed && <> paid {formatEuro(typed.cents / 100)}</>}
          {method && <> by {paymentMethodLabels[method].toLowerCase()}</>}. It is recorded as taken now, by
          you, and counts in today’s takings.
          {paidBefore > 0 && <> {formatEuro(paidBefore)} was paid before.</>}
        </p>
      }
      confirmLabel="Record payment"
      confirmTone="primary"
      cancelLabel="Cancel"
      busy={record.isPending}
      error={refusal}
      initialFocusRef={money.field.ref}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <MoneyField
        {...money.field}
        hint={`At most ${formatEuro(left / 100)} is left to pay of the appointment's price. Less records a part.`}
      />
      <fieldset
        className="desk-payment__methods"
        aria-describedby={methodError ? methodErrorId : undefined}
        aria-invalid={methodError ? true : undefined}
      >
        <legend className="field__label">Paid by</legend>
        {deskPaymentMethods.map((option, index) => (
          <label key={option} className="desk-payment__method">
            <input
              ref={index === 0 ? firstMethodRef : undefined}
              type="radio"
              name={methodName}
              value={option}
              checked={method === option}
              onChange={() => {
                setMethod(option);
                setMethodError(undefined);
              }}
            />
            {paymentMethodLabels[option]}
          </label>
        ))}
        {appointment.payment_type && (
          <p className="field__hint">The booking says: {appointment.payment_type}.</p>
        )}
        {methodError && <FieldErrorMessage id={methodErrorId}>{methodError}</FieldErrorMessage>}
      </fieldset>
    </ConfirmDialog>
  );
}
