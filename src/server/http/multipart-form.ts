import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import qs from 'qs';
import { MAX_UPLOAD_BYTES } from '../../shared/uploads';

export interface UploadedFile {
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

/** Registers multipart parsing in a scope, with the upload limits (a file over the limit answers 413). */
export async function registerMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 5, fields: 200, fieldSize: 1024 * 1024, parts: 205 },
  });
}

const parseOptions = { depth: 4, arrayLimit: 100, parameterLimit: 500, allowPrototypes: false };

/**
 * Reads a form sent as multipart (what the back office sends, spec section 7) or as JSON (handy for
 * scripts and tests). Bracketed multipart names become nested objects, as Rails-style APIs read them.
 */
export async function readForm(request: FastifyRequest): Promise<ParsedForm> {
  const files = new Map<string, UploadedFile>();
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : {}, files };
  }
  const pairs: string[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (bytes.length === 0 && !part.filename) continue;
      files.set(part.fieldname, { field: part.fieldname, fileName: part.filename, bytes });
    } else {
      pairs.push(`${encodeURIComponent(part.fieldname)}=${encodeURIComponent(String(part.value))}`);
    }
  }
  return { fields: qs.parse(pairs.join('&'), parseOptions) as Record<string, unknown>, files };
}
