import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http-errors';
import { MAX_DEPTH, MAX_NODES, tooComplex } from './input-guards';
import {
  InFlightBytes,
  MULTIPART_BYTES_IN_FLIGHT,
  MULTIPART_BYTES_IN_FLIGHT_PER_CLIENT,
} from './multipart-budget';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads a request body (set by `route()` from its definition); every other route refuses one. */
    takesBody?: boolean;
  }
  interface FastifyInstance {
    /** Multipart bytes on the way in, per client address, across this app's requests. */
    multipartInFlight: InFlightBytes;
  }
}

/**
 * Bytes of a JSON body when its endpoint names no limit of its own. The API's JSON bodies without long
 * HTML stay below it (body-limits.test.ts sends each at its schema's maximum lengths, three bytes a
 * character): a fee service with 50 price lines about 50 KB, a slot editor's save of 200 slots about 36 KB,
 * a booking sent as JSON about 33 KB, a team member about 16 KB. Articles (about 590 KB) and FAQs (about
 * 63 KB), whose HTML may be long, and sign-in (4 KB) set their own (`bodyLimit` of their definitions).
 */
export const DEFAULT_JSON_BODY_LIMIT = 64 * 1024;

export const NO_BODY_MESSAGE = 'This request takes no body.';

export const COMPRESSED_BODY_MESSAGE = 'A compressed request body is not accepted: send it as it is.';

export const NOT_AN_OBJECT_MESSAGE =
  'The request body must be a JSON object ({ … } with the fields), not null, a list or a single value.';

/** The refusal of a JSON body holding `__proto__` (or `constructor` with a `prototype` in it) as a field name. */
export const forbiddenFieldMessage = (name: '__proto__' | 'constructor') =>
  name === '__proto__'
    ? 'The request has a field named __proto__, which is not allowed.'
    : 'The request has a field named constructor holding a prototype, which is not allowed.';

/**
 * The field name Fastify's parser refuses in JSON text that is valid JSON (`JSON.parse` makes such a key an own
 * property, harmless to read): `__proto__`, or `constructor` holding `prototype`, at any depth.
 */
function forbiddenFieldOf(value: unknown): '__proto__' | 'constructor' | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (Object.hasOwn(value, '__proto__')) return '__proto__';
  const constructorField = Object.hasOwn(value, 'constructor')
    ? (value as Record<string, unknown>).constructor
    : undefined;
  if (
    typeof constructorField === 'object' &&
    constructorField !== null &&
    Object.hasOwn(constructorField, 'prototype')
  )
    return 'constructor';
  for (const inner of Object.values(value)) {
    const found = forbiddenFieldOf(inner);
    if (found) return found;
  }
  return undefined;
}

/**
 * Why Fastify's parser refused `text`: a forbidden field name when the text is valid JSON (Fastify says only
 * "invalid", which would tell the sender their JSON is broken when it is not), else its own error.
 */
function parseRefusal(text: string, error: Error): Error {
  let plain: unknown;
  try {
    plain = JSON.parse(text);
  } catch {
    return error;
  }
  const name = forbiddenFieldOf(plain);
  return name ? new HttpError(400, 'forbidden_field', forbiddenFieldMessage(name)) : error;
}

/** Whether parsed JSON is an object of fields: not null, an array or a single value. */
const isJsonObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a request says it carries a body: a content length above 0, or a chunked (or other) transfer. */
function hasRequestBody(request: FastifyRequest): boolean {
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

/** Nested containers the parser is given at most: the top one and MAX_DEPTH levels below it. */
const MAX_CONTAINER_LEVELS = MAX_DEPTH + 1;

/**
 * One pass over JSON text before it is parsed, skipping strings: true at the first container nested past
 * MAX_DEPTH levels below the top one, or at the MAX_NODES-th comma (each comma adds a value, so such a body
 * holds more than MAX_NODES). The input guard would refuse either after parsing; refused here, a megabyte
 * of `[[[[…` or `[1,1,1,…` costs one linear scan and never reaches `JSON.parse`. Text that is not JSON is
 * left to the parser.
 */
export function jsonTooComplex(text: string): boolean {
  let level = 0;
  let commas = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      // A backslash escapes the character after it (a quote among them).
      if (code === 0x5c) index += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      level += 1;
      if (level > MAX_CONTAINER_LEVELS) return true;
    } else if (code === 0x5d || code === 0x7d) level -= 1;
    else if (code === 0x2c) {
      commas += 1;
      if (commas >= MAX_NODES) return true;
    }
  }
  return false;
}

/**
 * Replaces Fastify's JSON parser with one that scans the text first (413 for a body too deep or too big
 * to be a form) and then hands it to Fastify's own parser, with the server's `__proto__` and
 * `constructor` protection, whose refusal is said as such (400 `forbidden_field`, naming the field) rather
 * than as JSON that is not valid. Every JSON body of the API is an object of fields: `null`, a list or a single value
 * is refused (400 `json_not_object`) before any route sees it, since the schemas read a missing body as `{}` and
 * a route whose fields are all optional would take `null` as a change of nothing. A scope may still put its own
 * parser in place (the Stripe webhook reads raw bytes).
 */
function registerJsonParser(app: FastifyInstance): void {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  const secureParse = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonTooComplex(body as string)) {
      done(tooComplex(), undefined);
      return;
    }
    secureParse(request, body as string, (error, value) => {
      if (error) done(parseRefusal(body as string, error), undefined);
      else if (!isJsonObject(value))
        done(new HttpError(400, 'json_not_object', NOT_AN_OBJECT_MESSAGE), undefined);
      else done(null, value);
    });
  });
}

/**
 * What every request body meets before it is read, for every route (call before any route or plugin is
 * registered):
 * - a route that takes no body (a GET, an endpoint whose definition has no `body`, `form` or `rawBody`, a
 *   page, an unknown path) refuses one with 400 before reading it. It runs after the `onRequest` hooks, so
 *   an `/api/admin` path without a valid token still answers 401, known or not;
 * - a compressed body (`Content-Encoding`) is refused with 415 before it is read: no browser sends one, and a
 *   form would otherwise be read from the compressed bytes;
 * - a JSON body is read up to its route's limit (DEFAULT_JSON_BODY_LIMIT unless the endpoint says) and
 *   scanned before it is parsed;
 * - multipart bytes in flight are counted per client address (`route()` reserves them).
 */
export function registerBodyGuards(app: FastifyInstance): void {
  registerJsonParser(app);
  app.decorate(
    'multipartInFlight',
    new InFlightBytes(MULTIPART_BYTES_IN_FLIGHT_PER_CLIENT, MULTIPART_BYTES_IN_FLIGHT),
  );
  app.addHook('preParsing', (request, reply, payload, done) => {
    if (!hasRequestBody(request)) {
      done(null, payload);
      return;
    }
    const encoding = request.headers['content-encoding'];
    if (!request.routeOptions.config.takesBody) {
      answeringUnread(request, reply);
      done(new HttpError(400, 'body_not_allowed', NO_BODY_MESSAGE));
    } else if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      answeringUnread(request, reply);
      done(new HttpError(415, 'unsupported_media_type', COMPRESSED_BODY_MESSAGE));
    } else done(null, payload);
  });
}
