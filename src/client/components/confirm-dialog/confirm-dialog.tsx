import { type ReactNode, type RefObject, type SyntheticEvent, useEffect, useId, useRef } from 'react';
import './confirm-dialog.css';

export interface ConfirmDialogProps {
  /** Shows the dialog (modal) when true; closes it and gives the focus back when false. */
  open: boolean;
  /** The dialog's heading and accessible name, e.g. 'Delete this article?'. */
  title: string;
  /** What will happen, e.g. 'The article “Pollen season” will be deleted. This cannot be undone.' */
  message: ReactNode;
  /**
   * What the action needs beyond a yes, under the message: e.g. a text box for the reason sent to a patient.
   * Not part of the dialog's description (each field has its own label).
   */
  children?: ReactNode;
  /** A refusal of the server's (a 409, a 422 without a field of its own), shown in the dialog as an alert. */
  error?: string;
  /** Where the focus starts (e.g. the dialog's text box); the cancel button unless given. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button's look: 'danger' (red, the default) for what removes something, 'primary' for the rest. */
  confirmTone?: 'danger' | 'primary';
  /** While true the confirm button shows a spinner and neither button nor Escape does anything. */
  busy?: boolean;
  onConfirm: () => void;
  /** Cancel button, Escape. The parent sets `open` to false. */
  onCancel: () => void;
}

/**
 * A confirmation modal on the native `<dialog>` (`showModal()`: the rest of the page is inert, Tab
 * stays inside, Escape cancels). The focus starts on the cancel button (or `initialFocusRef`), and goes back
 * to the element that had it before (usually the button that opened the dialog) when `open` turns false.
 * An action that needs more than a yes puts its fields in `children`, and a refusal of the server's in `error`.
 *
 * Controlled: keep `open` in state, set it to false in `onCancel` and once the action is done.
 *
 * @example
 * <ConfirmDialog open={!!pending} title="Delete this FAQ?" message="This cannot be undone."
 *   busy={deleting} onConfirm={remove} onCancel={() => setPending(null)} />
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  confirmTone = 'danger',
  busy = false,
  children,
  error,
  initialFocusRef,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      (initialFocusRef?.current ?? cancelRef.current)?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      const opener = openerRef.current;
      openerRef.current = null;
      // The opener can be gone with what the dialog confirmed (an ended session's row): the page's main region
      // then takes the focus, so a keyboard or screen reader is not dropped to the start of the document.
      if (opener?.isConnected) opener.focus();
      else dialog.closest('main')?.focus();
    }
  }, [open, initialFocusRef]);

  // Escape: the parent decides (it sets `open` to false); nothing happens while busy.
  const handleCancelEvent = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    if (!busy) onCancel();
  };

  // Browsers may still close the dialog (a second Escape without user activation): stay in step.
  const handleClose = () => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    if (busy) dialog.showModal();
    else onCancel();
  };

  return (
    <dialog
      ref={dialogRef}
      className={children ? 'confirm-dialog confirm-dialog--with-fields' : 'confirm-dialog'}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={handleCancelEvent}
      onClose={handleClose}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        {title}
      </h2>
      <div id={messageId} className="confirm-dialog__message">
        {message}
      </div>
      {children && <div className="confirm-dialog__fields">{children}</div>}
      {error && (
        <div className="admin-alert confirm-dialog__error" role="alert">
          <p>{error}</p>
        </div>
      )}
      <div className="confirm-dialog__actions">
        <button
          ref={cancelRef}
          type="button"
          className="button button--secondary"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onCancel();
          }}
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          className={`button button--${confirmTone} confirm-dialog__confirm`}
          // aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page.
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
          onClick={() => {
            if (!busy) onConfirm();
          }}
        >
          {busy && <span className="confirm-dialog__spinner" aria-hidden="true" />}
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
