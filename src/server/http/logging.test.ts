import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/database';
import { testConfig } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import {
  deferredChildLogger,
  isStaticFileRequest,
  loggerOptions,
  PAGE_DATA_HEADER,
  pageDataToken,
} from './logging';

let database: DatabaseHandle;
let app: FastifyInstance;
let log = '';

beforeAll(async () => {
  database = await createTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      log += chunk.toString();
      callback();
    },
  });
  const config = testConfig({ LOG_LEVEL: 'info' });
  app = await buildApp({ config, database, web: false, logger: { stream } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the log', () => {
  it('records a failed query by class, code and SQL shape, never its parameters', async () => {
    const marker = 'Siobhan-Distinctive-4711';
    const secretEmail = 'siobhan.marker@example.com';
    // Every transaction first runs a query PostgreSQL refuses, with the visitor's data as its parameters.
    const db = app.db as unknown as {
      transaction: (fn: (tx: unknown) => Promise<unknown>) => Promise<unknown>;
    };
    const original = db.transaction;
    db.transaction = (fn) =>
      original.call(db, async (tx) => {
        const inner = tx as { execute: (query: unknown) => Promise<unknown> };
        const { sql } = await import('drizzle-orm');
        await inner.execute(sql`select ${marker}::int, ${secretEmail}::int`);
        return fn(tx);
      });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/contact_us',
        payload: {
          name: 'Mary Murphy',
          email: secretEmail,
          message: `Please call me back, ${marker}.`,
        },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      db.transaction = original;
    }
    const lines = log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    const failure = lines.find((line) => line.err);
    expect(failure?.err).toMatchObject({ type: 'DrizzleQueryError', query: expect.stringContaining('$1') });
    expect(failure?.err.cause?.code).toBe('22P02');
    expect(log).not.toContain(marker);
    expect(log).not.toContain(secretEmail);
  });

  it('leaves query strings and tokens out of request logs', async () => {
    log = '';
    await app.inject({
      url: '/api/blogs?search=Mary%20Murphy',
      headers: { authorization: 'Bearer secret-token-value-1234567890' },
    });
    expect(log).toContain('/api/blogs?…');
    expect(log).not.toContain('Mary');
    expect(log).not.toContain('secret-token-value');
  });
});

/** The log's lines since `log` was last emptied, parsed. */
const logLines = () =>
  log
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string; req?: { url: string } });

const STATIC_FILES = [
  '/robots.txt',
  '/sitemap.xml',
  '/favicon.svg',
  '/assets/index-Bx1f2c3d.js',
  '/forms/adult-patient-information.pdf',
  '/uploads/0b6c1a52-8f2e-4c1e-9d8a-6a4f2b1c3d4e',
  '/uploads/0b6c1a52-8f2e-4c1e-9d8a-6a4f2b1c3d4e/w400',
];

describe('request lines', () => {
  it('leave static files out at info, and keep pages and API calls', async () => {
    log = '';
    for (const url of STATIC_FILES) await app.inject({ url });
    expect(log).toBe('');
    await app.inject({ url: '/api/blogs' });
    expect(logLines().map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it("leave the page renderer's own data calls out at info, and no one else's", async () => {
    log = '';
    await app.inject({ url: '/api/blogs', headers: { [PAGE_DATA_HEADER]: pageDataToken } });
    expect(log).toBe('');
    await app.inject({ url: '/api/blogs', headers: { [PAGE_DATA_HEADER]: 'guessed' } });
    expect(logLines().map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('log static files at debug', async () => {
    log = '';
    app.log.level = 'debug';
    try {
      await app.inject({ url: '/robots.txt' });
    } finally {
      app.log.level = 'info';
    }
    const lines = logLines();
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [20, 'incoming request'],
      [20, 'request completed'],
    ]);
    expect(lines[0]?.req?.url).toBe('/robots.txt');
  });

  it('tell a file from a page or an API call', () => {
    for (const url of [...STATIC_FILES, '/@vite/client', '/entry-client.tsx?v=1a2b', '/og-image.png']) {
      expect(isStaticFileRequest(url), url).toBe(true);
    }
    for (const url of [
      '/',
      '/blog?page=2',
      '/article/how-to-prepare',
      '/api/openapi.json',
      '/api/health',
      '/metrics',
    ]) {
      expect(isStaticFileRequest(url), url).toBe(false);
    }
  });
});

describe("a request's logger", () => {
  function parentAt(level: string) {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString()));
        callback();
      },
    });
    const parent: FastifyBaseLogger = Fastify({ logger: { ...loggerOptions(level), stream } }).log;
    let children = 0;
    const child = parent.child.bind(parent);
    parent.child = ((...args: Parameters<typeof child>) => {
      children += 1;
      return child(...args);
    }) as typeof parent.child;
    return { parent, lines, children: () => children };
  }

  it('is made only when the request logs a line its level lets through, with the request id', () => {
    const { parent, lines, children } = parentAt('warn');
    const log = deferredChildLogger.call(
      undefined as never,
      parent,
      { reqId: 'req-1' },
      {},
      undefined as never,
    );
    log.info('not written');
    log.debug('nor this');
    expect(children()).toBe(0);
    log.warn({ patient: { email: 'mary@example.ie' } }, 'written');
    log.error('and this');
    expect(children()).toBe(1);
    expect(lines.map((line) => [line.reqId, line.msg])).toEqual([
      ['req-1', 'written'],
      ['req-1', 'and this'],
    ]);
    expect(JSON.stringify(lines)).not.toContain('mary@example.ie');
  });

  it("answers its level, and a route's own options make the child at once", () => {
    const { parent, children } = parentAt('info');
    expect(
      deferredChildLogger.call(undefined as never, parent, { reqId: 'a' }, {}, undefined as never).level,
    ).toBe('info');
    deferredChildLogger.call(
      undefined as never,
      parent,
      { reqId: 'b' },
      { level: 'debug' },
      undefined as never,
    );
    expect(children()).toBe(1);
  });
});

describe('the log in development', () => {
  it('is printed readably by pino-pretty, and elsewhere is JSON', async () => {
    expect(loggerOptions('info', { pretty: true }).transport?.target).toBe('pino-pretty');
    expect(loggerOptions('info')).not.toHaveProperty('transport');
    // Installed, so `npm run dev` finds it.
    await expect(import('pino-pretty')).resolves.toHaveProperty('default');
  });
});
