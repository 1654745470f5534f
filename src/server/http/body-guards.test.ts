import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as appointmentEndpoints from '../../shared/api/appointment-endpoint-schemas';
import * as auditEndpoints from '../../shared/api/audit-endpoint-schemas';
import * as authEndpoints from '../../shared/api/auth-endpoint-schemas';
import * as blogEndpoints from '../../shared/api/blog-endpoint-schemas';
import * as bookingEndpoints from '../../shared/api/booking-endpoint-schemas';
import * as calendarEndpoints from '../../shared/api/calendar-endpoint-schemas';
import * as contactEndpoints from '../../shared/api/contact-endpoint-schemas';
import * as dashboardEndpoints from '../../shared/api/dashboard-endpoint-schemas';
import type { EndpointDefinition } from '../../shared/api/endpoint-schemas';
import * as faqEndpoints from '../../shared/api/faq-endpoint-schemas';
import * as feesEndpoints from '../../shared/api/fees-endpoint-schemas';
import * as healthEndpoints from '../../shared/api/health-endpoint-schemas';
import * as intakeEndpoints from '../../shared/api/intake-endpoint-schemas';
import * as manageBookingEndpoints from '../../shared/api/manage-booking-endpoint-schemas';
import * as outboxEndpoints from '../../shared/api/outbox-endpoint-schemas';
import * as patientEndpoints from '../../shared/api/patient-endpoint-schemas';
import * as paymentEndpoints from '../../shared/api/payment-endpoint-schemas';
import * as referralEndpoints from '../../shared/api/referral-endpoint-schemas';
import * as secondFactorEndpoints from '../../shared/api/second-factor-endpoint-schemas';
import * as sessionEndpoints from '../../shared/api/session-endpoint-schemas';
import * as settingsEndpoints from '../../shared/api/settings-endpoint-schemas';
import * as slotEndpoints from '../../shared/api/slot-endpoint-schemas';
import * as staffEndpoints from '../../shared/api/staff-endpoint-schemas';
import * as takingsEndpoints from '../../shared/api/takings-endpoint-schemas';
import * as teamEndpoints from '../../shared/api/team-endpoint-schemas';
import * as textEndpoints from '../../shared/api/text-endpoint-schemas';
import * as waitlistEndpoints from '../../shared/api/waitlist-endpoint-schemas';
import { auditLog } from '../db/schema';
import { type AdminTestApp, createAdminTestApp } from '../test/test-app';
import {
  DEFAULT_JSON_BODY_LIMIT,
  forbiddenFieldMessage,
  jsonTooComplex,
  NO_BODY_MESSAGE,
  NOT_AN_OBJECT_MESSAGE,
} from './body-guards';
import { MAX_DEPTH, MAX_NODES } from './input-guards';

