import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as authEndpoints from '../../shared/api/auth-endpoints';
import * as blogEndpoints from '../../shared/api/blog-endpoints';
import * as bookingEndpoints from '../../shared/api/booking-endpoints';
import * as contactEndpoints from '../../shared/api/contact-endpoints';
import type { EndpointDefinition } from '../../shared/api/endpoint';
import * as faqEndpoints from '../../shared/api/faq-endpoints';
import * as feesEndpoints from '../../shared/api/fees-endpoints';
import * as healthEndpoints from '../../shared/api/health-endpoints';
import * as paymentEndpoints from '../../shared/api/payment-endpoints';
import * as slotEndpoints from '../../shared/api/slot-endpoints';
import * as teamEndpoints from '../../shared/api/team-endpoints';
import { type AdminTestApp, createAdminTestApp } from '../test/test-app';
import { NO_BODY_MESSAGE } from './body-guards';

const ENDPOINT_MODULES = {
  'auth-endpoints.ts': authEndpoints,
  'blog-endpoints.ts': blogEndpoints,
  'booking-endpoints.ts': bookingEndpoints,
  'contact-endpoints.ts': contactEndpoints,
  'faq-endpoints.ts': faqEndpoints,
  'fees-endpoints.ts': feesEndpoints,
  'health-endpoints.ts': healthEndpoints,
  'payment-endpoints.ts': paymentEndpoints,
  'slot-endpoints.ts': slotEndpoints,
  'team-endpoints.ts': teamEndpoints,
};

const isEndpoint = (value: unknown): value is EndpointDefinition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as EndpointDefinition).path === 'string' &&
  typeof (value as EndpointDefinition).method === 'string';

const ENDPOINTS = Object.values(ENDPOINT_MODULES).flatMap((module) =>
  Object.values(module).filter(isEndpoint),
);
const takesBody = (endpoint: EndpointDefinition) =>
  Boolean(endpoint.body || endpoint.form || endpoint.rawBody);
const urlOf = (endpoint: EndpointDefinition) => endpoint.path.replace(/:\w+/g, '1');

/**
 * A body of `chunks` pieces of 16 KB of `[` that counts how often it is read: `pulls()` is 0 as long as the
 * server has not asked for a byte of it.
 */
function countedBody(chunks = 64) {
  let pulls = 0;
  const chunk = Buffer.alloc(16 * 1024, 0x5b);
  const stream = new Readable({
    read() {
      pulls += 1;
      this.push(pulls > chunks ? null : chunk);
    },
  });
  return { stream, pulls: () => pulls };
}

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());

const noBody = { error_messages: NO_BODY_MESSAGE };
let addressCounter = 0;
const nextAddress = () => `10.7.0.${++addressCounter}`;

describe('a route that takes no body', () => {
  it('lists every endpoint definition file', () => {
    const folder = join(dirname(fileURLToPath(import.meta.url)), '../../shared/api');
    const files = readdirSync(folder).filter((name) => name.endsWith('-endpoints.ts'));
    expect(Object.keys(ENDPOINT_MODULES).sort()).toEqual(files.sort());
    expect(ENDPOINTS.filter((endpoint) => !takesBody(endpoint)).length).toBeGreaterThan(30);
  });

  it('refuses a body with 400 on every endpoint whose definition has no body, form or raw body', async () => {
    const refused: string[] = [];
    for (const endpoint of ENDPOINTS.filter((each) => !takesBody(each))) {
      const response = await t.app.inject({
        method: endpoint.method,
        url: urlOf(endpoint),
        headers: endpoint.access === 'admin' ? t.auth : {},
        payload: { a: 1 },
        remoteAddress: nextAddress(),
      });
      if (response.statusCode === 400 && response.json().error_messages === NO_BODY_MESSAGE)
        refused.push(`${endpoint.method} ${endpoint.path}`);
      else refused.push(`${endpoint.method} ${endpoint.path} answered ${response.statusCode}`);
    }
    expect(refused.filter((line) => line.includes(' answered '))).toEqual([]);
  });

  it('refuses a chunked body before reading a byte of it', async () => {
    for (const endpoint of ENDPOINTS.filter((each) => !takesBody(each))) {
      const body = countedBody();
      const response = await t.app.inject({
        method: endpoint.method,
        url: urlOf(endpoint),
        headers: {
          ...(endpoint.access === 'admin' ? t.auth : {}),
          'content-type': 'application/json',
          'transfer-encoding': 'chunked',
        },
        payload: body.stream,
        remoteAddress: nextAddress(),
      });
      body.stream.destroy();
      expect({ route: `${endpoint.method} ${endpoint.path}`, status: response.statusCode }).toEqual({
        route: `${endpoint.method} ${endpoint.path}`,
        status: 400,
      });
      expect(response.json()).toEqual(noBody);
      expect(response.headers.connection).toBe('close');
      expect(body.pulls()).toBe(0);
    }
  });

  it('takes a request without one, and an empty content length', async () => {
    const hold = await t.app.inject({ method: 'DELETE', url: '/api/patient_sessions/1/hold' });
    expect(hold.statusCode).toBe(404);
    const empty = await t.app.inject({
      method: 'DELETE',
      url: '/api/patient_sessions/1/hold',
      headers: { 'content-length': '0' },
    });
    expect(empty.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/health', headers: { 'content-length': '0' } })).statusCode).toBe(
      200,
    );
  });

  it('lets the endpoints that take one read it', async () => {
    for (const endpoint of ENDPOINTS.filter(takesBody)) {
      const response = await t.app.inject({
        method: endpoint.method,
        url: urlOf(endpoint),
        headers: endpoint.access === 'admin' ? t.auth : {},
        payload: {},
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode).toBeLessThan(500);
      expect({ route: endpoint.path, answer: response.json().error_messages }).not.toEqual({
        route: endpoint.path,
        answer: NO_BODY_MESSAGE,
      });
    }
  });

  it.each([
    ['GET', '/api/does-not-exist'],
    ['POST', '/api/does-not-exist'],
    ['DELETE', '/api'],
    ['POST', '/api/blogs'],
    ['PUT', '/nowhere'],
    ['GET', '/robots.txt'],
    ['GET', '/sitemap.xml'],
    ['GET', '/uploads/00000000-0000-4000-8000-000000000000'],
    ['GET', '/uploads/00000000-0000-4000-8000-000000000000/w400'],
    ['GET', '/api/openapi.json'],
    ['GET', '/api/docs'],
  ] as const)('refuses one on %s %s (unknown paths and routes registered directly)', async (method, url) => {
    const body = countedBody();
    const response = await t.app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json', 'content-length': String(10 * 1024 * 1024) },
      payload: body.stream,
    });
    body.stream.destroy();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(noBody);
    expect(body.pulls()).toBe(0);
  });

  it('still answers 401 under /api/admin without a valid token, known path or not', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/does-not-exist'],
      ['POST', '/api/admin/does-not-exist'],
      ['DELETE', '/api/admin/blogs/1'],
      ['GET', '/api/admin/me'],
      ['PUT', '/api/admin/autorization/logout'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: { a: 1 } });
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 401 });
      const signedIn = await t.app.inject({ method, url, payload: { a: 1 }, headers: t.auth });
      expect({ method, url, status: signedIn.statusCode }).toEqual({ method, url, status: 400 });
      expect(signedIn.json()).toEqual(noBody);
    }
  });
});
