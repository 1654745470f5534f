import { z } from 'zod';

/** The largest id a record has (PostgreSQL `integer`). */
export const MAX_RECORD_ID = 2_147_483_647;

/** Decimal digits as a person writes a whole number: not `0x10`, `1e3`, `+1`, ` 1` or `01`. */
const DECIMAL_WHOLE_NUMBER = /^(0|[1-9][0-9]{0,14})$/;

/**
 * A whole number as a path or a query sends it (text of decimal digits) or JSON does (a number): one spelling per
 * number, so one record has one address. Anything else answers `error`.
 */
export function wholeNumberSchema(error: string) {
  return z
    .union([z.number({ error }), z.string({ error }).regex(DECIMAL_WHOLE_NUMBER, error)], { error })
    .transform(Number)
    .pipe(z.number().int(error));
}

/** A record id from the path: anything that cannot be one answers 404 '{what} not found'. */
export function recordIdParams(what: string) {
  const notFound = `${what} not found`;
  return z.object({
    id: wholeNumberSchema(notFound).pipe(z.number().min(1, notFound).max(MAX_RECORD_ID, notFound)),
  });
}

/** A file of a multipart form, as the server's form reader hands it over (bytes not yet checked). */
export interface FormFile {
  /** The multipart field's name, e.g. `blog[icon]`. */
  field: string;
  fileName: string;
  bytes: Uint8Array;
}

const isFormFile = (value: unknown): value is FormFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FormFile).fileName === 'string' &&
  (value as FormFile).bytes instanceof Uint8Array;

/** A file field of a form body; in the API reference, a binary string. */
export const formFileSchema = z
  .custom<FormFile>(isFormFile, { error: 'Send a file.' })
  .meta({ type: 'string', format: 'binary' });

/**
 * An optional file field: none sent, or sent as text rather than as a file (empty, as a form does when no
 * file was chosen; `null` in JSON, or the text a script's FormData makes of it; a stored file's name sent back
 * as the spec's entity shows it), is no new file.
 */
export const optionalFormFileSchema = z.preprocess(
  (value) => (value === null || typeof value === 'string' ? undefined : value),
  formFileSchema.optional(),
);

/** A form's `true`/`false` flag as multipart sends it (text) or JSON does (boolean). */
export const formFlagSchema = (name: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: `${name} must be true or false` })
    .optional()
    .transform((value) => value === true || value === 'true');

/** A list answer: `{ <key>: [...], pages, count }` (DESIGN.md section 3). */
export function pagedListSchema<Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  return z.object({ [key]: z.array(item), pages: z.number().int(), count: z.number().int() } as {
    [K in Key]: z.ZodArray<Item>;
  } & { pages: z.ZodNumber; count: z.ZodNumber });
}

/** A stored file as a back-office form shows it: its address and original name. */
export const storedFileSchema = z.object({ url: z.string(), name: z.string() });
