import type { ReactNode } from 'react';

/** A field's validation message under it, with the error icon; `id` is what the field's aria-describedby names. */
export function FieldErrorMessage({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="field__error">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" fill="currentColor" />
        <path d="M12 7v6" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
        <circle cx="12" cy="17" r="1.4" fill="#fff" />
      </svg>
      {children}
    </p>
  );
}
