import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formFileSchema } from '../../shared/api/common-schemas';
import { defineEndpoint } from '../../shared/api/endpoint';
import { multipartPayload } from '../test/multipart';
import { createTestApp, signInAsNewAdmin, type TestApp } from '../test/test-app';
import { registerBodyGuards } from './body-guards';
import { jsonSerializerCompiler, route, zodValidatorCompiler } from './endpoint-route';
import { registerErrorHandling } from './error-handling';
import { HttpError } from './http-errors';
import { registerInputGuards } from './input-guards';
import { type FormLimits, registerMultipart } from './multipart-form';

/**
 * A body of `chunks` pieces of 16 KB that counts how often it is read: `pulls()` is 0 as long as the server
 * has not asked for a byte of it.
 */
function countedBody(chunks = 64) {
  let pulls = 0;
  const chunk = Buffer.alloc(16 * 1024, 0x61);
  const stream = new Readable({
    read() {
      pulls += 1;
      this.push(pulls > chunks ? null : chunk);
    },
  });
  return { stream, pulls: () => pulls };
}

const MULTIPART = 'multipart/form-data; boundary=----test-boundary';

describe('a form route’s beforeForm check', () => {
  const upload = defineEndpoint({
    method: 'POST',
    path: '/api/test_uploads',
    summary: 'A form of the test',
    access: 'public',
    body: z.object({ note: z.string(), letter: formFileSchema.optional() }).strict(),
    form: { envelope: 'upload', files: ['letter'] },
    status: 201,
    response: z.object({ note: z.string(), bytes: z.number() }),
  });
  const limits: FormLimits = { files: 1, fileSize: 1024 * 1024, fields: 2, fieldSize: 1024 };
  let app: FastifyInstance;
  const checked: string[] = [];

  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    registerInputGuards(app);
    registerBodyGuards(app);
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(jsonSerializerCompiler);
    await app.register(
      async (api) => {
        await registerMultipart(api);
        route(
          api,
          upload,
          async (request) => ({ note: request.body.note, bytes: request.body.letter?.bytes.length ?? 0 }),
          {
            formLimits: limits,
            beforeForm: async (request) => {
              checked.push(String(request.headers['x-hold-token']));
              if (request.headers['x-hold-token'] !== 'mine')
                throw new HttpError(403, 'This time is not held for you.');
            },
          },
        );
      },
      { prefix: '/api' },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it.each([
    ['a multipart form', MULTIPART],
    ['a JSON body', 'application/json'],
  ])('refuses %s before reading a byte of it', async (_kind, contentType) => {
    const body = countedBody();
    const response = await app.inject({
      method: 'POST',
      url: '/api/test_uploads',
      headers: {
        'content-type': contentType,
        'content-length': String(64 * 16 * 1024),
        'x-hold-token': 'yours',
      },
      payload: body.stream,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error_messages: 'This time is not held for you.' });
    expect(response.headers.connection).toBe('close');
    expect(body.pulls()).toBe(0);
    body.stream.destroy();
  });

  it('lets the form be read when it passes, and ran first', async () => {
    checked.length = 0;
    const { payload, headers } = await multipartPayload({
      'upload[note]': 'Referral',
      'upload[letter]': { fileName: 'letter.pdf', bytes: Buffer.from('%PDF-1.4 test') },
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/test_uploads',
      headers: { ...headers, 'x-hold-token': 'mine' },
      payload,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ note: 'Referral', bytes: 13 });
    expect(checked).toEqual(['mine']);
  });
});

describe('the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses an admin upload without a valid token before reading its body', async () => {
    const token = (await signInAsNewAdmin(t)).token;
    for (const authorization of [undefined, `Bearer ${'x'.repeat(40)}`, `Bearer ${token}x`]) {
      const body = countedBody();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/team_members',
        headers: {
          'content-type': MULTIPART,
          'content-length': String(64 * 16 * 1024),
          ...(authorization ? { authorization } : {}),
        },
        payload: body.stream,
      });
      expect(response.statusCode).toBe(401);
      expect(body.pulls()).toBe(0);
      body.stream.destroy();
    }
  });
});
