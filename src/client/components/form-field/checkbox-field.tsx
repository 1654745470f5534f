import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldErrorMessage } from './field-error-message';
import { useFieldIds } from './field-frame';

export interface CheckboxFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  /** What ticking it says, e.g. 'The patient agrees to the Terms & Conditions.' */
  label: ReactNode;
  error?: string;
  hint?: string;
}

/**
 * A checkbox with its label beside it and its hint and error under the label, wired like TextField
 * (aria-invalid, aria-describedby). Spread react-hook-form's `register(name)` into it.
 */
export function CheckboxField({ label, error, hint, id, className, required, ...input }: CheckboxFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <div className={className ? `field field--checkbox ${className}` : 'field field--checkbox'}>
      <input
        id={ids.inputId}
        type="checkbox"
        className="field__checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-required={required || undefined}
        {...input}
      />
      <label className="field__label" htmlFor={ids.inputId}>
        {label}
      </label>
      {hint && (
        <p id={ids.hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && <FieldErrorMessage id={ids.errorId}>{error}</FieldErrorMessage>}
    </div>
  );
}
