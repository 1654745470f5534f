import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** `/api/team_members/:id` → `/api/team_members/{id}`, as OpenAPI writes paths. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the API reference', () => {
  it('is a valid OpenAPI 3 document listing every API route', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);

    const listed = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const apiRoutes = t.app.registeredRoutes
      .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
      .filter((route) => !route.hidden && route.method !== 'HEAD')
      .map((route) => `${route.method} ${openApiPath(route.url)}`);
    expect(apiRoutes.length).toBeGreaterThan(20);
    expect(listed.sort()).toEqual([...new Set(apiRoutes)].sort());
  });

  it('is readable at /api/docs', async () => {
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
