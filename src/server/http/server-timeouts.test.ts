import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, DEFAULT_TIMEOUTS } from '../app';
import type { DatabaseHandle } from '../db/database';
import { testConfig } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';

let database: DatabaseHandle;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig();
  app = await buildApp({
    config,
    database,
    web: false,
    timeouts: { request: 600, headers: 400, keepAlive: 300 },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/**
 * Opens a raw connection that sends a request's body one byte every `everyMs`; answers when and how it ended.
 * The body it announces is within the route's limit, so only the timeout can end it.
 */
function dribble(everyMs: number): Promise<{ elapsed: number; answer: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(
        'POST /api/contact_us HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n',
      );
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write('{');
      }, everyMs);
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    const done = () => {
      clearInterval(timer);
      resolve({ elapsed: Date.now() - started, answer });
    };
    socket.on('close', done);
    socket.on('error', () => undefined);
  });
}

describe('server timeouts', () => {
  it('has sensible production defaults', () => {
    expect(DEFAULT_TIMEOUTS.request).toBe(30_000);
    expect(DEFAULT_TIMEOUTS.keepAlive).toBe(5_000);
    expect(DEFAULT_TIMEOUTS.headers).toBeLessThanOrEqual(DEFAULT_TIMEOUTS.request);
    expect(DEFAULT_TIMEOUTS.connection).toBeGreaterThan(0);
  });

  it('passes them to the HTTP server', () => {
    expect(app.server.requestTimeout).toBe(600);
    expect(app.server.headersTimeout).toBe(400);
    expect(app.server.keepAliveTimeout).toBe(300);
  });

  it('cuts off a body sent one byte at a time', async () => {
    const { elapsed, answer } = await dribble(100);
    expect(elapsed).toBeLessThan(5_000);
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  }, 10_000);
});

/** Sends `request` as it is on a raw connection; answers what came back before the server closed it. */
function sendRaw(request: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', () => undefined);
  });
}

describe('requests Node cannot read', () => {
  it("answers headers too large with a 431 in the API's error shape", async () => {
    const answer = await sendRaw(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'a'.repeat(17_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'too_large',
      error_messages: 'The request headers are too large.',
    });
  });

  it('answers a malformed header with a 400 in the same shape', async () => {
    const answer = await sendRaw('GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"error_messages"');
  });
});
