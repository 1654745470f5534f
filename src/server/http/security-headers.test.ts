import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestApp, testConfig } from '../test/test-app';
import { helmetOptions, securityHeaderSet } from './security-headers';

/** What @fastify/helmet (which built these per request) answered with the same settings. */
async function helmetPluginHeaders(dev: boolean): Promise<Record<string, string>> {
  const reference = Fastify();
  // The same settings; @fastify/helmet types them with its own copy of helmet's declarations.
  await reference.register(fastifyHelmet, helmetOptions({ dev }) as Record<string, unknown>);
  reference.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
  });
  reference.get('/', async () => ({ ok: true }));
  const bare = Fastify();
  bare.get('/', async () => ({ ok: true }));
  const [withHelmet, without] = await Promise.all([reference.inject('/'), bare.inject('/')]);
  await Promise.all([reference.close(), bare.close()]);
  return Object.fromEntries(
    Object.entries(withHelmet.headers)
      .filter(([name]) => !(name in without.headers))
      .map(([name, value]) => [name, String(value)]),
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the security headers', () => {
  it.each([false, true])('are the ones @fastify/helmet sent (dev %s), worked out once', async (dev) => {
    const expected = await helmetPluginHeaders(dev);
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(10);
    expect(Object.fromEntries(securityHeaderSet({ dev }))).toEqual(expected);
  });

  it('come with every kind of answer: a read, a 404, a refused request, a text file', async () => {
    const { 'strict-transport-security': _overHttpsOnly, ...expected } = await helmetPluginHeaders(false);
    for (const url of [
      '/api/health',
      '/api/blogs',
      '/api/does-not-exist',
      '/api/admin/blogs',
      '/robots.txt',
    ]) {
      const response = await t.app.inject({ url });
      const sent = Object.fromEntries(Object.keys(expected).map((name) => [name, response.headers[name]]));
      expect(sent, url).toEqual(expected);
    }
  });

  it("leave a route's own policy alone (the API reference's CSP)", async () => {
    const response = await t.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-security-policy'])).not.toBe(
      (await helmetPluginHeaders(false))['content-security-policy'],
    );
  });
});

describe('Strict-Transport-Security', () => {
  const HSTS = 'max-age=31536000; includeSubDomains';
  const answer = async (env: Record<string, string>, headers: Record<string, string>) => {
    const app = await buildApp({ config: testConfig(env), database: t.database, web: false });
    try {
      return await app.inject({ url: '/api/health', headers, remoteAddress: '10.0.0.5' });
    } finally {
      await app.close();
    }
  };

  it('is not sent over plain HTTP', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['content-security-policy']).toBeDefined();
  });

  it('is sent over HTTPS through a trusted proxy (TRUST_PROXY and X-Forwarded-Proto: https)', async () => {
    for (const proto of ['https', 'HTTPS', 'http, https']) {
      const response = await answer({ TRUST_PROXY: '1' }, { 'x-forwarded-proto': proto });
      expect(response.headers['strict-transport-security'], proto).toBe(HSTS);
    }
    const plain = await answer({ TRUST_PROXY: '1' }, { 'x-forwarded-proto': 'http' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('is not sent for X-Forwarded-Proto: https without TRUST_PROXY (any client can send it)', async () => {
    const response = await answer({}, { 'x-forwarded-proto': 'https' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('is never sent in development', async () => {
    expect(Object.fromEntries(securityHeaderSet({ dev: true }))['strict-transport-security']).toBeUndefined();
  });
});
