import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '../../shared/error-codes';
import { errorBody } from './http-errors';

/** What a client is told when Node cannot read its request at all (before Fastify sees a request). */
const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: 'The request could not be read: its start line or headers are malformed.',
  408: 'The request took too long to arrive. Please try again.',
  431: 'The request headers are too large.',
};

const CLIENT_ERROR_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  408: 'bad_request',
  431: 'too_large',
};

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refused (headers too large or malformed, too slow) gets
 * the API's own error shape, `{ error_messages }`, and the connection is closed. A connection already gone is left.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(
    errorBody(CLIENT_ERROR_CODES[status] ?? 'bad_request', CLIENT_ERROR_MESSAGES[status] ?? ''),
  );
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
