import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/database';
import { testConfig } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';

let app: FastifyInstance;
let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig();
  app = await buildApp({ config, database, web: false });
  // Stands in for the pages' catch-all of web-routes.ts, which the production app registers last.
  app.get('/*', async () => ({ page: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('unknown API paths beside the pages catch-all', () => {
  it.each([
    ['GET', '/api/admin/does-not-exist'],
    ['HEAD', '/api/admin/does-not-exist'],
    ['GET', '/api/admin/sessions/1/whatever'],
  ] as const)('%s %s answers 401 without a token, like a known admin path', async (method, url) => {
    const response = await app.inject({ method, url });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a body sent to a page, like every route that takes none', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/our_team', payload: { a: 1 } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'body_not_allowed',
        error_messages: 'This request takes no body.',
      });
    }
    expect((await app.inject({ url: '/our_team' })).json()).toEqual({ page: true });
  });

  it('answers an unknown public API path with the JSON 404, not a page', async () => {
    const response = await app.inject({ url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', error_messages: 'Not found' });
  });
});
