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

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** The messages of each form field at fault, by the field's bare name. */
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

type Fields = Record<string, string[]>;

export const notFound = (message: string) => new DomainError('not_found', message);
export const forbidden = (message: string, fields?: Fields) => new DomainError('forbidden', message, fields);
export const conflict = (message: string, fields?: Fields) => new DomainError('conflict', message, fields);
export const refused = (message: string, fields?: Fields) => new DomainError('refused', message, fields);
export const declined = (message: string) => new DomainError('declined', message);
export const tooLarge = (message: string, fields?: Fields) => new DomainError('too_large', message, fields);
export const unsupported = (message: string, fields?: Fields) =>
  new DomainError('unsupported', message, fields);
export const limitReached = (message: string) => new DomainError('limit', message);
export const providerFailure = (message: string) => new DomainError('provider_failure', message);

/** A plain-object error map for the JSON answer, safe whatever the field names are (`__proto__` too). */
export function fieldErrors(entries: Iterable<[string, string[]]>): Fields {
  const errors: Fields = Object.create(null);
  for (const [key, messages] of entries) {
    Object.defineProperty(errors, key, {
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
  return refused(message ?? first ?? 'Invalid input', fieldErrors(grouped));
}
