import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How a form endpoint reads a multipart (or JSON) body. */
export interface FormShape {
  /** The Rails-style wrapper of the fields (`blog` for `blog[title]`); fields are read without it. */
  envelope?: string;
  /** The file fields the form may carry, by their bare name. */
  files?: readonly string[];
}

/**
 * One API endpoint, defined once in `src/shared/api`: the server registers its route from it (with the
 * schemas as the route's Fastify schema, so requests are validated and the OpenAPI document is
 * generated), and the browser's hooks name it by type, so a changed path or shape is a type error on
 * both sides. The browser imports definitions with `import type` only: public pages never download Zod.
 */
export interface EndpointDefinition {
  method: HttpMethod;
  /** Absolute, with Fastify's `:name` parameters: `/api/team_members/:id`. */
  path: `/api/${string}`;
  /** One line for the API reference. */
  summary: string;
  /** `public`, or `admin` (a bearer token is required; every `/api/admin` path is admin). */
  access: 'public' | 'admin';
  params?: z.ZodType;
  query?: z.ZodType;
  /** The body's schema; with `form`, the fields read from a multipart form or a JSON body. */
  body?: z.ZodType;
  form?: FormShape;
  /**
   * Bytes a JSON body may take (413 beyond it): the server's default (64 KB) when left out. A form's
   * multipart limits are its route's own.
   */
  bodyLimit?: number;
  /**
   * The route reads its body itself, unchecked by a schema here (the Stripe webhook's signed bytes). An
   * endpoint with none of `body`, `form` and `rawBody` refuses a request body.
   */
  rawBody?: true;
  /** The success status (200 by default) and the answer's schema (none for 204). */
  status?: 200 | 201 | 204;
  response?: z.ZodType;
}

/**
 * A JSON body limit for fields holding `characters` of text in all: at most three bytes a character as
 * `JSON.stringify` writes it (UTF-8; an escaped quote or line break takes two), plus `slack` for the keys,
 * punctuation and short fields.
 */
export const jsonBodyLimit = (characters: number, slack = 4 * 1024) => 3 * characters + slack;

export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return endpoint;
}

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined;
type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What the browser sends. */
export type ParamsInput<E extends EndpointDefinition> = SchemaInput<E['params']>;
export type QueryInput<E extends EndpointDefinition> = SchemaInput<E['query']>;
export type BodyInput<E extends EndpointDefinition> = SchemaInput<E['body']>;

/** What the server's handler reads after validation. */
export type ParamsOf<E extends EndpointDefinition> = SchemaOutput<E['params']>;
export type QueryOf<E extends EndpointDefinition> = SchemaOutput<E['query']>;
export type BodyOf<E extends EndpointDefinition> = SchemaOutput<E['body']>;

/** The answer: what the handler returns and the browser receives. */
export type ResponseOf<E extends EndpointDefinition> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : undefined;

/** `/api/team_members/:id` with `{ id: 3 }` → `/api/team_members/3`. */
export function endpointUrl(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`endpointUrl: ${path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}
