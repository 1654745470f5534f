import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLocalUrl, readConfig } from './config';
import { createPaymentProvider } from './modules/payments/create-payment-provider';
import type { StripeSettings } from './modules/payments/stripe-provider';
import { type FakeStripe, startFakeStripe } from './test/fake-stripe';

describe('readConfig', () => {
  it('has defaults for a fresh machine', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      seed: true,
      publicUrl: 'http://localhost:3000',
      env: 'production',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.admin).toBeUndefined();
    expect(config.trustProxy).toBe(false);
    expect(config.payments).toBe('test');
    expect(config).not.toHaveProperty('stripe');
    expect(config.metricsToken).toBeUndefined();
  });

  it('reads METRICS_TOKEN, and refuses a short one or one with spaces', () => {
    expect(readConfig({ METRICS_TOKEN: 'a1b2c3d4e5f6a7b8c9d0' }).metricsToken).toBe('a1b2c3d4e5f6a7b8c9d0');
    for (const token of ['short', 'a1b2c3d4e5f6a7b8 c9d0']) {
      expect(() => readConfig({ METRICS_TOKEN: token })).toThrow(
        /METRICS_TOKEN: must be at least 16 characters/,
      );
    }
  });

  it.each([
    ['false', false],
    ['0', false],
    ['no', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    [' 10.0.0.0/8, 192.168.1.1 ,::1,fd00::/8 ', ['10.0.0.0/8', '192.168.1.1', '::1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('reads TRUST_PROXY=%j', (value, trustProxy) => {
    expect(readConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });

  it.each(['true', 'yes', 'TRUE'])('refuses TRUST_PROXY=%j, which would trust every hop', (value) => {
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(
      /TRUST_PROXY: true would trust every X-Forwarded-For/,
    );
  });

  it.each([
    'proxy.example',
    '10.0.0.1/33',
    '10.0.0.0/8/1',
    '1,2',
    '-1',
    '10.0.0.1,,10.0.0.2',
  ])('refuses TRUST_PROXY=%j with a clear message', (value) => {
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(
      /TRUST_PROXY: expected false, a number of proxies/,
    );
  });

  it('reads every variable', () => {
    const config = readConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://clinic.example/',
      PAYMENTS: 'test',
      DATABASE_URL: 'postgres://u@h/db',
      SEED: 'false',
      ADMIN_EMAIL: 'a@b.ie',
      ADMIN_PASSWORD: 'pw123456',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'https://clinic.example',
      databaseUrl: 'postgres://u@h/db',
      seed: false,
      admin: { email: 'a@b.ie', password: 'pw123456' },
      trustProxy: 1,
    });
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ SEED: 'maybe' }, /SEED/],
    [{ ADMIN_EMAIL: 'a@b.ie' }, /ADMIN_PASSWORD/],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });
});

const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_abc123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
};
const STRIPE = {
  secretKey: 'sk_test_abc123',
  publishableKey: 'pk_test_abc123',
  webhookSecret: 'whsec_abc123',
};
const PUBLIC = 'https://dublinallergyclinic.ie';

