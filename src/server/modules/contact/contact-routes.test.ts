import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_SUCCESS_MESSAGE } from '../../../shared/contact';
import { texts } from '../../../shared/validation-texts';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/database';
import { contactMessages, emailOutbox } from '../../db/schema';
import { testConfig } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { contactRoutes } from './contact-routes';

let app: Awaited<ReturnType<typeof buildApp>>;
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ CLINIC_EMAIL: 'desk@clinic.test' });
  app = await buildApp({ config, database, web: false });
  // Until the route is registered in app.ts, register it here the same way (under /api).
  if (!app.hasRoute({ method: 'POST', url: '/api/contact_us' })) {
    await app.register(contactRoutes, { prefix: '/api' });
  }
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

let ipCounter = 0;
/** Each call from its own address, so the 5-per-minute limit only shows where a test wants it. */
function post(
  payload: unknown,
  remoteAddress = `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`,
) {
  return app.inject({ method: 'POST', url: '/api/contact_us', payload: payload as object, remoteAddress });
}

const valid = {
  name: 'Mary Murphy',
  email: 'mary@example.com',
  phone: '+353 87 123 4567',
  message: 'I would like to book a skin prick test for my son.',
};

describe('POST /api/contact_us', () => {
  it('stores the message and queues one e-mail to the clinic with reply-to the sender', async () => {
    const response = await post(valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: CONTACT_SUCCESS_MESSAGE });

    const messages = await database.db.select().from(contactMessages);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      name: valid.name,
      email: valid.email,
      phone: valid.phone,
      message: valid.message,
    });
    const outbox = await database.db.select().from(emailOutbox);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      id: messages[0]?.emailOutboxId,
      toAddress: 'desk@clinic.test',
      replyTo: valid.email,
      status: 'pending',
      subject: 'Message from the website contact form',
    });
    expect(outbox[0]?.textBody).toContain(valid.message);
    expect(outbox[0]?.textBody).toContain(valid.phone);
  });

  it('accepts a message without a phone (absent or empty)', async () => {
    const { phone: _phone, ...withoutPhone } = valid;
    expect((await post(withoutPhone)).statusCode).toBe(201);
    const response = await post({ ...valid, email: 'empty-phone@example.com', phone: '' });
    expect(response.statusCode).toBe(201);
    const [stored] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'empty-phone@example.com'));
    expect(stored?.phone).toBeNull();
  });

  it.each([
    ['name', undefined, texts.required],
    ['name', '   ', texts.required],
    ['name', 'M', texts.tooShort],
    ['name', 'M'.repeat(71), texts.tooLong],
    ['email', undefined, texts.required],
    ['email', '', texts.required],
    ['email', 'not-an-email', texts.mailInvalid],
    ['phone', 'abc123', texts.phoneInvalid],
    ['phone', '087.123.4567', texts.phoneInvalid],
    ['phone', '++353 1 234567', texts.phoneInvalid],
    // The one phone rule of every form: 6 to 12 digits, with the spec's length texts.
    ['phone', '12345', texts.tooShort],
    ['phone', '1'.repeat(13), texts.tooLong],
    ['phone', '1'.repeat(21), texts.tooLong],
    ['message', undefined, texts.required],
    ['message', 'Too short', texts.tooShort],
    ['message', 'x'.repeat(2001), texts.tooLong],
  ])('answers 422 when %s is %j', async (field, value, text) => {
    const response = await post({ ...valid, [field]: value });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error_messages: text, errors: { [field]: [text] } });
  });

  it('refuses a 10 KB message with "Text is too long."', async () => {
    const response = await post({ ...valid, message: 'x'.repeat(10 * 1024) });
    expect(response.statusCode).toBe(422);
    expect(response.json().error_messages).toBe(texts.tooLong);
  });

  it('refuses an unknown field', async () => {
    const response = await post({ ...valid, admin: true });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('admin');
  });

  it('stores nothing when the request is refused', async () => {
    const before = (await database.db.select().from(emailOutbox)).length;
    await post({ ...valid, email: 'bad' });
    expect(await database.db.select().from(emailOutbox)).toHaveLength(before);
  });

  it('refuses a line break in the name (a header injection attempt), and escapes the HTML body', async () => {
    const refused = await post({
      ...valid,
      name: 'Eve\r\nBcc: victim@example.com',
      email: 'eve@example.com',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.name).toEqual(['This field contains characters that are not allowed.']);
    const response = await post({
      ...valid,
      name: 'Eve',
      email: 'eve@example.com',
      message: '<script>alert(1)</script> please call me back',
    });
    expect(response.statusCode).toBe(201);
    const [message] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'eve@example.com'));
    const [email] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, message?.emailOutboxId ?? -1));
    expect(email?.subject).toBe('Message from the website contact form');
    expect(email?.textBody).toContain('Name: Eve');
    expect(email?.toAddress).toBe('desk@clinic.test');
    expect(email?.htmlBody).not.toContain('<script>');
    expect(email?.htmlBody).toContain('&lt;script&gt;');
  });

  it('keeps an RFC 2047 encoded word in the name out of the subject, in the body only', async () => {
    const encoded = '=?UTF-8?B?VVJHRU5UOiB5b3VyIGFjY291bnQgaXMgc3VzcGVuZGVk?=';
    const response = await post({ ...valid, name: encoded, email: 'encoded@example.com' });
    expect(response.statusCode).toBe(201);
    const [message] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'encoded@example.com'));
    const [email] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, message?.emailOutboxId ?? -1));
    expect(email?.subject).toBe('Message from the website contact form');
    expect(email?.subject).not.toContain('=?');
    expect(email?.textBody).toContain(`Name: ${encoded}`);
  });

  it('allows 5 messages a minute from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await post({ ...valid, email: `burst${i}@example.com` }, '192.0.2.77')).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
