import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

export type MultipartValue = string | number | boolean | { fileName: string; bytes: Buffer | Uint8Array };

/** The bytes of a file in the repository's `testdata/` folder. */
export function testFile(name: string): Buffer {
  return readFileSync(resolve(process.cwd(), 'testdata', name));
}

/** A multipart body for `app.inject`, built the way a browser builds one (STACK.md). */
export async function multipartPayload(
  fields: Record<string, MultipartValue | undefined>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'object') form.append(name, new Blob([new Uint8Array(value.bytes)]), value.fileName);
    else form.append(name, String(value));
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

/** Sends `fields` as a multipart form through `app.inject`, with any extra headers (a bearer token). */
export async function injectMultipart(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, MultipartValue | undefined>,
  extraHeaders: Record<string, string> = {},
) {
  const { payload, headers } = await multipartPayload(fields);
  return app.inject({ method, url, payload, headers: { ...headers, ...extraHeaders } });
}

/**
 * A body of `chunks` pieces of 16 KB that counts how often it is read: `pulls()` is 0 as long as the server
 * has not asked for a byte of it.
 */
export function countedBody(chunks = 64) {
  let pulls = 0;
  const chunk = Buffer.alloc(16 * 1024, 0x61);
  const stream = new Readable({
    read() {
      pulls += 1;
      this.push(pulls > chunks ? null : chunk);
    },
  });
  return { stream, pulls: () => pulls };
}

/** A multipart content type for a body the test streams itself. */
export const MULTIPART = 'multipart/form-data; boundary=----test-boundary';