describe('PAYMENTS: Stripe or test mode', () => {
  it.each([
    'http://localhost',
    'http://localhost:3000',
    'https://LOCALHOST:8443/',
    'http://clinic.localhost:3000',
    'http://a.b.localhost',
    'http://127.0.0.1:3000',
    'http://127.200.3.4',
    'http://[::1]:3000',
    'http://[0:0:0:0:0:0:0:1]/',
  ])('counts %s as local', (url) => {
    expect(isLocalUrl(url)).toBe(true);
  });

  it.each([
    'https://dublinallergyclinic.ie',
    'http://clinic.test',
    // Private LAN ranges are not local: the rest of the network, or a forwarded port, reaches them.
    'http://192.168.1.20:3000',
    'http://10.0.0.5',
    'http://172.16.0.1',
    'http://[fd00::1]:3000',
    'http://[fe80::1]',
    'http://0.0.0.0:3000',
    'http://[::ffff:127.0.0.1]',
    'http://localhost.example',
    'http://127.0.0.1.nip.io',
    'http://mylocalhost',
    'http://128.0.0.1',
  ])('does not count %s as local', (url) => {
    expect(isLocalUrl(url)).toBe(false);
  });

  it('is test mode on a fresh machine: no PUBLIC_URL is http://localhost:$PORT', () => {
    expect(readConfig({ PORT: '8080' })).toMatchObject({
      payments: 'test',
      testModeReason: 'no Stripe keys, and PUBLIC_URL http://localhost:8080 is a local address',
    });
  });

  it.each([
    'http://127.0.0.1:4000',
    'http://[::1]:4000',
    'http://clinic.localhost',
  ])('is test mode without keys on the local PUBLIC_URL %s', (url) => {
    expect(readConfig({ PUBLIC_URL: url })).toMatchObject({ payments: 'test' });
  });

  it('refuses a public PUBLIC_URL without Stripe keys, saying what to set', () => {
    expect(() => readConfig({ PUBLIC_URL: `${PUBLIC}/` })).toThrow(
      'Invalid configuration: PUBLIC_URL https://dublinallergyclinic.ie is not a local address and no Stripe keys are set, so bookings would be marked paid without taking any money. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take card payments through Stripe, or PAYMENTS=test for a demonstration site where no real payment is taken.',
    );
  });

  it.each([
    'http://192.168.1.20:3000',
    'http://10.1.2.3',
    'http://clinic.test',
  ])('refuses the non-local PUBLIC_URL %s without keys', (url) => {
    expect(() => readConfig({ PUBLIC_URL: url })).toThrow(/is not a local address and no Stripe keys/);
  });

  it('is test mode on a public PUBLIC_URL when PAYMENTS=test asks for it', () => {
    expect(readConfig({ PUBLIC_URL: PUBLIC, PAYMENTS: 'test' })).toMatchObject({
      payments: 'test',
      testModeReason: 'PAYMENTS=test',
    });
  });

  it('prefers PAYMENTS=test to Stripe keys, and says so for the start-up log', () => {
    const config = readConfig({ PUBLIC_URL: PUBLIC, PAYMENTS: 'test', ...KEYS });
    expect(config.payments).toBe('test');
    expect(config).not.toHaveProperty('stripe');
    expect(config.testModeReason).toBe(
      'PAYMENTS=test; the Stripe keys set (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET) are ignored',
    );
  });

  it.each([
    PUBLIC,
    'http://localhost:3000',
  ])('takes card payments through Stripe with the three keys on %s', (url) => {
    for (const payments of [{}, { PAYMENTS: 'stripe' }]) {
      const config = readConfig({ PUBLIC_URL: url, ...KEYS, ...payments });
      expect(config.payments).toBe('stripe');
      expect(config.stripe).toEqual(STRIPE);
      expect(config.testModeReason).toBeUndefined();
    }
  });

  it.each([PUBLIC, 'http://localhost:3000'])('refuses PAYMENTS=stripe without keys on %s', (url) => {
    expect(() => readConfig({ PUBLIC_URL: url, PAYMENTS: 'stripe' })).toThrow(
      'Invalid configuration: card payments through Stripe (PAYMENTS=stripe) need STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET; missing STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET. Set them, or PAYMENTS=test for a demonstration site where no real payment is taken.',
    );
  });

  it.each([
    ['STRIPE_SECRET_KEY'],
    ['STRIPE_PUBLISHABLE_KEY'],
    ['STRIPE_WEBHOOK_SECRET'],
    ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  ] as const)('refuses a part of the Stripe keys (%j), local or not, naming the missing ones', (...names) => {
    const some = Object.fromEntries(names.map((name) => [name, KEYS[name]]));
    const missing = Object.keys(KEYS).filter((name) => !(names as readonly string[]).includes(name));
    for (const env of [some, { ...some, PUBLIC_URL: PUBLIC }, { ...some, PAYMENTS: 'stripe' }]) {
      expect(() => readConfig(env)).toThrow(`missing ${missing.join(', ')}.`);
    }
    // Asked for by name, test mode ignores them.
    expect(readConfig({ ...some, PAYMENTS: 'test' }).payments).toBe('test');
  });

  it.each(['Stripe', 'TEST', 'live', 'none', 'true'])('refuses PAYMENTS=%j', (value) => {
    expect(() => readConfig({ PAYMENTS: value, ...KEYS })).toThrow(/PAYMENTS: /);
  });

  it('treats an empty PAYMENTS as unset', () => {
    expect(readConfig({ PAYMENTS: '' }).payments).toBe('test');
    expect(() => readConfig({ PAYMENTS: '', PUBLIC_URL: PUBLIC })).toThrow(/not a local address/);
  });
});

