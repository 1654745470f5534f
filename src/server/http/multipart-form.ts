import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import qs from 'qs';
import type { FormShape } from '../../shared/api/endpoint-schemas';
import { MAX_UPLOAD_BYTES } from '../../shared/uploads';
import { fieldErrors, shownFieldName } from '../domain-errors';
import { HttpError } from './http-errors';
import { forbiddenCharacterError, hasForbiddenCharacter, tooLarge } from './input-guards';
import { unknownFieldsMessage } from './validation';

interface UploadedFile {
  /** The form field's name, e.g. `blog[icon]`. */
  field: string;
  fileName: string;
  bytes: Buffer;
}

export interface ParsedForm {
  /** Text fields, nested by their bracket names (`service[prices_attributes][0][amount]`). */
  fields: Record<string, unknown>;
  /** Files by their form field's name. Empty file inputs (no file chosen) are left out. */
  files: Map<string, UploadedFile>;
}

/**
 * What one form may hold: its files (each at most `fileSize` bytes) and a small text budget. Anything
 * beyond answers 413 before it is buffered, so a request costs at most what its form needs.
 */
export interface FormLimits {
  files: number;
  /** Bytes of one file; MAX_UPLOAD_BYTES unless the form says less. */
  fileSize?: number;
  fields: number;
  /** Bytes of one text field. */
  fieldSize: number;
}

/** A form of a few short text fields and no file. */
export const TEXT_FORM_LIMITS: FormLimits = { files: 0, fields: 20, fieldSize: 16 * 1024 };

/** Registers multipart parsing in a scope; each `readForm` call narrows the limits to its form. */
export async function registerMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, { limits: busboyLimits(TEXT_FORM_LIMITS) });
}

function busboyLimits(limits: FormLimits) {
  // A form without files still lets one through (of one byte), so it can be named as an unknown field.
  const withoutFiles = limits.files === 0;
  return {
    files: withoutFiles ? 1 : limits.files,
    fileSize: withoutFiles ? 1 : (limits.fileSize ?? MAX_UPLOAD_BYTES),
    fields: limits.fields,
    fieldSize: limits.fieldSize,
    parts: Math.max(limits.files, 1) + limits.fields,
  };
}

/** Bytes of a part's boundary and headers beside its content: a generous figure (a long file name fits). */
const PART_OVERHEAD_BYTES = 1024;

/** The most a multipart body of this form can carry before its limits refuse it (413). */
export function formMaxBytes(limits: FormLimits): number {
  const busboy = busboyLimits(limits);
  return (
    busboy.files * busboy.fileSize + busboy.fields * busboy.fieldSize + busboy.parts * PART_OVERHEAD_BYTES
  );
}

const unknownField = (name: string) =>
  hasForbiddenCharacter(name)
    ? forbiddenCharacterError([name])
    : new HttpError(
        422,
        'unknown_field',
        unknownFieldsMessage([name]),
        fieldErrors([[name, ['Unknown field.']]]),
      );

const sentTwice = (name: string) => {
  const message = `Send one file as ${shownFieldName(name)}.`;
  return new HttpError(422, 'one_file_expected', message, fieldErrors([[name, [message]]]));
};

const unreadableForm = () => new HttpError(400, 'unreadable_form', 'The multipart form could not be read.');

const parseOptions = { depth: 4, arrayLimit: 100, parameterLimit: 500, allowPrototypes: false };

async function readParts(
  request: FastifyRequest,
  limits: FormLimits,
  into: { files: Map<string, UploadedFile>; pairs: string[]; forbidden: string[] },
  fieldName: (name: string) => string,
): Promise<void> {
  const { files, pairs, forbidden } = into;
  for await (const part of request.parts({ limits: busboyLimits(limits) })) {
    if (part.type === 'file') {
      if (limits.files === 0) throw unknownField(fieldName(part.fieldname));
      const bytes = await part.toBuffer();
      if (hasForbiddenCharacter(part.fieldname) || hasForbiddenCharacter(part.filename ?? '')) {
        forbidden.push(fieldName(part.fieldname));
        continue;
      }
      if (bytes.length === 0 && !part.filename) continue;
      // Two files for one field: which one was meant is not ours to guess (a text field twice is refused too).
      if (files.has(part.fieldname)) throw sentTwice(fieldName(part.fieldname));
      files.set(part.fieldname, { field: part.fieldname, fileName: part.filename, bytes });
    } else {
      // busboy cuts a field over `fieldSize` silently; a cut value must not be read as the whole.
      if (part.valueTruncated || part.fieldnameTruncated) throw tooLarge();
      const value = String(part.value);
      if (hasForbiddenCharacter(part.fieldname) || hasForbiddenCharacter(value)) {
        forbidden.push(fieldName(part.fieldname));
        continue;
      }
      pairs.push(`${encodeURIComponent(part.fieldname)}=${encodeURIComponent(value)}`);
    }
  }
}

/**
 * A form field's name as every error names it: without the form's envelope, nesting brackets read as dots
 * (`patient[first_name]` → `first_name`, `session[id]` → `session.id`), the way the schema's errors name the
 * same field, so a form shows each error beside its field whichever guard refused it.
 */
function errorKeyOf(name: string, envelope: string | undefined): string {
  const bare =
    envelope && name.startsWith(`${envelope}[`) && name.endsWith(']')
      ? name.slice(envelope.length + 1, -1)
      : name;
  return bare.replace(/\[([^\]]*)\]/g, '.$1');
}

/**
 * Reads a form sent as multipart (what the back office sends, spec section 7) or as JSON (handy for
 * scripts and tests). Bracketed multipart names become nested objects, as Rails-style APIs read them.
 */
export async function readForm(
  request: FastifyRequest,
  limits: FormLimits,
  fieldName: (name: string) => string = (name) => name,
): Promise<ParsedForm> {
  const files = new Map<string, UploadedFile>();
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : {}, files };
  }
  const pairs: string[] = [];
  const forbidden: string[] = [];
  try {
    await readParts(request, limits, { files, pairs, forbidden }, fieldName);
  } catch (error) {
    // busboy's own errors (no boundary, a broken part header, a cut body) carry no status: bad input.
    if (error instanceof Error && !('statusCode' in error)) throw unreadableForm();
    throw error;
  }
  if (forbidden.length > 0) throw forbiddenCharacterError(forbidden);
  return { fields: qs.parse(pairs.join('&'), parseOptions) as Record<string, unknown>, files };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Sets a key on an object whatever its name (`__proto__` included), as an own property. */
function setField(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A form endpoint's body with bare field names whatever the envelope: `blog[title]` and `{ blog: { title } }`
 * both read as `{ title }`, and a file sent as `blog[icon]` (or `icon`) as `{ icon: UploadedFile }`. Fields
 * outside the envelope stay at the top, where the endpoint's strict schema names them unknown.
 */
export async function readFormBody(
  request: FastifyRequest,
  form: FormShape,
  limits: FormLimits = TEXT_FORM_LIMITS,
): Promise<Record<string, unknown>> {
  const envelope = form.envelope;
  const bare = (name: string) =>
    envelope && name.startsWith(`${envelope}[`) && name.endsWith(']')
      ? name.slice(envelope.length + 1, -1)
      : name;
  const { fields, files } = await readForm(request, limits, (name) => errorKeyOf(name, envelope));
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (envelope && key === envelope && isRecord(value)) {
      for (const [name, inner] of Object.entries(value)) setField(body, name, inner);
    } else setField(body, key, value);
  }
  for (const [name, file] of files) setField(body, bare(name), file);
  return body;
}
