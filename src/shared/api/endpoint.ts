import type { z } from 'zod';
import type { StaffPermission } from '../staff-roles';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The Zod schemas of an endpoint's parts, as types: what it reads (params, query, body) and answers. */
export interface EndpointTypes {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
}

/** What the browser needs to call an endpoint, and the server to route it: no schema, no text. */
interface EndpointRouteBase {
  method: HttpMethod;
  /** Absolute, with Fastify's `:name` parameters: `/api/team_members/:id`. */
  path: `/api/${string}`;
  /** The success status: 200 when left out; 204 answers nothing. */
  status?: 200 | 201 | 204;
  /**
   * The request headers it reads, by what they carry: `{ holdToken: 'x-hold-token' }` (each literal held to the
   * server's constant by type). The browser names the value (`holdToken`), the endpoint gives the header.
   */
  headers?: Readonly<Record<string, string>>;
}

/** Anyone may call it. */
interface PublicEndpointRoute extends EndpointRouteBase {
  access: 'public';
  permission?: never;
}

/**
 * A bearer token is required (every `/api/admin` path is admin), and the staff member's role must hold the
 * endpoint's permission (`shared/staff-roles.ts`), or it is answered 403: required, so no admin endpoint forgets it.
 */
interface AdminEndpointRoute extends EndpointRouteBase {
  access: 'admin';
  permission: StaffPermission;
}

export type EndpointRoute = PublicEndpointRoute | AdminEndpointRoute;

declare const endpointTypes: unique symbol;

/**
 * One API endpoint, defined once in `src/shared/api/<domain>-endpoints.ts`, and imported as a value by both
 * sides: the browser calls it by this value (`callEndpoint(listBlogs, …)`, `useEndpointQuery(listBlogs, …)`),
 * never by a path of its own; the server registers its route from it, with the schemas that
 * `<domain>-endpoint-schemas.ts` attaches (`withSchemas`). The schemas' types ride along as a phantom, taken from
 * the shared schema modules with `import type`: so the definition holds no Zod at run time and a public page
 * that imports it downloads none, while a changed path or shape is still a type error on both sides.
 */
export type Endpoint<Types extends EndpointTypes = EndpointTypes> = Readonly<EndpointRoute> & Typed<Types>;

/** Never present at run time: the schemas' types, for the compiler only. */
type Typed<Types> = { readonly [endpointTypes]?: Types };

/**
 * Defines an endpoint: `defineEndpoint<{ query: typeof blogsQuerySchema; response: typeof blogsResponseSchema }>()(
 * { method: 'GET', path: '/api/blogs', access: 'public' })`. The schemas' types come first (the compiler cannot
 * take them from a value it never sees); the route's literals are kept as written.
 */
export function defineEndpoint<Types extends EndpointTypes = Record<never, never>>() {
  return <const Route extends EndpointRoute>(route: Route): Route & Typed<Types> => route;
}

/** The schemas' types an endpoint carries. */
export type TypesOf<E extends Endpoint> = E extends { readonly [endpointTypes]?: infer Types }
  ? NonNullable<Types>
  : never;

export type SchemaPart = keyof EndpointTypes;

/** The schema an endpoint declares for a part, or undefined. */
type SchemaOf<E extends Endpoint, Part extends SchemaPart> =
  TypesOf<E> extends { [P in Part]: infer Schema } ? Schema : undefined;

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined;
type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What the browser sends. */
export type ParamsInput<E extends Endpoint> = SchemaInput<SchemaOf<E, 'params'>>;
export type QueryInput<E extends Endpoint> = SchemaInput<SchemaOf<E, 'query'>>;
export type BodyInput<E extends Endpoint> = SchemaInput<SchemaOf<E, 'body'>>;

/** What the server's handler reads after validation. */
export type ParamsOf<E extends Endpoint> = SchemaOutput<SchemaOf<E, 'params'>>;
export type QueryOf<E extends Endpoint> = SchemaOutput<SchemaOf<E, 'query'>>;
export type BodyOf<E extends Endpoint> = SchemaOutput<SchemaOf<E, 'body'>>;

/** The answer: what the handler returns and the browser receives. */
export type ResponseOf<E extends Endpoint> = SchemaOutput<SchemaOf<E, 'response'>>;

/** The names under which a call hands an endpoint the values of the headers it reads (`holdToken`). */
export type HeaderValues<E extends Endpoint> = E extends { readonly headers: infer Headers }
  ? { [Name in keyof Headers]?: string | undefined }
  : undefined;

/** `/api/team_members/:id` with `{ id: 3 }` → `/api/team_members/3`. */
export function endpointUrl(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`endpointUrl: ${path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}
