import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
} from 'fastify';
import { z } from 'zod';
import { isAdminApiPath } from '../../shared/api/auth-endpoints';
import type { BodyOf, ParamsOf, QueryOf, ResponseOf } from '../../shared/api/endpoint';
import type { EndpointDefinition } from '../../shared/api/endpoint-schemas';
import { answeringUnread } from './body-guards';
import { HttpError } from './http-errors';
import { isMultipartRequest, releaseMultipartBytes, reserveMultipartBytes } from './multipart-budget';
import { type FormLimits, formMaxBytes, readFormBody, TEXT_FORM_LIMITS } from './multipart-form';
import { validationError } from './validation';

const noContent = z.null().describe('No content');

type EndpointRequest<E extends EndpointDefinition> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
}>;

/** The answer; a handler that must answer outside the definition (health's 503) sends the reply and returns it. */
export type EndpointHandler<E extends EndpointDefinition> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<ResponseOf<E> | FastifyReply>;

export interface RouteOptions {
  /** Route config: rate limits. */
  config?: FastifyContextConfig;
  /** What a multipart body of this form may hold (413 beyond it). */
  formLimits?: FormLimits;
  /** Bytes of a JSON body (413 beyond it); overrides the definition's `bodyLimit`. */
  bodyLimit?: number;
  /**
   * A form endpoint's check before its body is read, multipart or JSON (an authorisation: the visitor's
   * hold token): it runs after the `onRequest` hooks (the admin guard, rate limits) and before a byte of
   * the form is read or buffered; what it throws is the answer. Params and query are not validated yet:
   * read headers.
   */
  beforeForm?: (request: FastifyRequest) => Promise<void>;
  /**
   * A step after the body is read (a form's fields by their bare names) and before it is validated: what it
   * throws is the answer; it may complete the body (an edit by a role that never saw some stored fields).
   */
  beforeValidation?: (request: FastifyRequest) => Promise<void>;
}

/**
 * A form endpoint's steps before its body is read: its own check (`beforeForm`), then its multipart bytes
 * reserved against the client's address (429 over the cap). Refused, the body is left unread.
 */
function beforeReadingForm(scope: FastifyInstance, endpoint: EndpointDefinition, options: RouteOptions) {
  const budget = scope.multipartInFlight;
  if (!budget) throw new Error(`${endpoint.path}: registerBodyGuards must run before form routes are added`);
  const maxBytes = formMaxBytes(options.formLimits ?? TEXT_FORM_LIMITS);
  if (maxBytes > budget.capBytes)
    throw new Error(`${endpoint.path}: its form (${maxBytes} bytes) cannot fit the multipart cap per client`);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await options.beforeForm?.(request);
      if (isMultipartRequest(request)) reserveMultipartBytes(request, reply, budget, maxBytes);
    } catch (error) {
      answeringUnread(request, reply);
      throw error;
    }
  };
}

/**
 * Registers an endpoint's route from its definition (`src/shared/api/<domain>-endpoint-schemas.ts`: the
 * endpoint with its schemas attached): the schemas become the route's Fastify schema, so params, query and
 * body are validated before the handler runs (bad params answer 404, a bad query or body 422 with the
 * schema's texts) and the OpenAPI document lists it.
 * A form endpoint reads a multipart or JSON body into bare field names first, whatever its envelope.
 * An endpoint without `body`, `form` or `rawBody` refuses a request body (body-guards.ts).
 */
