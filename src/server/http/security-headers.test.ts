import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
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
    const expected = await helmetPluginHeaders(false);
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
