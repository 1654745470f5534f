import type { FastifyInstance } from 'fastify';
import { isApiRoute } from './api-route';
import { crossSiteRefusal } from './cross-site-guard';
import { type SecurityHeaders, securityHeaders, securityHeadersWriter } from './security-headers';

/**
 * What every request gets as it arrives, in one `onRequest` hook rather than three (each hook is a step of
 * Fastify's hook runner on every request): its id and, for the API, `no-store`; the cross-site guard; then the
 * security headers, which an answer the guard refuses goes without, as when they were hooks of their own.
 * All of them are the reply's own headers, so a header a route sets itself (its own cache-control) is written
 * over them. Answers the security headers, for what answers requests before Fastify (web/page-front.ts).
 */
export function registerRequestStart(app: FastifyInstance, options: { dev: boolean }): SecurityHeaders {
  const security = securityHeaders(options);
  const writeSecurityHeaders = securityHeadersWriter(security);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // The route's template as well as the address: `/%61pi/…` reaches the same API route.
    if (isApiRoute(request) || request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    const refusal = crossSiteRefusal(request);
    if (refusal) {
      done(refusal);
      return;
    }
    writeSecurityHeaders(request, reply);
    done();
  });
  return security;
}
