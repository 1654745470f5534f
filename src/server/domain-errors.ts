import type { ErrorCode } from '../shared/error-codes';

/**
 * What a service or an adapter could not do, in the domain's words. Services, repositories and adapters throw
 * these, never HTTP errors; `http/error-handling.ts` gives each kind its HTTP status in one place.
 */
export type DomainErrorKind =
  /** No such record (404). */
  | 'not_found'
  /** The caller may not act on this record (403). */
  | 'forbidden'
  /** The record's state does not allow it now: taken, already paid, in progress (409). */
  | 'conflict'
  /** A rule refuses it: a form's field, a state that can never allow it (422). */
  | 'refused'
  /** The card was declined (402). */
  | 'declined'
  /** More than the input may hold (413). */
  | 'too_large'
  /** A file of a type that is not accepted (415). */
  | 'unsupported'
  /** Too many of them from one person (429). */
  | 'limit'
  /** An outside service (the card provider) failed or could not be reached (503). */
  | 'provider_failure';

/**
 * A refusal: its kind (the HTTP status, in `http/error-handling.ts`), its stable `code` (what callers and the
 * browser branch on; see `src/shared/error-codes.ts`) and the text a person reads.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: ErrorCode,
    message: string,
    /** The messages of each form field at fault, by the field's bare name. */
    readonly fields?: Record<string, string[]>,
    /** A limit's refusal (429): when a try may be allowed again, sent as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

type Fields = Record<string, string[]>;

/** No such record: every 404 has the one code `not_found` (the path says what was looked for). */
export const notFound = (message: string) => new DomainError('not_found', 'not_found', message);
export const forbidden = (code: ErrorCode, message: string, fields?: Fields) =>
  new DomainError('forbidden', code, message, fields);
export const conflict = (code: ErrorCode, message: string, fields?: Fields) =>
  new DomainError('conflict', code, message, fields);
export const refused = (code: ErrorCode, message: string, fields?: Fields) =>
  new DomainError('refused', code, message, fields);
export const declined = (code: ErrorCode, message: string) => new DomainError('declined', code, message);
export const tooLarge = (code: ErrorCode, message: string, fields?: Fields) =>
  new DomainError('too_large', code, message, fields);
export const unsupported = (code: ErrorCode, message: string, fields?: Fields) =>
  new DomainError('unsupported', code, message, fields);
export const limitReached = (code: ErrorCode, message: string, retryAfterSeconds?: number) =>
  new DomainError('limit', code, message, undefined, retryAfterSeconds);
export const providerFailure = (code: ErrorCode, message: string) =>
  new DomainError('provider_failure', code, message);

/** The same refusal in other words (a patient reads other texts than staff); its kind, code and fields kept. */
export const reworded = (error: DomainError, message: string) =>
  new DomainError(
    error.kind,
    error.code,
    message,
    error.fields &&
      fieldErrors(Object.keys(error.fields).map((field) => [field, [message]] as [string, string[]])),
    error.retryAfterSeconds,
  );

/** The most characters of a field name an answer repeats: far above any real one, far below a flood. */
const MAX_SHOWN_NAME = 64;

/**
 * A field name as an answer repeats it (a key of `errors`, a name in `error_messages`): a sent name of 100 KB
 * must not make an answer of 100 KB. Longer than MAX_SHOWN_NAME, it is cut (never inside a surrogate pair) and
 * ends with '…'.
 */
export function shownFieldName(name: string): string {
  if (name.length <= MAX_SHOWN_NAME) return name;
  const cut = name.slice(0, MAX_SHOWN_NAME);
  return `${/[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}

/**
 * A plain-object error map for the JSON answer, safe whatever the field names are (`__proto__` too), each
 * name as `shownFieldName` cuts it.
 */
export function fieldErrors(entries: Iterable<[string, string[]]>): Fields {
  const errors: Fields = Object.create(null);
  for (const [key, messages] of entries) {
    Object.defineProperty(errors, shownFieldName(key), {
      value: messages,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return errors;
}

/** One field's message as an error map. */
export const fieldError = (field: string, message: string): Fields => fieldErrors([[field, [message]]]);

/** Enough for any real form; a body of thousands of unknown keys must not make an answer of megabytes. */
export const MAX_REPORTED_FIELDS = 20;

/**
 * The 422 of a form a rule refused: each field's messages (of the first MAX_REPORTED_FIELDS fields), and as
 * `error_messages` the first message (what a notification shows) unless `message` says otherwise.
 */
export function refusedFields(
  issues: Iterable<readonly [field: string, message: string]>,
  message?: string,
  code: ErrorCode = 'invalid_input',
): DomainError {
  // A Map, not a plain object: a field named `toString` or `__proto__` must not meet Object.prototype.
  const grouped = new Map<string, string[]>();
  let first: string | undefined;
  for (const [field, text] of issues) {
    first ??= text;
    const messages = grouped.get(field);
    if (messages) messages.push(text);
    else if (grouped.size < MAX_REPORTED_FIELDS) grouped.set(field, [text]);
  }
  return refused(code, message ?? first ?? 'Invalid input', fieldErrors(grouped));
}
