import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientAddressKey } from './client-address';
import { HttpError } from './http-errors';

/**
 * Multipart bytes one client address may have on the way in at once, across its requests. A form is read
 * into memory before it is checked, so without it one address could hold the server's memory with many
 * large uploads at a time. The largest real form fits with room to spare (the booking form: two files of
 * 10 MB and its short fields, about 21 MB; an article: two files and its HTML, at most about 31 MB); ten
 * booking forms at once from one address do not.
 */
export const MULTIPART_BYTES_IN_FLIGHT_PER_CLIENT = 64 * 1024 * 1024;

export const TOO_MANY_UPLOADS_MESSAGE =
  'Too many uploads from your address at the same time. Please wait for them to finish and try again.';

/** Bytes reserved per client, up to a cap; each reservation is released once. */
export class InFlightBytes {
  private readonly reserved = new Map<string, number>();

  constructor(readonly capBytes: number) {}

  /** Answers the release of the reservation, or undefined when `client` would go over the cap. */
  reserve(client: string, bytes: number): (() => void) | undefined {
    const current = this.reserved.get(client) ?? 0;
    if (current + bytes > this.capBytes) return undefined;
    this.reserved.set(client, current + bytes);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.reserved.get(client) ?? 0) - bytes;
      if (left > 0) this.reserved.set(client, left);
      else this.reserved.delete(client);
    };
  }

  bytesInFlight(client: string): number {
    return this.reserved.get(client) ?? 0;
  }
}

const releases = new WeakMap<FastifyRequest, () => void>();

/** Whether the request says it is a multipart body (what @fastify/multipart will read). */
export function isMultipartRequest(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && /^\s*multipart\//i.test(type);
}

/**
 * Reserves a multipart request's bytes against its client address before its form is read: its content
 * length, or `formMaxBytes` when it has none, claims more (the form's limits stop it there) or is
 * compressed (it is read decompressed, up to those limits). 429 when the address would go over the cap.
 * The reservation ends when reading ends (`releaseMultipartBytes`) or, at the latest, when the answer is
 * done or the connection closes, however the request ends.
 */
export function reserveMultipartBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  budget: InFlightBytes,
  formMaxBytes: number,
): void {
  const { headers } = request;
  const declared = Number(headers['content-length']);
  const plain = headers['content-encoding'] === undefined || headers['content-encoding'] === 'identity';
  const bytes =
    plain && headers['transfer-encoding'] === undefined && Number.isSafeInteger(declared) && declared >= 0
      ? Math.min(declared, formMaxBytes)
      : formMaxBytes;
  const release = budget.reserve(clientAddressKey(request.ip), bytes);
  if (!release) throw new HttpError(429, TOO_MANY_UPLOADS_MESSAGE);
  releases.set(request, release);
  reply.raw.once('close', release);
}

/** Ends the request's reservation, if it has one (reading its form is over). */
export function releaseMultipartBytes(request: FastifyRequest): void {
  releases.get(request)?.();
  releases.delete(request);
}
