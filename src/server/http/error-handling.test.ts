import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  CONCURRENT_CHANGE_MESSAGE,
  DATABASE_UNAVAILABLE_MESSAGE,
  DATABASE_UNAVAILABLE_RETRY_SECONDS,
  registerErrorHandling,
} from './error-handling';

/** An error as Drizzle throws it: its own, with the driver's (and its SQLSTATE) as the cause. */
function databaseError(code: string) {
  return new Error('Failed query: update …', {
    cause: Object.assign(new Error('database said no'), { code }),
  });
}

async function answerTo(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/', async () => {
    throw error;
  });
  try {
    return await app.inject({ url: '/' });
  } finally {
    await app.close();
  }
}

describe('the error handler', () => {
  it('answers 409 to a deadlock or a serialisation failure: nothing was written, trying again will do', async () => {
    for (const code of ['40P01', '40001']) {
      const response = await answerTo(databaseError(code));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'concurrent_change',
        error_messages: CONCURRENT_CHANGE_MESSAGE,
      });
    }
  });

  it('answers 503 with when to try again while the database is stopped, restarting or out of reach', async () => {
    for (const error of [
      databaseError('57P01'),
      databaseError('57P03'),
      databaseError('08006'),
      new Error('Failed query: select 1', {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      }),
      new Error('Failed query: select 1', { cause: new Error('Connection terminated unexpectedly') }),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      const response = await answerTo(error);
      expect(response.statusCode, error.message).toBe(503);
      expect(response.headers['retry-after']).toBe(String(DATABASE_UNAVAILABLE_RETRY_SECONDS));
      expect(response.json()).toEqual({
        code: 'service_unavailable',
        error_messages: DATABASE_UNAVAILABLE_MESSAGE,
      });
    }
  });

  it('answers 500 without internals to any other database error', async () => {
    const response = await answerTo(databaseError('XX000'));
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 'internal_error',
      error_messages: 'Something went wrong. Try it later.',
    });
  });
});
