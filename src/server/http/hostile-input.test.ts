import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpuMilliseconds } from '../test/cpu-time';
import { injectMultipart } from '../test/multipart';
import { createTestApp, signInAsNewAdmin, type TestApp } from '../test/test-app';

let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: `Bearer ${(await signInAsNewAdmin(t)).token}` };
});
afterAll(() => t.close());

let addressCounter = 0;
/** The contact form allows 5 messages a minute from one address. */
const nextAddress = () => `10.1.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

const PROTO_KEYS = ['toString', 'valueOf', 'constructor', '__proto__', 'hasOwnProperty'];

function expectContractError(response: { statusCode: number; json(): unknown }, status: number) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ error_messages: expect.any(String) });
}

describe('field names like Object.prototype members', () => {
  it.each(PROTO_KEYS)('answers 422 for %s in a public and an admin query', async (key) => {
    for (const url of [`/api/blogs?${key}=x`, `/api/fa_questions?${key}=x`, `/api/admin/blogs?${key}=x`]) {
      const response = await t.app.inject({ url, headers: auth });
      expectContractError(response, 422);
    }
  });

  it.each(PROTO_KEYS)('answers 4xx for %s in a JSON and a multipart body', async (key) => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/contact_us',
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"Mary Murphy","${key}":"x"}`,
      remoteAddress: nextAddress(),
    });
    // A JSON `__proto__` key is already refused by the JSON parser (400).
    expectContractError(json, key === '__proto__' ? 400 : 422);
    const adminJson = await t.app.inject({
      method: 'POST',
      url: '/api/admin/fa_questions',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: `{"title":"T","answer":"A","${key}":{"a":1}}`,
    });
    expect(adminJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(adminJson.statusCode).toBeLessThan(500);
    for (const field of [key, `blog[${key}]`]) {
      const multipart = await injectMultipart(t.app, 'POST', '/api/admin/blogs', { [field]: 'x' }, auth);
      expect(multipart.statusCode).toBeGreaterThanOrEqual(400);
      expect(multipart.statusCode).toBeLessThan(500);
      expect(multipart.json()).toMatchObject({ error_messages: expect.any(String) });
    }
  });
});

describe('NUL and other control characters', () => {
  it.each([
    '/api/blogs/%00',
    '/api/blogs/a%00b',
    '/api/admin/blogs/1%00',
    '/api/admin/fa_questions/%01',
    '/api/admin/team_members/%00',
  ])('answers 404 for a path id: %s', async (url) => {
    expectContractError(await t.app.inject({ url, headers: auth }), 404);
  });

  it.each([
    '/api/blogs?page=%00',
    '/api/admin/blogs?title=%00',
    '/api/admin/fa_questions?search=a%00b',
    '/api/admin/team_members?search=%1b',
    '/api/admin/blogs?a%00=1',
  ])('answers 422 for a query: %s', async (url) => {
    const response = await t.app.inject({ url, headers: auth });
    expectContractError(response, 422);
    expect(response.json().error_messages).toBe('This field contains characters that are not allowed.');
  });

  it('answers 422 for a JSON text field, public and admin', async () => {
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact_us',
      payload: { name: 'Mary\u0000', email: 'm@example.com', message: 'Hello there, a long message.' },
      remoteAddress: nextAddress(),
    });
    expectContractError(contact, 422);
    expect(contact.json().errors).toEqual({
      name: ['This field contains characters that are not allowed.'],
    });
    const faq = await t.app.inject({
      method: 'POST',
      url: '/api/admin/fa_questions',
      headers: auth,
      payload: { title: 'Pollen', answer: 'A\u0007 bell' },
    });
    expectContractError(faq, 422);
  });

  it('keeps tab, carriage return and line feed', async () => {
    const faq = await t.app.inject({
      method: 'POST',
      url: '/api/admin/fa_questions',
      headers: auth,
      payload: { title: 'Tabs', answer: 'One\tTwo\r\nThree\nFour' },
    });
    expect(faq.statusCode).toBe(201);
  });

  it('answers 422 for a multipart text field, field name and file name', async () => {
    const title = await injectMultipart(
      t.app,
      'POST',
      '/api/admin/fa_questions',
      {
        title: 'Pollen\u0000',
        answer: 'Answer',
      },
      auth,
    );
    expectContractError(title, 422);
    const file = await injectMultipart(
      t.app,
      'POST',
      '/api/admin/blogs',
      {
        'blog[title]': 'Pollen',
        'blog[content]': '<p>Text</p>',
        'blog[attachment]': { fileName: 'letter\u0000.pdf', bytes: Buffer.from('%PDF-1.4') },
      },
      auth,
    );
    expectContractError(file, 422);
  });
});

