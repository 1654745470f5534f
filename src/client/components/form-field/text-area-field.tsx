import type { ComponentPropsWithRef } from 'react';
import { FieldFrame, useFieldIds } from './field-frame';

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
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <textarea
        id={ids.inputId}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-required={required || undefined}
        {...textarea}
      />
    </FieldFrame>
  );
}
