import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodValidatorCompiler } from './endpoint-route';
import { registerErrorHandling } from './error-handling';
import { loggerOptions } from './logging';

const SECRET = 'schema-bug-detail-8812';
const FAULT = { code: 'internal_error', error_messages: 'Something went wrong. Try it later.' };

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A tiny app with the project's validator compiler and error handling, its log kept in `log.text`. */
function tinyApp() {
  const log = { text: '' };
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      log.text += chunk.toString();
      callback();
    },
  });
  const instance = Fastify({ logger: { ...loggerOptions('info'), stream } });
  registerErrorHandling(instance);
  instance.setValidatorCompiler(zodValidatorCompiler);
  app = instance;
  return { app: instance, log };
}

const post = (instance: FastifyInstance, url: string, payload: object) =>
  instance.inject({ method: 'POST', url, payload });

describe('zodValidatorCompiler', () => {
  it('answers a schema that throws while validating with a logged 500, never a 422 with its message', async () => {
    const { app, log } = tinyApp();
    const throwing = z.object({ name: z.string() }).superRefine(() => {
      throw new TypeError(SECRET);
    });
    app.post('/broken', { schema: { body: throwing } }, async () => ({ ok: true }));
    app.get('/broken-query', { schema: { querystring: throwing } }, async () => ({ ok: true }));

    for (const response of [
      await post(app, '/broken', { name: 'x' }),
      await app.inject({ url: '/broken-query?name=x' }),
    ]) {
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual(FAULT);
      expect(response.body).not.toContain(SECRET);
    }
    expect(log.text).toContain('unexpected error');
    // The log keeps what went wrong (the exception as the fault's cause) for whoever fixes the schema.
    expect(log.text).toContain(SECRET);
  });

  it('still answers bad input with 422 and the field messages', async () => {
    const { app } = tinyApp();
    app.post(
      '/fine',
      { schema: { body: z.object({ name: z.string({ error: 'name is required' }) }) } },
      async () => ({ ok: true }),
    );
    const response = await post(app, '/fine', {});
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'invalid_input',
      error_messages: 'name is required',
      errors: { name: ['name is required'] },
    });
    expect((await post(app, '/fine', { name: 'x' })).json()).toEqual({ ok: true });
  });
});

describe('a public query string read again', () => {
  const pageQuery = z.object({
    page: z.coerce.number().int().min(1, 'page must be at least 1'),
    tags: z.array(z.string()).default([]),
  });

  it('answers the same values as the first read, frozen so a handler cannot change the next request', async () => {
    const { app } = tinyApp();
    const seen: unknown[] = [];
    app.get('/api/list', { schema: { querystring: pageQuery } }, async (request) => {
      seen.push(request.query);
      let changed = true;
      try {
        (request.query as { page: number }).page = 99;
      } catch {
        changed = false;
      }
      return { query: request.query, changed };
    });
    const first = await app.inject({ url: '/api/list?page=2' });
    const second = await app.inject({ url: '/api/list?page=2' });
    expect(first.json()).toEqual({ query: { page: 2, tags: [] }, changed: false });
    expect(second.json()).toEqual(first.json());
    expect(seen[1]).toBe(seen[0]);
    expect((await app.inject({ url: '/api/list?page=3' })).json().query.page).toBe(3);
  });

  it("checks a bad one every time, and never remembers the back office's queries", async () => {
    const { app } = tinyApp();
    const seen: unknown[] = [];
    const handler = async (request: { query: unknown }) => {
      seen.push(request.query);
      return { ok: true };
    };
    app.get('/api/list', { schema: { querystring: pageQuery } }, handler);
    app.get('/api/admin/patients', { schema: { querystring: pageQuery } }, handler);
    for (let i = 0; i < 2; i++) {
      const refused = await app.inject({ url: '/api/list?page=0' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ page: ['page must be at least 1'] });
    }
    await app.inject({ url: '/api/admin/patients?page=1' });
    await app.inject({ url: '/api/admin/patients?page=1' });
    expect(seen).toHaveLength(2);
    expect(seen[1]).not.toBe(seen[0]);
    expect(Object.isFrozen(seen[0])).toBe(false);
  });
});

describe('the error handler', () => {
  it('answers a validator Fastify caught throwing (FST_ERR_VALIDATION with status 500) as a fault', async () => {
    const { app } = tinyApp();
    app.post(
      '/throws',
      {
        schema: { body: z.object({}) },
        validatorCompiler: () => () => {
          throw new Error(SECRET);
        },
      },
      async () => ({ ok: true }),
    );
    const response = await post(app, '/throws', {});
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(FAULT);
  });
});
