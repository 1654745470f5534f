import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { bearerCredential } from '../http/bearer-credential';
import { errorBody } from '../http/http-errors';
import type { PrometheusMetrics } from './app-metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an Authorization header carries the bearer token. Both sides are hashed first, so the comparison
 * takes the same time whatever the header holds, its length included.
 */
export function isBearerToken(header: string | undefined, token: string): boolean {
  const credential = bearerCredential(header);
  const given = digest(credential ?? '');
  return timingSafeEqual(given, digest(token)) && credential !== undefined;
}

/**
 * `GET /metrics` for Prometheus, and the hook that times every request. Registered only when `METRICS_TOKEN`
 * is set (without it the path is as unknown as any other); answered only to `Authorization: Bearer <token>`.
 * Not an API endpoint (not in the API reference), not a page (never kept by the page cache, which only
 * keeps rendered pages), and never named in robots.txt or the sitemap.
 */
export function registerMetrics(app: FastifyInstance, metrics: PrometheusMetrics, token: string): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request, reply);
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!isBearerToken(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send(errorBody('unauthorized', 'Unauthorized'));
    }
    const body = await metrics.scrape();
    return reply.type(metrics.contentType).send(body);
  });
}
