import { type ReactNode, useId } from 'react';
import { FieldErrorMessage } from './field-error-message';

export interface FieldIds {
  inputId: string;
  hintId?: string;
  errorId?: string;
  /** For the control's aria-describedby: the hint and the error, when shown. */
  describedBy?: string;
}

/** The ids that tie a control to its label, hint and error (`id` when given, else a generated one). */
export function useFieldIds(id: string | undefined, hint: unknown, error: unknown): FieldIds {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return { inputId, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

/** A field's frame: the label, the hint under it, the control (children) and the error message. */
export function FieldFrame({
  ids,
  label,
  hint,
  error,
  className,
  children,
}: {
  ids: FieldIds;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={ids.inputId}>
        {label}
      </label>
      {hint && (
        <p id={ids.hintId} className="field__hint">
          {hint}
        </p>
      )}
      {children}
      {error && <FieldErrorMessage id={ids.errorId}>{error}</FieldErrorMessage>}
    </div>
  );
}
