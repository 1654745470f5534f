import { type FocusEvent, type Ref, useId, useRef, useState } from 'react';
import { TextField, type TextFieldProps } from '../form-field/text-field';
import './email-field.css';

/** The typo check's code, with its library, fetched when the visitor first reaches an e-mail field. */
const loadTypoCheck = () => import('../../lib/email-typo');

/**
 * Sets the field's value as typing would (React's and the form's own change handlers see it), so each form (react-
 * hook-form, the light form of the contact page) takes it, validates it and keeps it in its draft unchanged.
 */
function typeInto(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * An e-mail field that, when the visitor leaves it, asks "Did you mean …@gmail.com?" for a likely typo of a common
 * domain: one press takes the suggestion, and the visitor is free to keep what they typed (nothing is refused).
 */
export function EmailField({ ref, onBlur, onChange, onFocus, ...props }: TextFieldProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const [suggestion, setSuggestion] = useState<string>();
  const questionId = useId();

  const check = async (event: FocusEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    const { suggestEmail } = await loadTypoCheck();
    // The visitor may have come back and typed on meanwhile: only what is still in the field is judged.
    if (input.current?.value === typed) setSuggestion(suggestEmail(typed));
  };

  const answer = (take: boolean) => {
    const field = input.current;
    if (!field) return;
    if (take && suggestion) typeInto(field, suggestion);
    setSuggestion(undefined);
    field.focus();
  };

  return (
    <div className="email-field">
      <TextField
        {...props}
        type="email"
        ref={(element: HTMLInputElement | null) => {
          input.current = element;
          assignRef(ref, element);
        }}
        onFocus={(event) => {
          void loadTypoCheck();
          onFocus?.(event);
        }}
        onBlur={(event) => {
          onBlur?.(event);
          void check(event);
        }}
        onChange={(event) => {
          onChange?.(event);
          setSuggestion(undefined);
        }}
      />
      <div className="email-field__suggestion" aria-live="polite">
        {suggestion && (
          <p id={questionId}>
            Did you mean <strong>{suggestion}</strong>?{' '}
            <span className="email-field__answers">
              <button
                type="button"
                className="button button--small button--secondary"
                aria-describedby={questionId}
                onClick={() => answer(true)}
              >
                Yes, use it
              </button>
              <button
                type="button"
                className="button button--small email-field__keep"
                onClick={() => answer(false)}
              >
                No, keep what I typed
              </button>
            </span>
          </p>
        )}
      </div>
    </div>
  );
}