const ENDPOINT_MODULES = {
  'appointment-endpoint-schemas.ts': appointmentEndpoints,
  'audit-endpoint-schemas.ts': auditEndpoints,
  'auth-endpoint-schemas.ts': authEndpoints,
  'blog-endpoint-schemas.ts': blogEndpoints,
  'booking-endpoint-schemas.ts': bookingEndpoints,
  'calendar-endpoint-schemas.ts': calendarEndpoints,
  'contact-endpoint-schemas.ts': contactEndpoints,
  'dashboard-endpoint-schemas.ts': dashboardEndpoints,
  'faq-endpoint-schemas.ts': faqEndpoints,
  'fees-endpoint-schemas.ts': feesEndpoints,
  'health-endpoint-schemas.ts': healthEndpoints,
  'intake-endpoint-schemas.ts': intakeEndpoints,
  'manage-booking-endpoint-schemas.ts': manageBookingEndpoints,
  'outbox-endpoint-schemas.ts': outboxEndpoints,
  'patient-endpoint-schemas.ts': patientEndpoints,
  'payment-endpoint-schemas.ts': paymentEndpoints,
  'referral-endpoint-schemas.ts': referralEndpoints,
  'second-factor-endpoint-schemas.ts': secondFactorEndpoints,
  'session-endpoint-schemas.ts': sessionEndpoints,
  'settings-endpoint-schemas.ts': settingsEndpoints,
  'slot-endpoint-schemas.ts': slotEndpoints,
  'staff-endpoint-schemas.ts': staffEndpoints,
  'takings-endpoint-schemas.ts': takingsEndpoints,
  'team-endpoint-schemas.ts': teamEndpoints,
  'text-endpoint-schemas.ts': textEndpoints,
  'waitlist-endpoint-schemas.ts': waitlistEndpoints,
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

const nested = (levels: number, inner = '') => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;

describe('jsonTooComplex', () => {
  it('lets the guard’s depth through and stops one container below it', () => {
    // The top container and MAX_DEPTH levels below it: what the input guard accepts after parsing.
    expect(jsonTooComplex(nested(MAX_DEPTH + 1))).toBe(false);
    expect(jsonTooComplex(nested(MAX_DEPTH + 2))).toBe(true);
    expect(jsonTooComplex(`{"a":${'{"a":'.repeat(MAX_DEPTH)}1${'}'.repeat(MAX_DEPTH)}}`)).toBe(false);
    expect(jsonTooComplex(`{"a":${'{"a":'.repeat(MAX_DEPTH + 1)}1${'}'.repeat(MAX_DEPTH + 1)}}`)).toBe(true);
  });

  it('counts only brackets outside strings, escaped quotes included', () => {
    expect(jsonTooComplex(JSON.stringify({ html: '[[[[{{{{'.repeat(1000) }))).toBe(false);
    expect(jsonTooComplex(JSON.stringify({ html: `"\\${'['.repeat(100)}"` }))).toBe(false);
    expect(jsonTooComplex(JSON.stringify({ a: '\\', b: nested(MAX_DEPTH + 5) }))).toBe(false);
    expect(jsonTooComplex(`{"a":"\\\\",${'"b":['.repeat(1)}${nested(MAX_DEPTH + 1)}]}`)).toBe(true);
  });

  it('refuses more commas than the guard allows values, and not one fewer', () => {
    expect(
      jsonTooComplex(
        `[${Array(MAX_NODES - 1)
          .fill(1)
          .join(',')}]`,
      ),
    ).toBe(false);
    expect(
      jsonTooComplex(
        `[${Array(MAX_NODES + 1)
          .fill(1)
          .join(',')}]`,
      ),
    ).toBe(true);
    expect(jsonTooComplex(JSON.stringify({ text: ','.repeat(10 * MAX_NODES) }))).toBe(false);
  });

  it('refuses a megabyte of [ and leaves text that is not JSON to the parser', () => {
    expect(jsonTooComplex('['.repeat(1024 * 1024))).toBe(true);
    for (const text of ['', '{', '"unterminated', ']]]]', 'nul']) expect(jsonTooComplex(text)).toBe(false);
  });
});

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const noBody = { code: 'body_not_allowed', error_messages: NO_BODY_MESSAGE };
const tooLarge = { code: 'too_large', error_messages: 'The request is too large.' };
const tooComplex = {
  code: 'too_complex',
  error_messages: 'The request is nested too deeply or holds too many values for a form.',
};
let addressCounter = 0;
const nextAddress = () => `10.7.0.${++addressCounter}`;

describe('a route that takes no body', () => {
  it('lists every endpoint definition file', () => {
    const folder = join(dirname(fileURLToPath(import.meta.url)), '../../shared/api');
    const files = readdirSync(folder).filter((name) => name.endsWith('-endpoint-schemas.ts'));
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

  it('refuses a JSON body that is not an object (null, a list, a single value) on every endpoint that takes one, changing nothing', async () => {
    const settings = async () => (await t.app.inject({ url: '/api/admin/settings', headers: t.auth })).json();
    const before = { settings: await settings(), audit: await t.database.db.$count(auditLog) };
    const answered: string[] = [];
    let visitor = 0;
    // The Stripe webhook reads its raw bytes, whatever they are (its signature is checked first).
    for (const endpoint of ENDPOINTS.filter((each) => each.body || each.form)) {
      for (const payload of ['null', '[]', '"x"', '1', 'true', '[{"reason":"x"}]']) {
        visitor += 1;
        const response = await t.app.inject({
          method: endpoint.method,
          url: urlOf(endpoint),
          headers: {
            ...(endpoint.access === 'admin' ? t.auth : {}),
            'content-type': 'application/json',
          },
          payload,
          remoteAddress: `10.8.${Math.floor(visitor / 250)}.${(visitor % 250) + 1}`,
        });
        const body = response.json();
        if (
          response.statusCode !== 400 ||
          body.code !== 'json_not_object' ||
          body.error_messages !== NOT_AN_OBJECT_MESSAGE
        )
          answered.push(
            `${endpoint.method} ${endpoint.path} ${payload}: ${response.statusCode} ${response.body}`,
          );
      }
    }
    expect(answered).toEqual([]);
    expect(await settings()).toEqual(before.settings);
    expect(await t.database.db.$count(auditLog)).toBe(before.audit);
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

describe('JSON bodies', () => {
  it('are limited to 64 KB unless the endpoint says otherwise, before they are read', async () => {
    expect(DEFAULT_JSON_BODY_LIMIT).toBe(64 * 1024);
    const body = countedBody();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact_us',
      headers: { 'content-type': 'application/json', 'content-length': String(DEFAULT_JSON_BODY_LIMIT + 1) },
      payload: body.stream,
      remoteAddress: nextAddress(),
    });
    body.stream.destroy();
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(tooLarge);
    expect(body.pulls()).toBe(0);
  });

  it('stop being read at the limit when their length is not announced', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    const body = countedBody();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact_us',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      payload: body.stream,
      remoteAddress: nextAddress(),
    });
    body.stream.destroy();
    expect(response.statusCode).toBe(413);
    expect(parse.mock.calls.filter(([text]) => String(text).startsWith('[['))).toEqual([]);
    expect(response.json()).toEqual(tooLarge);
  });

  it('give sign-in a few kilobytes', async () => {
    const padded = await t.app.inject({
      method: 'POST',
      url: '/api/admin/autorization/login',
      payload: { email: 'nobody@clinic.test', password: 'secret', x: 'x'.repeat(5 * 1024) },
      remoteAddress: nextAddress(),
    });
    expect(padded.statusCode).toBe(413);
    expect(padded.json()).toEqual(tooLarge);
    const real = await t.app.inject({
      method: 'POST',
      url: '/api/admin/autorization/login',
      payload: { email: 'nobody@clinic.test', password: 'wrong-pw' },
      remoteAddress: nextAddress(),
    });
    expect(real.statusCode).toBe(401);
  });

  it('nested too deep answer 413 without being parsed, public and admin', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    const deep = '['.repeat(60 * 1024);
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact_us',
      headers: { 'content-type': 'application/json' },
      payload: deep,
      remoteAddress: nextAddress(),
    });
    expect(contact.statusCode).toBe(413);
    expect(contact.json()).toEqual(tooComplex);
    // An article may be about 590 KB of JSON: half a megabyte of [ is within its limit, and still refused.
    const article = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      headers: { ...t.auth, 'content-type': 'application/json' },
      payload: '['.repeat(500 * 1024),
    });
    expect(article.statusCode).toBe(413);
    expect(article.json()).toEqual(tooComplex);
    const parsedTexts = parse.mock.calls.map(([text]) => String(text));
    expect(parsedTexts.filter((text) => text.startsWith('[['))).toEqual([]);
  });

  it('as deep as the guard allows still reach the schema; deeper is 413, parsed or not', async () => {
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact_us',
        headers: { 'content-type': 'application/json' },
        payload,
        remoteAddress: nextAddress(),
      });
    // "Mary" MAX_DEPTH levels below the top: the schema's 422.
    expect((await send(`{"name":${nested(MAX_DEPTH - 1, '"Mary"')}}`)).statusCode).toBe(422);
    // One level more: the input guard's 413 after parsing.
    expect((await send(`{"name":${nested(MAX_DEPTH, '"Mary"')}}`)).statusCode).toBe(413);
    // A container more: refused by the scan, never parsed.
    const parse = vi.spyOn(JSON, 'parse');
    const scanned = await send(`{"name":${nested(MAX_DEPTH + 1, '"Mary"')}}`);
    expect(scanned.statusCode).toBe(413);
    expect(parse.mock.calls.filter(([text]) => String(text).includes('[[['))).toEqual([]);
  });

  it('of too many values answer 413 without being parsed', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      headers: { ...t.auth, 'content-type': 'application/json' },
      payload: `{"title":[${Array(200_000).fill(1).join(',')}]}`,
    });
    expect(response.statusCode).toBe(413);
    expect(parse.mock.calls.filter(([text]) => String(text).includes('[1,1,1'))).toEqual([]);
  });

  it('keep Fastify’s prototype poisoning protection, saying which field it refused (400 forbidden_field)', async () => {
    for (const [url, headers] of [
      ['/api/contact_us', {}],
      ['/api/admin/settings', t.auth],
    ] as const) {
      for (const [payload, name] of [
        ['{"__proto__":{"admin":true}}', '__proto__'],
        ['{"message":"hi","nested":{"list":[{"__proto__":{"admin":true}}]}}', '__proto__'],
        ['{"constructor":{"prototype":{"admin":true}}}', 'constructor'],
      ] as const) {
        const response = await t.app.inject({
          method: url === '/api/contact_us' ? 'POST' : 'PUT',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload,
          remoteAddress: nextAddress(),
        });
        expect({ url, payload, status: response.statusCode }).toEqual({ url, payload, status: 400 });
        expect(response.json()).toEqual({
          code: 'forbidden_field',
          error_messages: forbiddenFieldMessage(name),
        });
      }
    }
    expect(forbiddenFieldMessage('__proto__')).toBe(
      'The request has a field named __proto__, which is not allowed.',
    );
    // A constructor field without a prototype is any other field: the schema says it is not one of the form's.
    const constructorOnly = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { ...t.auth, 'content-type': 'application/json' },
      payload: '{"constructor":"x"}',
    });
    expect(constructorOnly.statusCode).toBe(422);
    expect(constructorOnly.json().code).toBe('unknown_field');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('answer 400 invalid_json to text that is not JSON', async () => {
    for (const payload of ['{"name":', '', '{"__proto__":', "{'a':1}"]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/contact_us',
        headers: { 'content-type': 'application/json' },
        payload,
        remoteAddress: nextAddress(),
      });
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      expect(response.json()).toEqual({
        code: 'invalid_json',
        error_messages: 'The request body is not valid JSON.',
      });
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
