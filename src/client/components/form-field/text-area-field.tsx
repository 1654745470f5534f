import { type ComponentPropsWithRef, useId } from 'react';
import { FieldErrorMessage } from './field-error-message';

export interface TextAreaFieldProps extends ComponentPropsWithRef<'textarea'> {
  label: string;
  error?: string;
  hint?: string;
}

/**
 * A labelled textarea with its hint and error, wired like TextField (aria-invalid, aria-describedby).
 * Spread react-hook-form's `register(name)` into it.
 */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  className,
  required,
  ...textarea
}: TextAreaFieldProps) {
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
      <textarea
        id={inputId}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        {...textarea}
      />
      {error && <FieldErrorMessage id={errorId}>{error}</FieldErrorMessage>}
    </div>
  );
}
