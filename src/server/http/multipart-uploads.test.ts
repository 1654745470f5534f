import { PassThrough } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formFileSchema } from '../../shared/api/common-schemas';
import { defineEndpoint } from '../../shared/api/endpoint';
import { withSchemas } from '../../shared/api/endpoint-schemas';
import { futureSlot, holdSlot } from '../test/booking-fixtures';
import { countedBody, MULTIPART, multipartPayload } from '../test/multipart';
import { createTestApp, signInAsNewAdmin, type TestApp } from '../test/test-app';
import { COMPRESSED_BODY_MESSAGE, registerBodyGuards } from './body-guards';
import { clientAddressKey } from './client-address';
import { jsonSerializerCompiler, route, zodValidatorCompiler } from './endpoint-route';
import { registerErrorHandling } from './error-handling';
import { HttpError } from './http-errors';
import { registerInputGuards } from './input-guards';
import {
  InFlightBytes,
  MULTIPART_BYTES_IN_FLIGHT_PER_CLIENT,
  TOO_MANY_UPLOADS_MESSAGE,
} from './multipart-budget';
import { type FormLimits, formMaxBytes, registerMultipart } from './multipart-form';

/** Waits for a state, however long the machine takes to reach it (the test's timeout is the limit). */
async function waitFor(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('clientAddressKey and InFlightBytes', () => {
  it('count an IPv6 address by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(clientAddressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:DB8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientAddressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('192.0.2.7')).toBe('192.0.2.7');
  });

  it('reserve up to the cap per client and the total, release once', () => {
    const budget = new InFlightBytes(100, 150);
    const first = budget.reserve('a', 60);
    expect(typeof first).toBe('function');
    expect(budget.reserve('a', 41)).toBe('client');
    const second = budget.reserve('a', 40);
    expect(budget.bytesInFlight('a')).toBe(100);
    expect(budget.reserve('b', 51)).toBe('total');
    const third = budget.reserve('b', 50);
    expect(budget.bytesInFlight()).toBe(150);
    const release = (reservation: unknown) => typeof reservation === 'function' && reservation();
    release(first);
    release(first);
    expect(budget.bytesInFlight('a')).toBe(40);
    release(second);
    release(third);
    expect(budget.bytesInFlight('a')).toBe(0);
    expect(budget.bytesInFlight()).toBe(0);
  });

  it('fit one booking form of two 10 MB files, not ten', () => {
    const booking: FormLimits = { files: 2, fields: 25, fieldSize: 4 * 1024 };
    expect(formMaxBytes(booking)).toBeGreaterThan(20 * 1024 * 1024);
    expect(formMaxBytes(booking)).toBeLessThanOrEqual(MULTIPART_BYTES_IN_FLIGHT_PER_CLIENT);
    expect(10 * formMaxBytes(booking)).toBeGreaterThan(MULTIPART_BYTES_IN_FLIGHT_PER_CLIENT);
  });
});

describe('a form route’s beforeForm check', () => {
  const uploadBody = z.object({ note: z.string(), letter: formFileSchema.optional() }).strict();
  const uploadAnswer = z.object({ note: z.string(), bytes: z.number() });
  const upload = withSchemas(
    defineEndpoint<{ body: typeof uploadBody; response: typeof uploadAnswer }>()({
      method: 'POST',
      path: '/api/test_uploads',
      access: 'public',
      status: 201,
    }),
    {
      summary: 'A form of the test',
      body: uploadBody,
      form: { envelope: 'upload', files: ['letter'] },
      response: uploadAnswer,
    },
  );
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
                throw new HttpError(403, 'hold_missing', 'This time is not held for you.');
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
    expect(response.json()).toEqual({
      code: 'hold_missing',
      error_messages: 'This time is not held for you.',
    });
    expect(response.headers.connection).toBe('close');
    expect(body.pulls()).toBe(0);
    expect(app.multipartInFlight.bytesInFlight('127.0.0.1')).toBe(0);
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
    expect(app.multipartInFlight.bytesInFlight('127.0.0.1')).toBe(0);
  });
});

