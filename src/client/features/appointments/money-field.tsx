import { type Ref, useRef, useState } from 'react';
import { TextField } from '../../components/form-field/text-field';
import { type MoneyLimit, parseMoneyAmount } from './money-amount';

/**
 * An amount of money staff type (a refund, a payment taken at the desk): its text, the error under it, and the
 * amount read as the server reads it (`parseMoneyAmount`), at most `limit` when given.
 */
export function useMoneyField(limit?: MoneyLimit) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const ref = useRef<HTMLInputElement>(null);
  /** Shows `message` under the field and moves the focus to it (a refusal of the typed amount, or the server's). */
  const refuse = (message: string) => {
    setError(message);
    ref.current?.focus();
  };
  return {
    amount: parseMoneyAmount(text, limit),
    /** Starts the field afresh with `value`. */
    reset: (value: string) => {
      setText(value);
      setError(undefined);
    },
    refuse,
    /** The cents to send, or undefined once the field says why not. */
    take: (): number | undefined => {
      const amount = parseMoneyAmount(text, limit);
      if ('cents' in amount) return amount.cents;
      refuse(amount.error);
      return undefined;
    },
    field: {
      ref,
      value: text,
      error,
      onChange: (value: string) => {
        setText(value);
        setError(undefined);
      },
    },
  };
}

interface MoneyFieldProps {
  ref?: Ref<HTMLInputElement>;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  hint?: string;
}

/**
 * The euro amount field of the refund and desk payment dialogs (`useMoneyField` gives its props): decimal keypad on
 * a phone, figures in columns.
 */
export function MoneyField({ ref, value, error, onChange, hint }: MoneyFieldProps) {
  return (
    <TextField
      ref={ref}
      label="Amount (€)"
      hint={hint}
      inputMode="decimal"
      autoComplete="off"
      className="money-field"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
