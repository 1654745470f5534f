import type { ComponentPropsWithRef } from 'react';
import { FieldFrame, useFieldIds } from './field-frame';

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
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <input
        id={ids.inputId}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-required={required || undefined}
        {...input}
      />
    </FieldFrame>
  );
}
