import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientAddressKey } from './client-address';
import { HttpError } from './http-errors';

/**
 * Multipart bytes one client address may have on the way in at once, across its requests. A form is read
 * into memory before it is checked, so without it one address could hold the server's memory with many
 * large uploads at a time. The largest real form fits with room to spare (the booking form: three files of
 * 10 MB and its short fields, about 31 MB; an article: two files and its HTML, at most about 31 MB); ten
 * booking forms at once from one address do not.
 */
export const MULTIPART_BYTES_IN_FLIGHT_PER_CLIENT = 64 * 1024 * 1024;

/**
 * Multipart bytes the whole server takes in at once, whoever sends them: many addresses together cannot hold
 * more of its memory than this (a stored file costs about twice its size on its way into the database).
 */
export const MULTIPART_BYTES_IN_FLIGHT = 192 * 1024 * 1024;

export const TOO_MANY_UPLOADS_MESSAGE =
  'Too many uploads from your address at the same time. Please wait for them to finish and try again.';

const SERVER_BUSY_UPLOADS_MESSAGE =
  'The clinic is receiving many files right now. Please try again in a minute.';

/** Bytes reserved per client, up to a cap each and a cap in all; each reservation is released once. */
export class InFlightBytes {
  private readonly reserved = new Map<string, number>();
  private total = 0;

  constructor(
    readonly capBytes: number,
    readonly totalCapBytes = Number.POSITIVE_INFINITY,
  ) {}

  /**
   * Answers the release of the reservation, or why there is none: `client` would go over its cap, or the
   * server over its total.
   */
  reserve(client: string, bytes: number): (() => void) | 'client' | 'total' {
    const current = this.reserved.get(client) ?? 0;
    if (current + bytes > this.capBytes) return 'client';
    if (this.total + bytes > this.totalCapBytes) return 'total';
    this.reserved.set(client, current + bytes);
    this.total += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= bytes;
      const left = (this.reserved.get(client) ?? 0) - bytes;
      if (left > 0) this.reserved.set(client, left);
      else this.reserved.delete(client);
    };
  }

  bytesInFlight(client?: string): number {
    return client === undefined ? this.total : (this.reserved.get(client) ?? 0);
  }
}

const releases = new WeakMap<FastifyRequest, () => void>();

/** Whether the request says it is a multipart body (what @fastify/multipart will read). */
export function isMultipartRequest(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && /^\s*multipart\//i.test(type);
}

/**
 * Reserves a multipart request's bytes against its client address and the server's total before its form is
 * read: its content length, or `formMaxBytes` when it has none or claims more (the form's limits stop it
 * there). 429 when the address would go over its cap, 503 when the server would go over its total.
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
  const bytes =
    headers['transfer-encoding'] === undefined && Number.isSafeInteger(declared) && declared >= 0
      ? Math.min(declared, formMaxBytes)
      : formMaxBytes;
  const release = budget.reserve(clientAddressKey(request.ip), bytes);
  if (release === 'client') throw new HttpError(429, 'uploads_in_flight', TOO_MANY_UPLOADS_MESSAGE);
  if (release === 'total') throw new HttpError(503, 'server_busy', SERVER_BUSY_UPLOADS_MESSAGE);
  releases.set(request, release);
  reply.raw.once('close', release);
}

/** Ends the request's reservation, if it has one (reading its form is over). */
export function releaseMultipartBytes(request: FastifyRequest): void {
  releases.get(request)?.();
  releases.delete(request);
}