describe('the API', () => {
  let t: TestApp;
  /** A visitor's hold: the booking form is read only for a visitor who holds a time. */
  let holdToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    holdToken = await holdSlot(t.app, (await futureSlot(t.database.db)).id);
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

  it('counts a chunked form at its most, whatever length it announces', async () => {
    const budget = t.app.multipartInFlight;
    for (const [address, headers] of [
      ['10.6.0.2', { 'transfer-encoding': 'chunked' }],
      ['10.6.0.3', { 'content-length': '1000' }],
    ] as const) {
      const stream = new PassThrough();
      const answer = t.app.inject({
        method: 'POST',
        url: '/api/patients',
        headers: { 'content-type': MULTIPART, 'x-hold-token': holdToken, ...headers },
        payload: stream,
        remoteAddress: address,
      });
      await waitFor(() => budget.bytesInFlight(address) > 0);
      // The booking form's most: three files of 10 MB and its short fields; a plain body counts what it says.
      if (address === '10.6.0.3') expect(budget.bytesInFlight(address)).toBe(1000);
      else expect(budget.bytesInFlight(address)).toBeGreaterThan(30 * 1024 * 1024);
      stream.end();
      expect((await answer).statusCode).toBeLessThan(500);
      await waitFor(() => budget.bytesInFlight(address) === 0);
    }
  });

  it('refuses a compressed form (415) before reading a byte of it', async () => {
    const body = countedBody();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: {
        'content-type': MULTIPART,
        'content-encoding': 'gzip',
        'content-length': String(64 * 16 * 1024),
        'x-hold-token': holdToken,
      },
      payload: body.stream,
      remoteAddress: '10.6.0.1',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'unsupported_media_type',
      error_messages: COMPRESSED_BODY_MESSAGE,
    });
    expect(body.pulls()).toBe(0);
    expect(t.app.multipartInFlight.bytesInFlight('10.6.0.1')).toBe(0);
    body.stream.destroy();
  });

  it('refuses part of a burst of booking forms from one address (429) while another address is served', async () => {
    // One booking form of two 10 MB files: 21 MB. Ten at once from one /64 do not fit its budget.
    const FORM_BYTES = 21_000_000;
    const budget = t.app.multipartInFlight;
    const open = (remoteAddress: string) => {
      const stream = new PassThrough();
      const answer = t.app.inject({
        method: 'POST',
        url: '/api/patients',
        headers: {
          'content-type': MULTIPART,
          'content-length': String(FORM_BYTES),
          'x-hold-token': holdToken,
        },
        payload: stream,
        remoteAddress,
      });
      return { stream, answer, status: undefined as number | undefined };
    };
    const burst = Array.from({ length: 10 }, (_, index) => open(`2001:db8:1:2::${index + 1}`));
    for (const request of burst)
      void request.answer.then((response) => {
        request.status = response.statusCode;
      });
    const fits = Math.floor(MULTIPART_BYTES_IN_FLIGHT_PER_CLIENT / FORM_BYTES);
    // The refused ones answer at once; the others are being read, their bytes reserved.
    await waitFor(
      () => burst.filter((request) => request.status !== undefined).length === burst.length - fits,
    );
    const refused = burst.filter((request) => request.status !== undefined);
    for (const request of refused) {
      const response = await request.answer;
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({
        code: 'uploads_in_flight',
        error_messages: TOO_MANY_UPLOADS_MESSAGE,
      });
    }
    expect(budget.bytesInFlight('2001:db8:1:2::/64')).toBe(fits * FORM_BYTES);

    // Another address is not held back by the first one's uploads.
    const other = open('2001:db8:1:3::1');
    await waitFor(() => budget.bytesInFlight('2001:db8:1:3::/64') === FORM_BYTES);

    // However the reading ends (here, the bodies stop short), the bytes are released.
    const reading = [...burst.filter((request) => request.status === undefined), other];
    for (const request of reading) request.stream.end('--cut short');
    for (const request of reading) {
      const response = await request.answer;
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.statusCode).not.toBe(429);
    }
    await waitFor(
      () =>
        budget.bytesInFlight('2001:db8:1:2::/64') === 0 && budget.bytesInFlight('2001:db8:1:3::/64') === 0,
    );
  });
});