describe('RETENTION_DAYS', () => {
  it("keeps the forms' data 90 days unless set, and reads a whole number of days from 1 to 3650", () => {
    expect(readConfig({}).retentionDays).toBe(90);
    expect(readConfig({ RETENTION_DAYS: '' }).retentionDays).toBe(90);
    expect(readConfig({ RETENTION_DAYS: '30' }).retentionDays).toBe(30);
    expect(readConfig({ RETENTION_DAYS: ' 365 ' }).retentionDays).toBe(365);
    expect(readConfig({ RETENTION_DAYS: '1' }).retentionDays).toBe(1);
    expect(readConfig({ RETENTION_DAYS: '3650' }).retentionDays).toBe(3650);
  });

  it.each([
    '0',
    '-1',
    '3651',
    '12.5',
    '90 days',
    '1e2',
    'ninety',
    '0x5A',
    '99999999999999999999',
  ])('refuses RETENTION_DAYS=%j at start, saying what it expects', (value) => {
    expect(() => readConfig({ RETENTION_DAYS: value })).toThrow(
      `Invalid configuration:\n  RETENTION_DAYS: expected a whole number of days from 1 to 3650 (the privacy policy says 90); not ${JSON.stringify(value)}`,
    );
  });
});

describe('ADMIN_IDLE_MINUTES and ADMIN_SESSION_HOURS', () => {
  it('end a back-office session after 30 minutes unused and 12 hours in all unless set', () => {
    expect(readConfig({}).adminSessions).toEqual({ idleMinutes: 30, maxHours: 12 });
    expect(readConfig({ ADMIN_IDLE_MINUTES: ' 15 ', ADMIN_SESSION_HOURS: '8' }).adminSessions).toEqual({
      idleMinutes: 15,
      maxHours: 8,
    });
    expect(readConfig({ ADMIN_IDLE_MINUTES: '1440', ADMIN_SESSION_HOURS: '168' }).adminSessions).toEqual({
      idleMinutes: 1440,
      maxHours: 168,
    });
  });

  it.each([
    '0',
    '1441',
    '30 minutes',
    '0.5',
    '1e2',
    'half an hour',
  ])('refuse ADMIN_IDLE_MINUTES=%j at start, saying what they expect', (value) => {
    expect(() => readConfig({ ADMIN_IDLE_MINUTES: value })).toThrow(
      `Invalid configuration:\n  ADMIN_IDLE_MINUTES: expected a whole number of minutes from 1 to 1440 (usually 30); not ${JSON.stringify(value)}`,
    );
  });

  it.each(['0', '169', '12h', '-1'])('refuse ADMIN_SESSION_HOURS=%j at start', (value) => {
    expect(() => readConfig({ ADMIN_SESSION_HOURS: value })).toThrow(
      `Invalid configuration:\n  ADMIN_SESSION_HOURS: expected a whole number of hours from 1 to 168 (usually 12); not ${JSON.stringify(value)}`,
    );
  });

  it('refuse an idle limit longer than the whole session, which would never apply', () => {
    expect(() => readConfig({ ADMIN_IDLE_MINUTES: '121', ADMIN_SESSION_HOURS: '2' })).toThrow(
      'Invalid configuration: ADMIN_IDLE_MINUTES (121) is longer than ADMIN_SESSION_HOURS (2 hours), so no session would ever end for want of use; make it shorter.',
    );
    expect(
      readConfig({ ADMIN_IDLE_MINUTES: '120', ADMIN_SESSION_HOURS: '2' }).adminSessions.idleMinutes,
    ).toBe(120);
  });
});

