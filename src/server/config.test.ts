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
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'https://clinic.example',
      databaseUrl: 'postgres://u@h/db',
      seed: false,
      admin: { email: 'a@b.ie', password: 'pw123456' },
      trustProxy: true,
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
