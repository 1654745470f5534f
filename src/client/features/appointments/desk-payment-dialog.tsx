import { useId, useRef, useState } from 'react';
import type { StaffAppointmentDetail } from '../../../shared/appointments';
import { formatEuro, parseEuroCents } from '../../../shared/euro';
import { type DeskPaymentMethod, deskPaymentMethods } from '../../../shared/payment-states';
import { paymentTexts } from '../../../shared/payments';
import { texts } from '../../../shared/validation-texts';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { FieldErrorMessage } from '../../components/form-field/field-error-message';
import { TextField } from '../../components/form-field/text-field';
import { useNotify } from '../../components/notifications/use-notify';
import { ApiError } from '../../lib/api-client';
import { deskMethodOf, euroInput, patientNameOf, paymentMethodLabels } from './appointment-labels';
import { useRecordDeskPayment } from './appointments-admin-api';

type Payable = Pick<StaffAppointmentDetail, 'id' | 'full_name' | 'patient_id' | 'payment_type' | 'session'>;

/** The amount typed in cents, or why it cannot be recorded (the server's own words for the same rules). */
function amountOf(text: string): { cents: number } | { error: string } {
  const typed = text.trim();
  if (typed === '') return { error: texts.required };
  const cents = parseEuroCents(typed);
  if (cents === undefined) {
    return { error: typed.startsWith('-') ? paymentTexts.amountNotPositive : paymentTexts.amountInvalid };
  }
  if (cents === 0) return { error: paymentTexts.amountNotPositive };
  return { cents };
}

/**
 * 'Record payment' (issue 32): money taken at the desk for an appointment staff booked, in cash or on the card
 * terminal. The amount starts at the time's price, the method at what the booking's payment type said ('Cash', 'Card
 * at the clinic'), else none is chosen: staff say how it was paid. Recorded as taken now, by the staff member.
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
  const price = Math.round((appointment.session?.price ?? 0) * 100);
  const expected = deskMethodOf(appointment.payment_type);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<DeskPaymentMethod | undefined>();
  const [amountError, setAmountError] = useState<string>();
  const [methodError, setMethodError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [wasOpen, setWasOpen] = useState(false);
  const amountRef = useRef<HTMLInputElement>(null);
  const firstMethodRef = useRef<HTMLInputElement>(null);
  const methodName = useId();
  const methodErrorId = useId();

  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setAmount(price > 0 ? euroInput(price) : '');
      setMethod(expected);
      setAmountError(undefined);
      setMethodError(undefined);
      setRefusal(undefined);
    }
  }

  const confirm = async () => {
    setRefusal(undefined);
    const typed = amountOf(amount);
    if ('error' in typed) {
      setAmountError(typed.error);
      amountRef.current?.focus();
      return;
    }
    if (!method) {
      setMethodError('Choose how it was paid.');
      firstMethodRef.current?.focus();
      return;
    }
    try {
      await record.mutateAsync({ id: appointment.id, amount: euroInput(typed.cents), method });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : undefined;
      const fields = apiError?.body.errors;
      if (fields?.amount?.[0]) {
        setAmountError(fields.amount[0]);
        amountRef.current?.focus();
      } else if (fields?.method?.[0]) setMethodError(fields.method[0]);
      else setRefusal(apiError?.message ?? texts.defaultError);
      return;
    }
    notify.success(paymentTexts.deskPaymentRecorded);
    onClose();
  };

  const typed = amountOf(amount);
  return (
    <ConfirmDialog
      open={open}
      title="Record a payment taken at the desk?"
      message={
        <p>
          {patientNameOf(appointment)}
          {'cents' in typed && <> paid {formatEuro(typed.cents / 100)}</>}
          {method && <> by {paymentMethodLabels[method].toLowerCase()}</>}. It is recorded as taken now, by
          you, and counts in today’s takings.
        </p>
      }
      confirmLabel="Record payment"
      confirmTone="primary"
      cancelLabel="Cancel"
      busy={record.isPending}
      error={refusal}
      initialFocusRef={amountRef}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <TextField
        ref={amountRef}
        label="Amount (€)"
        hint={price > 0 ? `The time's price is ${formatEuro(price / 100)}.` : undefined}
        inputMode="decimal"
        autoComplete="off"
        className="refund-dialog__amount"
        value={amount}
        error={amountError}
        onChange={(event) => {
          setAmount(event.target.value);
          if (amountError) setAmountError(undefined);
        }}
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
