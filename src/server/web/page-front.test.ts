import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/database';
import { testConfig } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { answerPage } from './page-cache';

/**
 * Kept pages answered before the framework (page-front.ts), over real HTTP: the framework's path is what
 * `inject` takes, so each answer of the front is held against the framework's answer to the same request.
 */

interface Served {
  app: FastifyInstance;
  port: number;
  /** Requests that reached the framework's hooks. */
  reachedFramework: () => number;
}

async function serve(
  database: DatabaseHandle,
  env: Record<string, string> = {},
  logLines?: Record<string, unknown>[],
): Promise<Served> {
  const logger = logLines && {
    stream: new Writable({
      write(chunk, _encoding, callback) {
        logLines.push(JSON.parse(chunk.toString()));
        callback();
      },
    }),
  };
  const app = await buildApp({
    config: testConfig(env),
    database,
    web: false,
    ...(logger ? { logger } : {}),
  });
  let reached = 0;
  app.addHook('onRequest', (_request, _reply, done) => {
    reached += 1;
    done();
  });
  app.get('/test-page/*', (request, reply) =>
    answerPage(app, request, reply, async () => ({
      status: 200,
      html: `<main>Café ${request.url} ${'é'.repeat(2000)}</main>`,
      cacheable: true,
      headers: { 'content-security-policy': "default-src 'self';style-src 'self' 'sha256-abc='" },
    })),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port, reachedFramework: () => reached };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function send(port: number, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<Answer>((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/** The headers that belong to the answer, not to the connection or the moment. */
function answerHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const { 'x-request-id': _id, date: _date, connection: _c, 'keep-alive': _k, ...rest } = headers;
  return rest;
}

describe('kept pages answered before the framework', () => {
  let database: DatabaseHandle;
  let served: Served;

  beforeAll(async () => {
    database = await createTestDatabase();
    served = await serve(database, { METRICS_TOKEN: 'm'.repeat(32) });
  });
  afterAll(async () => {
    await served.app.close();
    await database.close();
  });

  it('answers a kept page with the very headers and bytes the framework answers it with', async () => {
    const first = await send(served.port, '/test-page/one');
    expect(first.headers['x-page-cache']).toBe('miss');
    const reached = served.reachedFramework();
    const front = await send(served.port, '/test-page/one', { 'x-request-id': 'proxy-7.a' });
    expect(served.reachedFramework()).toBe(reached);
    const framework = await served.app.inject({ url: '/test-page/one' });
    expect(framework.headers['x-page-cache']).toBe('hit');
    expect(front.status).toBe(200);
    expect(front.headers['x-request-id']).toBe('proxy-7.a');
    expect(answerHeaders(front.headers)).toEqual(answerHeaders(framework.headers));
    expect(front.body.equals(framework.rawPayload)).toBe(true);
    expect(front.body.toString()).toContain('Café /test-page/one');
  });

  it('answers HEAD with the headers alone', async () => {
    await send(served.port, '/test-page/head');
    const head = await send(served.port, '/test-page/head', {}, 'HEAD');
    const framework = await served.app.inject({ method: 'HEAD', url: '/test-page/head' });
    expect(head.body.length).toBe(0);
    expect(answerHeaders(head.headers)).toEqual(answerHeaders(framework.headers));
  });

  it('sends the stored compressed copy once it is made, and the framework compresses until then', async () => {
    await send(served.port, '/test-page/br');
    const reached = served.reachedFramework();
    const compressedFirst = await send(served.port, '/test-page/br', { 'accept-encoding': 'br' });
    expect(served.reachedFramework()).toBe(reached + 1);
    let stored: Answer | undefined;
    while (!stored) {
      const before = served.reachedFramework();
      const answer = await send(served.port, '/test-page/br', { 'accept-encoding': 'br' });
      if (served.reachedFramework() === before) stored = answer;
      else await new Promise((resolve) => setImmediate(resolve));
    }
    expect(stored.headers['content-encoding']).toBe('br');
    expect(stored.headers.vary).toBe('accept-encoding');
    expect(Number(stored.headers['content-length'])).toBe(stored.body.length);
    expect(brotliDecompressSync(stored.body).toString()).toBe(
      brotliDecompressSync(compressedFirst.body).toString(),
    );
  });

  it('leaves to the framework a signed-in request, one with a body, an encoding only it reads, and a page not kept', async () => {
    await send(served.port, '/test-page/left');
    for (const [headers, method] of [
      [{ authorization: 'Bearer nothing' }, 'GET'],
      [{ 'content-length': '0' }, 'GET'],
      [{ 'accept-encoding': '*' }, 'GET'],
      [{ 'accept-encoding': 'x-gzip' }, 'GET'],
      [{}, 'POST'],
    ] as const) {
      const before = served.reachedFramework();
      await send(served.port, '/test-page/left', headers, method);
      expect(served.reachedFramework(), JSON.stringify(headers)).toBe(before + 1);
    }
    const before = served.reachedFramework();
    expect((await send(served.port, '/test-page/new')).headers['x-page-cache']).toBe('miss');
    expect(served.reachedFramework()).toBe(before + 1);
  });

  it("counts its answers in the metrics under the page's route", async () => {
    const count = async () => {
      const metrics = await served.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${'m'.repeat(32)}` },
      });
      const line = metrics.body
        .split('\n')
        .find(
          (text) =>
            text.startsWith('clinic_http_request_duration_seconds_count') &&
            text.includes('route="/test-page/*"') &&
            text.includes('method="GET"') &&
            text.includes('status_code="200"'),
        );
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    await send(served.port, '/test-page/counted');
    const before = await count();
    await send(served.port, '/test-page/counted');
    await send(served.port, '/test-page/counted');
    expect(await count()).toBe(before + 2);
  });
});

describe('kept pages answered before the framework, behind a proxy', () => {
  let database: DatabaseHandle;
  let served: Served;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    served = await serve(database, { TRUST_PROXY: '1', LOG_LEVEL: 'info' }, logLines);
  });
  afterAll(async () => {
    await served.app.close();
    await database.close();
  });

  it('pins HTTPS only for a request the trusted proxy says came over it', async () => {
    await send(served.port, '/test-page/proxied');
    const reached = served.reachedFramework();
    const overHttps = await send(served.port, '/test-page/proxied', { 'x-forwarded-proto': 'http, https' });
    const shouted = await send(served.port, '/test-page/proxied', { 'x-forwarded-proto': 'HTTPS' });
    expect(shouted.headers['strict-transport-security']).toBeDefined();
    const overHttp = await send(served.port, '/test-page/proxied', { 'x-forwarded-proto': 'https, http' });
    expect(served.reachedFramework()).toBe(reached);
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    const framework = await served.app.inject({
      url: '/test-page/proxied',
      headers: { 'x-forwarded-proto': 'http, https' },
    });
    expect(answerHeaders(overHttps.headers)).toEqual(answerHeaders(framework.headers));
  });

  it("logs the client's address as the framework reads it from the trusted proxy's header", async () => {
    await send(served.port, '/test-page/logged');
    const headers = { 'x-forwarded-for': '203.0.113.9, 198.51.100.7', 'x-request-id': 'front-log-1' };
    const reached = served.reachedFramework();
    await send(served.port, '/test-page/logged', headers);
    expect(served.reachedFramework()).toBe(reached);
    await send(served.port, '/test-page/logged', {
      ...headers,
      'content-length': '0',
      'x-request-id': 'framework-log-1',
    });
    const incoming = (id: string) =>
      logLines.find((line) => line.reqId === id && line.msg === 'incoming request')?.req;
    expect(incoming('front-log-1')).toEqual(incoming('framework-log-1'));
    expect(incoming('front-log-1')).toMatchObject({
      remoteAddress: '198.51.100.7',
      url: '/test-page/logged',
    });
    expect(logLines.some((line) => line.reqId === 'front-log-1' && line.msg === 'request completed')).toBe(
      true,
    );
  });
});
