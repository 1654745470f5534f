import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BOOKING_TOKEN_HEADER } from '../booking';
import { DATE_OF_BIRTH_HEADER } from '../intake';
import { MANAGE_TOKEN_HEADER } from '../manage-booking';
import { HOLD_TOKEN_HEADER } from '../slots';
import { OFFER_TOKEN_HEADER, WAITLIST_TOKEN_HEADER } from '../waitlist';
import { defineEndpoint, type Endpoint } from './endpoint';
import { type EndpointDefinition, withSchemas } from './endpoint-schemas';

const folder = dirname(fileURLToPath(import.meta.url));
const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'path' in value && 'method' in value;

/** Every endpoint a module of this folder exports, by its file name. */
async function endpointsOf(suffix: string): Promise<Map<string, Endpoint>> {
  const found = new Map<string, Endpoint>();
  for (const file of readdirSync(folder).filter((name) => name.endsWith(suffix))) {
    // Named at run time on purpose: every endpoint file of the folder, those added later too.
    const module: Record<string, unknown> = await import(/* @vite-ignore */ `./${file}`);
    for (const [name, value] of Object.entries(module))
      if (isEndpoint(value)) found.set(`${file} ${name}`, value);
  }
  return found;
}

const routeOf = ({ method, path, access, permission, status, headers }: Endpoint) => ({
  method,
  path,
  access,
  permission,
  status,
  headers,
});
const keyOf = (endpoint: Pick<Endpoint, 'method' | 'path'>) => `${endpoint.method} ${endpoint.path}`;

describe('the endpoint definitions', () => {
  it('attach schemas to every endpoint of the tables, once, keeping its route as the table has it', async () => {
    const table = await endpointsOf('endpoints.ts');
    const withTheirSchemas = (await endpointsOf('-endpoint-schemas.ts')) as Map<string, EndpointDefinition>;
    expect(table.size).toBeGreaterThan(60);
    const tableRoutes = [...table.values()].map(routeOf).sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
    const registered = [...withTheirSchemas.values()]
      .map(routeOf)
      .sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
    expect(registered).toEqual(tableRoutes);
    for (const definition of withTheirSchemas.values()) expect(definition.summary.length).toBeGreaterThan(5);
  });

  it('hold no schema and no text in the tables the browser imports', async () => {
    const routeFields = ['method', 'path', 'access', 'permission', 'status', 'headers'];
    for (const [name, endpoint] of await endpointsOf('endpoints.ts')) {
      expect(
        Object.keys(endpoint).filter((key) => !routeFields.includes(key)),
        name,
      ).toEqual([]);
    }
  });

  it("send the booking's tokens in the headers the server reads them from", async () => {
    const serverHeaders: Record<string, string> = {
      holdToken: HOLD_TOKEN_HEADER,
      bookingToken: BOOKING_TOKEN_HEADER,
      manageToken: MANAGE_TOKEN_HEADER,
      dateOfBirth: DATE_OF_BIRTH_HEADER,
      offerToken: OFFER_TOKEN_HEADER,
      waitlistToken: WAITLIST_TOKEN_HEADER,
    };
    const read = [...(await endpointsOf('endpoints.ts')).values()].flatMap((endpoint) =>
      Object.entries(endpoint.headers ?? {}),
    );
    expect(read.length).toBeGreaterThan(8);
    for (const [name, header] of read) expect(header).toBe(serverHeaders[name]);
  });

  it('refuse at compile time a schema other than the one the table declares, a missing one or one more', () => {
    const nameQuery = z.object({ name: z.string() }).strict();
    const nameAndAgeQuery = z.object({ name: z.string(), age: z.number() }).strict();
    const answer = z.object({ ok: z.boolean() });
    const find = defineEndpoint<{ query: typeof nameQuery; response: typeof answer }>()({
      method: 'GET',
      path: '/api/finds',
      access: 'public',
    });
    const attached = withSchemas(find, { summary: 'Finds', query: nameQuery, response: answer });
    expect(attached.query).toBe(nameQuery);
    // @ts-expect-error a query of a wider shape than declared
    withSchemas(find, { summary: 'Finds', query: nameAndAgeQuery, response: answer });
    // @ts-expect-error the declared answer left out
    withSchemas(find, { summary: 'Finds', query: nameQuery });
    // @ts-expect-error a body the table does not declare
    withSchemas(find, { summary: 'Finds', query: nameQuery, response: answer, body: answer });
  });
});
