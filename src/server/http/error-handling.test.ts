import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CONCURRENT_CHANGE_MESSAGE, registerErrorHandling } from './error-handling';

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
      expect(response.json()).toEqual({ error_messages: CONCURRENT_CHANGE_MESSAGE });
    }
  });

  it('answers 500 without internals to any other database error', async () => {
    const response = await answerTo(databaseError('XX000'));
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error_messages: 'Something went wrong. Try it later.' });
  });
});
