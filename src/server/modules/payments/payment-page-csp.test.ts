import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerRequestStart } from '../../http/request-start';
import { registerPaymentPageCsp, widenCsp } from './payment-page-csp';

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

async function appWith(provider: 'stripe' | 'test') {
  app = Fastify();
  app.decorate('appointments', { provider: { name: provider } } as FastifyInstance['appointments']);
  registerRequestStart(app, { dev: false });
  registerPaymentPageCsp(app);
  for (const url of ['/', '/payment', '/confirm']) app.get(url, async () => 'page');
  return app;
}

const policyOf = async (url: string) =>
  String((await app!.inject({ url })).headers['content-security-policy']);

describe('the payment page Content-Security-Policy', () => {
  it('adds sources to existing directives and adds missing ones, once', () => {
    const widened = widenCsp("default-src 'self';script-src 'self';frame-src 'self' https://a.test", {
      'script-src': ['https://js.stripe.com'],
      'frame-src': ['https://a.test', 'https://hooks.stripe.com'],
      'connect-src': ['https://api.stripe.com'],
    });
    expect(widened).toBe(
      "default-src 'self';script-src 'self' https://js.stripe.com;frame-src 'self' https://a.test https://hooks.stripe.com;connect-src https://api.stripe.com",
    );
  });

  it('with Stripe, allows Stripe.js on /payment only', async () => {
    await appWith('stripe');
    const payment = await policyOf('/payment');
    expect(payment).toMatch(/script-src 'self' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com(;|$)/);
    expect(payment).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com(;|$)/);
    expect(payment).toContain('https://hooks.stripe.com');
    expect(payment).toContain("frame-ancestors 'none'");
    expect(await policyOf('/payment?x=1')).toBe(payment);
    for (const url of ['/', '/confirm']) expect(await policyOf(url)).not.toContain('stripe');
  });

  it('in test mode, no page allows Stripe', async () => {
    await appWith('test');
    expect(await policyOf('/payment')).not.toContain('stripe');
  });
});
