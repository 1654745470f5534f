import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartPayload } from '../test/multipart';
import { createTestApp, signInAsNewAdmin, type TestApp } from '../test/test-app';

/** A tiny seeded PRNG (mulberry32): the same seed sends the same requests, so a failure can be replayed. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1200);
const random = mulberry32(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const chance = (p: number) => random() < p;

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];
const FIELD_NAMES = [
  'title',
  'content',
  'answer',
  'asHtml',
  'name',
  'email',
  'phone',
  'message',
  'password',
  'full_name',
  'user_type',
  'description',
  'order',
  'page',
  'per_page',
  'search',
  'published_at',
  'video_url',
  'remove_icon',
  'prices_attributes',
  'category_id',
  'amount',
  '_destroy',
  'id',
];
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\u001b[31m',
  '\u007f',
  '\r\n\r\nBcc: x@example.com',
  '\ud800',
  '😀'.repeat(50),
  'x'.repeat(70_000),
  '<'.repeat(20_000),
  '<a'.repeat(10_000),
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '=?UTF-8?B?SGVsbG8=?=',
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999',
  'NaN',
  'true',
  'null',
  '2026-02-30',
  'https://example.com',
  'javascript:alert(1)',
  ...PROTO_KEYS,
];

function hostileString(): string {
  return pick(HOSTILE_STRINGS);
}

function hostileValue(depth = 0): unknown {
  const roll = random();
  if (roll < 0.45 || depth > 3) return hostileString();
  if (roll < 0.55) return pick([0, -1, 1, 1.5, 2 ** 53, -(2 ** 31), true, false, null]);
  if (roll < 0.7) return Array.from({ length: 1 + Math.floor(random() * 3) }, () => hostileValue(depth + 1));
  if (roll < 0.85) return hostileObject(depth + 1);
  // Deep nesting.
  let nested: unknown = 'deep';
  for (let level = 0; level < 40; level += 1) nested = { a: nested };
  return nested;
}

function hostileKey(): string {
  const roll = random();
  if (roll < 0.55) return pick(FIELD_NAMES);
  if (roll < 0.7) return pick(PROTO_KEYS);
  if (roll < 0.8) return `${pick(['blog', 'team_member', 'service', 'fee_category'])}[${pick(FIELD_NAMES)}]`;
  if (roll < 0.9) return `unknown_${Math.floor(random() * 1000)}`;
  return hostileString().slice(0, 100) || 'empty';
}

function hostileObject(depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const count = chance(0.05) ? 3000 : Math.floor(random() * 6);
  for (let i = 0; i < count; i += 1) {
    const many = count > 100;
    const key = many ? `k${i}` : hostileKey();
    // defineProperty, so a `__proto__` key is sent as a key.
    Object.defineProperty(object, key, {
      value: many ? i : hostileValue(depth),
      enumerable: true,
      configurable: true,
    });
  }
  return object;
}

/** encodeURIComponent, with a lone surrogate sent as the invalid UTF-8 it would be. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

function hostileSegment(): string {
  const roll = random();
  if (roll < 0.3) return pick(['1', '2', '3', '999999', '2147483648', '0', '-1', 'article-1']);
  if (roll < 0.4) return '00000000-0000-4000-8000-000000000000';
  if (roll < 0.5) return pick(['%00', 'a%00', '%01', '%1F', '%7F', '%', '%E0%A4%A', '%ZZ']);
  return encode(hostileString().slice(0, 300)) || 'x';
}

function hostileQuery(): string {
  if (chance(0.3)) return '';
  const pairs: string[] = [];
  const count = 1 + Math.floor(random() * 4);
  for (let i = 0; i < count; i += 1) {
    const key = chance(0.2) ? pick(['page[]', 'page[0]', 'a[b][c]', '%00', '']) : hostileKey();
    const value = chance(0.2) ? pick(['%00', '%', '%ZZ', '1&page=2']) : encode(hostileString());
    pairs.push(`${encode(key)}=${value}`);
  }
  return `?${pairs.join('&')}`;
}

const FILE_NAMES = [
  'photo.png',
  'letter.pdf',
  '',
  'a\u0000.png',
  '../../etc/passwd',
  '"quoted".pdf',
  `${'x'.repeat(400)}.png`,
  'ünïcödé 😀.jpg',
  'no-extension',
  '.png',
  'CON.pdf',
  'a\r\nContent-Type: text/html.pdf',
];

let realPng: Buffer;

async function multipartBody() {
  const fields: Record<string, string | { fileName: string; bytes: Buffer }> = {};
  const count = Math.floor(random() * 6);
  for (let i = 0; i < count; i += 1) {
    const name = hostileKey();
    if (chance(0.3)) {
      const bytes = chance(0.5) ? realPng : Buffer.from(hostileString().slice(0, 2000) || 'x');
      fields[name] = { fileName: pick(FILE_NAMES), bytes };
    } else {
      const value = hostileValue();
      fields[name] = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
    }
  }
  return multipartPayload(fields);
}

async function hostileBody(): Promise<{ payload?: string | Buffer; headers: Record<string, string> }> {
  const roll = random();
  if (roll < 0.35)
    return { payload: JSON.stringify(hostileObject()), headers: { 'content-type': 'application/json' } };
  if (roll < 0.45) {
    const value = hostileValue();
    return { payload: JSON.stringify(value) ?? 'null', headers: { 'content-type': 'application/json' } };
  }
  if (roll < 0.55)
    return {
      payload: pick(['{"title":', '{', '[1,2', '{"a":1}}', '\u0000', '', '{"__proto__":{"x":1}}', 'nul']),
      headers: { 'content-type': 'application/json' },
    };
  if (roll < 0.65)
    return {
      payload: 'title=Hello&answer=World',
      headers: {
        'content-type': pick([
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'image/png',
          'application/json; charset=latin1',
          'multipart/form-data',
          'multipart/form-data; boundary=',
          '',
        ]),
      },
    };
  if (roll < 0.9) return multipartBody();
  return { headers: {} };
}

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signInAsNewAdmin(t)).token;
  realPng = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

describe('fuzzing every route', () => {
  it(`answers ${REQUESTS} malformed requests (seed ${SEED}) without a 5xx, always in the contract's shape`, async () => {
    const routes = t.app.registeredRoutes.filter((route) => route.url !== '*');
    const publicRoutes = routes.filter((route) => !route.url.startsWith('/api/admin'));
    const adminRoutes = routes.filter((route) => route.url.startsWith('/api/admin'));
    expect(publicRoutes.length).toBeGreaterThan(5);
    expect(adminRoutes.length).toBeGreaterThan(10);
    const failures: string[] = [];
    const reached = new Set<string>();
    for (let i = 0; i < REQUESTS; i += 1) {
      // Every route at least once, then at random.
      const route = i < routes.length ? (routes[i] as (typeof routes)[number]) : pick(routes);
      reached.add(`${route.method} ${route.url}`);
      const url = route.url.replace(/:[A-Za-z]+|\*/g, () => hostileSegment()) + hostileQuery();
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE' ? true : chance(0.1);
      const body = hasBody ? await hostileBody() : { headers: {} };
      const headers: Record<string, string> = { ...body.headers };
      if (route.url.startsWith('/api/admin') && chance(0.85)) headers.authorization = `Bearer ${token}`;
      else if (chance(0.1))
        headers.authorization = pick(['Bearer ', 'Bearer \u0000', `Basic ${'x'.repeat(30)}`]);
      const response = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers,
        payload: body.payload,
        remoteAddress: `10.9.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`,
      });
      const describeRequest = () =>
        `#${i} ${route.method} ${url.slice(0, 200)} ${JSON.stringify(headers)} ${String(body.payload ?? '').slice(0, 200)}`;
      if (response.statusCode >= 500) {
        failures.push(`${response.statusCode} ${describeRequest()} → ${response.body.slice(0, 200)}`);
      } else if (response.statusCode >= 400) {
        let shaped = false;
        try {
          shaped = typeof response.json().error_messages === 'string';
        } catch {
          shaped = false;
        }
        if (!shaped)
          failures.push(
            `bad error body ${response.statusCode} ${describeRequest()} → ${response.body.slice(0, 200)}`,
          );
      }
    }
    expect(reached.size).toBe(new Set(routes.map((route) => `${route.method} ${route.url}`)).size);
    expect(failures.slice(0, 10)).toEqual([]);
  }, 120_000);
});
