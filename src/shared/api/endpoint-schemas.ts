import type { z } from 'zod';
import type { Endpoint, SchemaPart, TypesOf } from './endpoint';

/** How a form endpoint reads a multipart (or JSON) body. */
export interface FormShape {
  /** The Rails-style wrapper of the fields (`blog` for `blog[title]`); fields are read without it. */
  envelope?: string;
  /** The file fields the form may carry, by their bare name. */
  files?: readonly string[];
}

/** What only the server needs of an endpoint besides its schemas: its line in the API reference, how it reads a body. */
export interface EndpointDocs {
  /** One line for the API reference. */
  summary: string;
  /** With `body`: the fields are read from a multipart form or a JSON body. */
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
}

/**
 * The schemas an endpoint declared by type, each required, and no other: a schema of another shape, one left out
 * or one the definition does not declare is a type error, so the route cannot drift from what the browser sends.
 */
export type SchemasOf<E extends Endpoint> = {
  readonly [Part in keyof TypesOf<E> & SchemaPart]-?: TypesOf<E>[Part];
} & {
  readonly [Part in Exclude<SchemaPart, keyof TypesOf<E>>]?: never;
};

/**
 * An endpoint as the server registers it (`route()` in `server/http/endpoint-route.ts`): its schemas become the
 * route's Fastify schema (validation and the OpenAPI document), its docs the reference's line.
 */
export type EndpointDefinition = Endpoint & EndpointDocs & { readonly [Part in SchemaPart]?: z.ZodType };

/**
 * A schema given where the definition declared another: its part must carry the declared type, in both
 * directions (a schema of a wider shape, such as a query with a field more, would pass a one-way check).
 */
type Mismatches<E extends Endpoint, Given> = {
  readonly [Part in keyof TypesOf<E> & SchemaPart]: TypesOf<E>[Part] extends Given[Part & keyof Given]
    ? unknown
    : { readonly 'not the schema the definition declares': TypesOf<E>[Part] };
};

/** Attaches an endpoint's schemas and docs, checked against the types its definition declares. */
export function withSchemas<const E extends Endpoint, const Given extends SchemasOf<E> & EndpointDocs>(
  endpoint: E,
  schemas: Given & Mismatches<E, Given>,
): E & Given {
  return { ...endpoint, ...schemas };
}

/**
 * A JSON body limit for fields holding `characters` of text in all: at most three bytes a character as
 * `JSON.stringify` writes it (UTF-8; an escaped quote or line break takes two), plus `slack` for the keys,
 * punctuation and short fields.
 */
export const jsonBodyLimit = (characters: number, slack = 4 * 1024) => 3 * characters + slack;
