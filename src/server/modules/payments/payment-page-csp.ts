import type { FastifyInstance } from 'fastify';
import { routePath } from '../../../shared/route-path';

/** The page with the card form (spec 2.2 `/payment`): the only page that may load Stripe.js. */
const PAYMENT_PAGE_PATH = '/payment';

/**
 * What Stripe.js and Elements need (Stripe's CSP guide): its script, its iframes (the card field and
 * 3-D Secure) and its API.
 */
const STRIPE_SOURCES: Readonly<Record<string, readonly string[]>> = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
};

/** A Content-Security-Policy with `additions` appended to its directives (a missing one is added). */
export function widenCsp(policy: string, additions: Readonly<Record<string, readonly string[]>>): string {
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => directive.split(/\s+/));
  for (const [name, sources] of Object.entries(additions)) {
    const directive = directives.find(([existing]) => existing === name);
    if (directive) directive.push(...sources.filter((source) => !directive.includes(source)));
    else directives.push([name, ...sources]);
  }
  return directives.map((directive) => directive.join(' ')).join(';');
}

/**
 * With Stripe, the payment page's own document is allowed Stripe.js (DESIGN.md section 2); every other
 * page keeps the strict policy. The booking form loads `/payment` as a new document, so this policy is the
 * one in force there. Registered after the security headers, whose hook sets the policy first.
 */
export function registerPaymentPageCsp(app: FastifyInstance): void {
  if (app.appointments.provider.name !== 'stripe') return;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (routePath(request.url.split('?')[0] ?? '') !== PAYMENT_PAGE_PATH) return;
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', widenCsp(policy, STRIPE_SOURCES));
  });
}
