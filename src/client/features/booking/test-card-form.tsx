import { useImperativeHandle, useState } from 'react';
import type { CardFormProps } from './card-entry';
import { digits, formatCardNumber, formatCvc, formatExpiry, testPaymentMethod } from './test-cards';

/**
 * The test mode's card form (no STRIPE_SECRET_KEY): number, expiry and CVC, never sent anywhere. Stripe's
 * test numbers become its test payment methods: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.
 * Loaded only on the payment step.
 */
export default function TestCardForm({ ref, invalid, onEdit, disabled }: CardFormProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');

  useImperativeHandle(
    ref,
    () => ({
      createPaymentMethod: async () => testPaymentMethod({ number, expiry, cvc }),
      handleNextAction: async () => ({ error: 'Test mode has no card checks.' }),
    }),
    [number, expiry, cvc],
  );

  const field = (
    id: string,
    label: string,
    hint: string,
    value: string,
    complete: boolean,
    input: Partial<React.ComponentProps<'input'>>,
    onChange: (value: string) => void,
  ) => (
    <div className="field card-form__field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        value={value}
        disabled={disabled}
        aria-invalid={invalid && !complete ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          onChange(event.target.value);
          onEdit();
        }}
        {...input}
      />
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
    </div>
  );

  return (
    <div className="card-form" data-testid="test-card-form">
      {field(
        'card-number',
        'Card number',
        'Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined',
        number,
        digits(number).length === 16,
        {
          inputMode: 'numeric',
          autoComplete: 'cc-number',
          maxLength: 19,
          className: 'field__input card-form__number',
        },
        (value) => setNumber(formatCardNumber(value)),
      )}
      <div className="card-form__row">
        {field(
          'card-expiry',
          'Expiry date',
          'MM / YY',
          expiry,
          digits(expiry).length === 4,
          { inputMode: 'numeric', autoComplete: 'cc-exp', maxLength: 7 },
          (value) => setExpiry(formatExpiry(value)),
        )}
        {field(
          'card-cvc',
          'CVC',
          '3 or 4 digits',
          cvc,
          digits(cvc).length >= 3,
          { inputMode: 'numeric', autoComplete: 'cc-csc', maxLength: 4 },
          (value) => setCvc(formatCvc(value)),
        )}
      </div>
    </div>
  );
}
