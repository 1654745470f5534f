import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_DATABASE_TIMEOUT_MS } from '../modules/health/health-routes';
import { createTestApp, signInAsNewAdmin, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the API', () => {
  it('reports health with the database checked', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('answers a JSON 404 for an unknown path, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/does-not-exist' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', error_messages: 'Not found' });
    }
  });

  it('refuses a body it does not read (plain text) with 415', async () => {
    const { token } = await signInAsNewAdmin(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/fa_questions',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      payload: 'title=Hello',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'unsupported_media_type',
      error_messages: 'This content type is not supported.',
    });
  });

  it('keeps a valid incoming request id and replaces a hostile one', async () => {
    const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': '<script>' } });
    expect(replaced.headers['x-request-id']).not.toBe('<script>');
  });

  it('sends security headers and a strict Content-Security-Policy', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 from health when the database is down', async () => {
    const original = t.database.ping;
    t.database.ping = () => Promise.reject(new Error('down'));
    try {
      const response = await t.app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json().error_messages).toBe('The database is unreachable.');
    } finally {
      t.database.ping = original;
    }
  });

  it('answers 503 from health when the database does not answer, within 2 s', async () => {
    const original = t.database.ping;
    // A database behind a network partition: the query neither answers nor fails.
    t.database.ping = () => new Promise(() => {});
    try {
      const started = Date.now();
      const response = await t.app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: 'service_unavailable',
        error_messages: 'The database is unreachable.',
        status: 'error',
        database: 'error',
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(HEALTH_DATABASE_TIMEOUT_MS - 50);
      expect(Date.now() - started).toBeLessThan(HEALTH_DATABASE_TIMEOUT_MS + 3_000);
    } finally {
      t.database.ping = original;
    }
  });

  it('answers a real fault with 500 and no internals', async () => {
    const db = t.app.db as unknown as { select: unknown };
    const original = db.select;
    db.select = () => {
      throw new Error('connection string postgres://secret');
    };
    try {
      const response = await t.app.inject({
        url: '/api/admin/me',
        headers: { authorization: `Bearer ${'x'.repeat(30)}` },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        code: 'internal_error',
        error_messages: 'Something went wrong. Try it later.',
      });
    } finally {
      db.select = original;
    }
  });
});
