import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads a request body (set by `route()` from its definition); every other route refuses one. */
    takesBody?: boolean;
  }
}

export const NO_BODY_MESSAGE = 'This request takes no body.';

/** Whether a request says it carries a body: a content length above 0, or a chunked (or other) transfer. */
export function hasRequestBody(request: FastifyRequest): boolean {
  const { headers } = request;
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = headers['content-length'];
  return length !== undefined && length !== '0' && Number(length) !== 0;
}

/**
 * An answer sent before the body is read: the connection is closed after it, so the rest of the body is
 * neither read nor drained.
 */
export function answeringUnread(request: FastifyRequest, reply: FastifyReply): void {
  if (hasRequestBody(request)) reply.header('connection', 'close');
}

/**
 * What every request body meets before it is read, for every route (call before any route or plugin is
 * registered): a route that takes no body (a GET, an endpoint whose definition has no `body`, `form` or
 * `rawBody`, a page, an unknown path) refuses one with 400 before reading it. It runs after the
 * `onRequest` hooks, so an `/api/admin` path without a valid token still answers 401, known or not.
 */
export function registerBodyGuards(app: FastifyInstance): void {
  app.addHook('preParsing', (request, reply, payload, done) => {
    if (!hasRequestBody(request) || request.routeOptions.config.takesBody) {
      done(null, payload);
      return;
    }
    answeringUnread(request, reply);
    done(new HttpError(400, NO_BODY_MESSAGE));
  });
}