export function route<E extends EndpointDefinition>(
  scope: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: RouteOptions = {},
): void {
  if (!endpoint.path.startsWith(`${scope.prefix}/`)) {
    throw new Error(`${endpoint.path} cannot be registered under ${scope.prefix}`);
  }
  if (endpoint.access === 'admin' && !isAdminApiPath(endpoint.path)) {
    throw new Error(`${endpoint.path}: admin endpoints live under /api/admin`);
  }
  const status = endpoint.status ?? 200;
  const formLimits = options.formLimits ?? TEXT_FORM_LIMITS;
  const bodyLimit = options.bodyLimit ?? endpoint.bodyLimit;
  scope.route({
    method: endpoint.method,
    url: endpoint.path.slice(scope.prefix.length),
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.access],
      ...(endpoint.access === 'admin' ? { security: [{ bearer: [] }] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.form ? { consumes: ['multipart/form-data', 'application/json'] } : {}),
      response: { [status]: endpoint.response ?? noContent },
    },
    config: {
      ...options.config,
      public: endpoint.access === 'public',
      permission: endpoint.permission,
      takesBody: Boolean(endpoint.body || endpoint.form || endpoint.rawBody),
      formEnvelope: endpoint.form?.envelope,
    },
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    preParsing: endpoint.form ? beforeReadingForm(scope, endpoint, options) : undefined,
    preValidation:
      endpoint.form || options.beforeValidation
        ? async (request) => {
            if (endpoint.form) {
              try {
                request.body = await readFormBody(request, endpoint.form, formLimits);
              } finally {
                releaseMultipartBytes(request);
              }
            }
            await options.beforeValidation?.(request);
          }
        : undefined,
    handler: async (request, reply) => {
      const answer = await handler(request as EndpointRequest<E>, reply);
      if (reply.sent) return reply;
      reply.code(status);
      return status === 204 ? reply.send() : answer;
    },
  });
}

/**
 * An exception thrown while validating: a bug in a schema, not bad input. It carries its own code, so
 * Fastify does not mark it FST_ERR_VALIDATION, and status 500, so the error handler logs it (with the
 * exception as its cause) and answers 'Something went wrong' instead of the exception's message.
 */
class SchemaFault extends Error {
  readonly code = 'ERR_SCHEMA_FAULT';
  readonly statusCode = 500;

  constructor(httpPart: string | undefined, cause: unknown) {
    super(`validating ${httpPart ?? 'the request'} threw`, { cause });
    this.name = 'SchemaFault';
  }
}

/**
 * Validates every route part with its Zod schema: params that do not fit answer 404 (with the schema's
 * 'not found' text), anything else 422 with each field's messages. A schema that throws is a fault (500).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart, method, url }) => {
  const validate = (data: unknown) => {
    let result: ReturnType<typeof schema.safeParse>;
    try {
      result = schema.safeParse(data ?? {});
    } catch (exception) {
      return { error: new SchemaFault(httpPart, exception) };
    }
    if (result.success) return { value: result.data };
    if (httpPart === 'params') {
      return { error: new HttpError(404, 'not_found', result.error.issues[0]?.message ?? 'Not found') };
    }
    return { error: validationError(result.error) };
  };
  // Not the back office's: its queries carry what staff searched for (names), which is not kept anywhere.
  const remember = httpPart === 'querystring' && method === 'GET' && !isAdminApiPath(url);
  return remember ? rememberingValid(validate) : validate;
};

/** Query strings remembered per public route: the public lists are asked the same few (`?page=1&per_page=4`) all day. */
const REMEMBERED_QUERIES = 64;

/**
 * `validate` remembering the last valid query strings it read: their values are frozen and handed out again,
 * so a handler cannot change what the next request reads. Invalid ones are checked every time (their answers
 * carry the request's own texts).
 */
function rememberingValid(validate: (data: unknown) => { value?: unknown; error?: Error }) {
  const remembered = new Map<string, { value: unknown }>();
  return (data: unknown) => {
    const key = JSON.stringify(data ?? {});
    const known = remembered.get(key);
    if (known) return known;
    const result = validate(data);
    if (result.error) return result;
    if (remembered.size >= REMEMBERED_QUERIES) remembered.clear();
    const answer = { value: deepFreeze(result.value) };
    remembered.set(key, answer);
    return answer;
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Answers are typed by their schemas at compile time; at run time they are written as they are. */
export const jsonSerializerCompiler = () => (data: unknown) => JSON.stringify(data);