describe('URLs the router cannot read', () => {
  it.each([
    '/%',
    '/api/%',
    '/api/blogs/%E0%A4%A',
    '/api/admin/%',
  ])('answers 400 with the contract body: %s', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'invalid_address', error_messages: 'The address is not valid.' });
    expect(response.body).not.toMatch(/FST_|fastify/i);
  });
});

describe('/api/admin without a valid token', () => {
  it.each([
    ['GET', '/api/admin/does-not-exist'],
    ['GET', '/api/admin/users'],
    ['PATCH', '/api/admin/blogs'],
    ['DELETE', '/api/admin/blogs'],
    ['POST', '/api/admin/'],
    ['GET', '/api/admin'],
  ] as const)('answers 401 for %s %s, known or not', async (method, url) => {
    const anonymous = await t.app.inject({ method, url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 'unauthorized', error_messages: 'You need to sign in' });
    const badToken = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${'x'.repeat(40)}` },
    });
    expect(badToken.statusCode).toBe(401);
  });

  it('keeps sign-in public and unknown paths 404 with a valid token', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/autorization/login',
      payload: { email: 'nobody@clinic.test', password: 'wrong-password' },
    });
    expect(login.statusCode).toBeLessThan(500);
    expect(login.json().error_messages).not.toBe('You need to sign in');
    const unknown = await t.app.inject({ url: '/api/admin/does-not-exist', headers: auth });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', error_messages: 'Not found' });
    const wrongMethod = await t.app.inject({ method: 'PATCH', url: '/api/admin/blogs', headers: auth });
    expect(wrongMethod.statusCode).toBe(404);
  });
});

describe('form size limits', () => {
  it('answers 413 for a text field over the form budget', async () => {
    const response = await injectMultipart(
      t.app,
      'POST',
      '/api/admin/fa_questions',
      {
        title: 'Pollen',
        answer: 'x'.repeat(200 * 1024),
      },
      auth,
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'too_large', error_messages: 'The request is too large.' });
  });

  it('answers 413 for too many fields', async () => {
    const fields: Record<string, string> = {};
    for (let i = 0; i < 50; i += 1) fields[`blog[f${i}]`] = 'x';
    const response = await injectMultipart(t.app, 'POST', '/api/admin/blogs', fields, auth);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'too_large', error_messages: 'The request is too large.' });
  });

  it('refuses a file on a form without files (422), and too many files (413)', async () => {
    const pdf = { fileName: 'a.pdf', bytes: Buffer.from('%PDF-1.4') };
    const faq = await injectMultipart(
      t.app,
      'POST',
      '/api/admin/fa_questions',
      {
        title: 'Pollen',
        answer: 'Answer',
        file: pdf,
      },
      auth,
    );
    expect(faq.statusCode).toBe(422);
    expect(faq.json()).toEqual({
      code: 'unknown_field',
      error_messages: 'Unknown field: file',
      errors: { file: ['Unknown field.'] },
    });
    const blog = await injectMultipart(
      t.app,
      'POST',
      '/api/admin/blogs',
      {
        'blog[title]': 'Pollen',
        'blog[icon]': pdf,
        'blog[attachment]': pdf,
        'blog[extra]': pdf,
      },
      auth,
    );
    expect(blog.statusCode).toBe(413);
    expect(blog.json()).toEqual({ code: 'too_large', error_messages: 'The request is too large.' });
  });
});

describe('multipart bodies busboy cannot read', () => {
  it.each([
    ['multipart/form-data; boundary=', 'title=Hello'],
    ['multipart/form-data; boundary=x', '--x\r\nbroken header\r\n\r\nvalue\r\n--x--'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\ncut'],
  ])('answers 400, not 500: %s', async (contentType, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/services',
      headers: { ...auth, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(typeof response.json().error_messages).toBe('string');
  });
});

describe('bodies of many unknown keys', () => {
  it('reports at most 20 fields and answers a small body', async () => {
    const body: Record<string, string> = {};
    for (let i = 0; i < 500; i += 1) body[`k${i}`] = 'x';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact_us',
      payload: body,
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).length).toBeLessThanOrEqual(20);
    expect(response.body.length).toBeLessThan(3000);
  });

  it('refuses 90,000 keys cheaply with 413', async () => {
    const payload = `{${Array.from({ length: 90_000 }, (_, i) => `"k${i}":1`).join(',')}}`;
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/fa_questions',
        headers: { ...auth, 'content-type': 'application/json' },
        payload,
      });
    let response = await send();
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'too_large', error_messages: 'The request is too large.' });
    const cpu = await cpuMilliseconds(async () => {
      response = await send();
    });
    expect(cpu).toBeLessThan(1000);
  });
});

describe('a sent field name is repeated in an answer cut to 64 characters', () => {
  // Within the default JSON body limit (64 KB).
  const long = 'x'.repeat(60_000);
  const shown = `${'x'.repeat(64)}…`;

  it('an unknown field in a JSON body and a query', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/contact_us',
      payload: { name: 'Mary Murphy', email: 'mary@example.com', message: 'A question.', [long]: 'x' },
      remoteAddress: nextAddress(),
    });
    expect(json.statusCode).toBe(422);
    expect(json.json()).toEqual({
      code: 'unknown_field',
      error_messages: `Unknown field: ${shown}`,
      errors: { [shown]: ['Unknown field.'] },
    });
    const query = await t.app.inject({ url: `/api/blogs?${'q'.repeat(5000)}=1` });
    expect(query.statusCode).toBe(422);
    expect(query.json()).toMatchObject({
      code: 'unknown_field',
      error_messages: `Unknown field: ${'q'.repeat(64)}…`,
    });
    expect(query.body.length).toBeLessThan(300);
  });

  it('an unknown file field in a multipart form, and a name with a forbidden character', async () => {
    const multipart = await injectMultipart(
      t.app,
      'POST',
      '/api/admin/fa_questions',
      {
        title: 'Pollen',
        answer: 'Answer',
        ['f'.repeat(300)]: { fileName: 'a.pdf', bytes: Buffer.from('%PDF') },
      },
      auth,
    );
    expect(multipart.statusCode).toBe(422);
    expect(multipart.json()).toEqual({
      code: 'unknown_field',
      error_messages: `Unknown field: ${'f'.repeat(64)}…`,
      errors: { [`${'f'.repeat(64)}…`]: ['Unknown field.'] },
    });
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/api/contact_us',
      payload: {
        name: 'Mary Murphy',
        email: 'mary@example.com',
        message: 'A question.',
        [`${long}\u202e`]: 'x',
      },
      remoteAddress: nextAddress(),
    });
    expect(forbidden.statusCode).toBe(422);
    expect(forbidden.json()).toMatchObject({
      code: 'invalid_characters',
      errors: { [shown]: [expect.any(String)] },
    });
    expect(forbidden.body.length).toBeLessThan(300);
  });

  it('never inside a surrogate pair', async () => {
    const name = `${'x'.repeat(63)}😀${'x'.repeat(100)}`;
    const response = await t.app.inject({ url: `/api/blogs?${encodeURIComponent(name)}=1` });
    expect(response.json()).toMatchObject({ error_messages: `Unknown field: ${'x'.repeat(63)}…` });
  });
});