describe('PAYMENTS_TEST_DELAY_MS', () => {
  it('slows the test provider only, within 0 to 60 000 ms', () => {
    expect(readConfig({}).testDelayMs).toBeUndefined();
    expect(readConfig({ PAYMENTS_TEST_DELAY_MS: '2500' }).testDelayMs).toBe(2500);
    expect(readConfig({ ...KEYS, PAYMENTS_TEST_DELAY_MS: '2500' }).testDelayMs).toBeUndefined();
    expect(() => readConfig({ PAYMENTS_TEST_DELAY_MS: '60001' })).toThrow(/PAYMENTS_TEST_DELAY_MS/);
    expect(() => readConfig({ PAYMENTS_TEST_DELAY_MS: 'soon' })).toThrow(/PAYMENTS_TEST_DELAY_MS/);
  });
});

describe('STRIPE_API_URL', () => {
  it.each([
    ['http://127.0.0.1:12111', { host: '127.0.0.1', port: 12111, protocol: 'http' }],
    ['http://127.0.0.1:12111/', { host: '127.0.0.1', port: 12111, protocol: 'http' }],
    ['http://localhost', { host: 'localhost', port: 80, protocol: 'http' }],
    ['https://stripe-mock.internal', { host: 'stripe-mock.internal', port: 443, protocol: 'https' }],
    ['HTTPS://Stripe-Mock.Internal:8443', { host: 'stripe-mock.internal', port: 8443, protocol: 'https' }],
    ['http://[::1]:12111', { host: '::1', port: 12111, protocol: 'http' }],
  ])('reads %s into the SDK host, port and protocol', (url, api) => {
    const config = readConfig({ ...KEYS, STRIPE_API_URL: url });
    expect(config.stripe).toEqual({ ...STRIPE, ...api });
    // Exactly the settings the payment provider takes.
    const settings: StripeSettings | undefined = config.stripe;
    expect(settings).toBeDefined();
  });

  it.each([
    'localhost:12111',
    '127.0.0.1:12111',
    'ftp://127.0.0.1:12111',
    'ws://127.0.0.1:12111',
    'http://127.0.0.1:12111/v1',
    'http://127.0.0.1:12111/v1/',
    'http://127.0.0.1:12111?a=1',
    'http://127.0.0.1:12111/?',
    'http://127.0.0.1:12111#x',
    'http://user:pass@127.0.0.1:12111',
    'http://127.0.0.1:99999',
    'not a url',
  ])('refuses STRIPE_API_URL=%j', (url) => {
    expect(() => readConfig({ ...KEYS, STRIPE_API_URL: url })).toThrow(
      /STRIPE_API_URL: expected an http:\/\/ or https:\/\/ origin without a path or query/,
    );
  });

  it('is refused with a live secret key, which only ever goes to Stripe', () => {
    expect(() =>
      readConfig({ ...KEYS, STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_API_URL: 'http://127.0.0.1:12111' }),
    ).toThrow(/STRIPE_API_URL is for tests .* refused with a live secret key/);
    expect(readConfig({ ...KEYS, STRIPE_SECRET_KEY: 'sk_live_abc123' }).stripe?.host).toBeUndefined();
  });

  it('is left out in test mode', () => {
    const config = readConfig({ ...KEYS, PAYMENTS: 'test', STRIPE_API_URL: 'http://127.0.0.1:12111' });
    expect(config).not.toHaveProperty('stripe');
  });

  describe('sends the SDK to that server', () => {
    let fake: FakeStripe;
    beforeAll(async () => {
      fake = await startFakeStripe();
    });
    afterAll(() => fake.close());

    it('charges through the fake from the configuration alone', async () => {
      const config = readConfig({ ...KEYS, STRIPE_API_URL: `http://127.0.0.1:${fake.port}` });
      const provider = await createPaymentProvider(config.stripe);
      expect(provider.name).toBe('stripe');
      const created = await provider.create({
        amountCents: 12_000,
        currency: 'eur',
        idempotencyKey: 'config-test-1',
        description: 'config test',
        metadata: {},
      });
      const payment = await provider.confirm(created.id, 'pm_card_visa', 'config-test-1-confirm');
      expect(payment).toMatchObject({ status: 'succeeded', amountCents: 12_000 });
      expect(fake.requests).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          path: '/v1/payment_intents',
          idempotencyKey: 'config-test-1',
        }),
      );
    });
  });
});
