import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

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
