import { type ComponentPropsWithRef, useId } from 'react';
import { FieldErrorMessage } from './field-error-message';

export interface TextFieldProps extends ComponentPropsWithRef<'input'> {
  label: string;
  /** The validation message shown under the field; marks the field invalid. */
  error?: string;
  hint?: string;
}

/**
 * A labelled input with its hint and error under it, wired for screen readers (aria-invalid,
 * aria-describedby). Spread react-hook-form's `register(name)` into it: `ref` is passed through.
 */
export function TextField({ label, error, hint, id, className, required, ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <input
        id={inputId}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        {...input}
      />
      {error && <FieldErrorMessage id={errorId}>{error}</FieldErrorMessage>}
    </div>
  );
}
