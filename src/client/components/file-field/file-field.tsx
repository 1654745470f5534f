import { type ChangeEvent, type Ref, useCallback, useRef, useState } from 'react';
import { fileTypeMessage, hasAllowedExtension } from '../../lib/file-extension';
import { truncateFileName } from '../../lib/truncate-file-name';
import { FieldErrorMessage } from '../form-field/field-error-message';
import { useFieldIds } from '../form-field/field-frame';
import './file-field.css';

/**
 * The value of a FileField:
 * - `none`: no file (for an edit form: the stored file is to be removed);
 * - `stored`: the file already saved on the server (keep it);
 * - `new`: a file chosen in this form, to upload.
 * Send it with `appendFileField()` from `lib/form-data.ts`.
 */
export type FileFieldValue =
  | { kind: 'none' }
  | { kind: 'stored'; name: string; url: string }
  | { kind: 'new'; file: File };

export interface FileFieldProps {
  /** The field's label, also used in its buttons' names ('Remove cover image'). */
  label: string;
  /** The file picker's filter, e.g. '.jpg,.jpeg,.png'. */
  accept: string;
  /** The extensions accepted, without dots, e.g. ['jpg', 'jpeg', 'png']; other files are refused here. */
  allowedExtensions: readonly string[];
  /** The file name is shown cut to this many characters (spec: 27, or 33 for an article's attachment). */
  maxNameLength: number;
  value: FileFieldValue;
  onChange: (value: FileFieldValue) => void;
  /** The validation message shown under the field (e.g. from react-hook-form). */
  error?: string;
  hint?: string;
  id?: string;
  /** Receives the 'Choose file' / 'Replace' button, so a form can focus the field (react-hook-form's field.ref). */
  ref?: Ref<HTMLButtonElement>;
  /**
   * For a stored file only staff may read (its `url` needs the admin's token): its name is a button that
   * calls this to download it (`useFileDownload`), instead of a link opening `url` in a new tab.
   */
  onDownload?: () => void;
  /** While the stored file downloads (its button says so and ignores clicks). */
  downloading?: boolean;
}

/**
 * A controlled file input: the chosen or stored file's name (a stored file links to it, in a new tab, or
 * downloads through `onDownload` when only staff may read it),
 * 'Choose file' (or 'Replace') and 'Remove' buttons. A file with another extension is refused with a
 * message ('Choose a .jpg, .jpeg or .png file.') and the value does not change. The real
 * `<input type="file">` is visually hidden and opened by the buttons.
 *
 * @example
 * <Controller control={control} name="icon" render={({ field, fieldState }) => (
 *   <FileField label="Cover image" accept=".jpg,.jpeg,.png" allowedExtensions={['jpg', 'jpeg', 'png']}
 *     maxNameLength={27} value={field.value} onChange={field.onChange} ref={field.ref}
 *     error={fieldState.error?.message} />
 * )} />
 */
export function FileField({
  label,
  accept,
  allowedExtensions,
  maxNameLength,
  value,
  onChange,
  error,
  hint,
  id,
  ref,
  onDownload,
  downloading = false,
}: FileFieldProps) {
  const [typeError, setTypeError] = useState<string | null>(null);
  const shownError = typeError ?? error;
  const { inputId, hintId, errorId, describedBy } = useFieldIds(id, hint, shownError);
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement | null>(null);

  const setChooseButton = useCallback(
    (node: HTMLButtonElement | null) => {
      chooseRef.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again is a change too; the value lives in `value`.
    event.target.value = '';
    if (!file) return;
    if (!hasAllowedExtension(file.name, allowedExtensions)) {
      setTypeError(fileTypeMessage(allowedExtensions));
      return;
    }
    setTypeError(null);
    onChange({ kind: 'new', file });
  };

  const remove = () => {
    setTypeError(null);
    onChange({ kind: 'none' });
    // The Remove button goes away: the focus stays in the field, on 'Choose file'.
    chooseRef.current?.focus();
  };

  const name = value.kind === 'stored' ? value.name : value.kind === 'new' ? value.file.name : '';
  const shownName = truncateFileName(name, maxNameLength);
  const cut = shownName !== name;

  return (
    <div className="field file-field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <input
        ref={inputRef}
        id={inputId}
        className="visually-hidden"
        type="file"
        tabIndex={-1}
        accept={accept}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy}
        onChange={handleChange}
      />
      <div className="file-field__box" data-invalid={shownError ? 'true' : undefined}>
        <svg
          className="file-field__icon"
          viewBox="0 0 24 24"
          width="22"
          height="22"
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z M14 3v5h5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        <span className="file-field__name">
          {value.kind === 'none' && <span className="file-field__none">No file chosen</span>}
          {value.kind === 'stored' && onDownload && (
            <button
              type="button"
              className="file-field__download"
              title={cut ? name : undefined}
              aria-busy={downloading || undefined}
              onClick={() => {
                if (!downloading) onDownload();
              }}
            >
              <span className="visually-hidden">Download </span>
              {shownName}
              {downloading && <span className="file-field__downloading"> (downloading…)</span>}
            </button>
          )}
          {value.kind === 'stored' && !onDownload && (
            <a href={value.url} target="_blank" rel="noopener noreferrer" title={cut ? name : undefined}>
              {shownName}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
          {value.kind === 'new' && <span title={cut ? name : undefined}>{shownName}</span>}
        </span>
        <span className="file-field__buttons">
          <button
            ref={setChooseButton}
            type="button"
            className="button button--secondary button--small"
            aria-describedby={describedBy}
            onClick={() => inputRef.current?.click()}
          >
            {value.kind === 'none' ? 'Choose file' : 'Replace'}
            <span className="visually-hidden"> {label}</span>
          </button>
          {value.kind !== 'none' && (
            <button type="button" className="button button--danger-secondary button--small" onClick={remove}>
              Remove<span className="visually-hidden"> {label}</span>
            </button>
          )}
        </span>
      </div>
      {/* Refusing a file happens after the picker closes: announced at once. */}
      <div role="alert" className="file-field__alert">
        {typeError && <FieldErrorMessage id={errorId}>{typeError}</FieldErrorMessage>}
      </div>
      {!typeError && error && <FieldErrorMessage id={errorId}>{error}</FieldErrorMessage>}
    </div>
  );
}
