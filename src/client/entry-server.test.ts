import { describe, expect, it } from 'vitest';
import { render } from './entry-server';

/** The renderer with an API that answers every call with `status`, as the server's own API would. */
const renderWithApiAnswering = (url: string, status: number, message: string) =>
  render({
    url,
    origin: 'http://clinic.test',
    fetchJson: async () => {
      throw Object.assign(new Error(message), { status, body: { error_messages: message } });
    },
  });

describe('a public page whose data the API cannot give', () => {
  it.each([
    '/our_team',
    '/blog',
    '/faq',
    '/fees',
  ])('answers 503 with the API’s text while the database is down: %s', async (url) => {
    const message = 'The service is unavailable for a moment. Please try again in a minute.';
    const page = await renderWithApiAnswering(url, 503, message);
    expect(page.status).toBe(503);
    expect(page.clientOnly).toBe(false);
    expect(page.element).toContain(message);
  });

  it('answers 404, not 503, for a record that does not exist', async () => {
    const page = await renderWithApiAnswering('/article/no-such-article', 404, 'Not found');
    expect(page.status).toBe(404);
  });
});
