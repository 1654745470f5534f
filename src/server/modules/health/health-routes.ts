import type { FastifyInstance } from 'fastify';
import { getHealth } from '../../../shared/api/health-endpoint-schemas';
import { route } from '../../http/endpoint-route';
import { errorBody } from '../../http/http-errors';
import { withinTime } from '../../time-limit';

/**
 * How long the health check waits for the database. A database that refuses fails the ping at once; one that
 * stops answering (a network partition, a frozen server) would leave it waiting for as long as TCP does, and a
 * load balancer would see a check that never ends instead of a 503.
 */
export const HEALTH_DATABASE_TIMEOUT_MS = 2_000;

/** Whether the database answers `select 1` within `timeoutMs`; the error or the timeout when it does not. */
const pingWithin = (ping: () => Promise<void>, timeoutMs: number): Promise<unknown> =>
  withinTime(
    ping().then(
      () => undefined,
      (error: unknown) => error ?? new Error('ping failed'),
    ),
    timeoutMs,
    () => new Error(`the database did not answer within ${timeoutMs} ms`),
  );

/** `GET /api/health`: up, with the database reached; 503 when it refuses or does not answer within 2 s. */
export async function healthRoutes(api: FastifyInstance): Promise<void> {
  route(api, getHealth, async (request, reply) => {
    const failure = await pingWithin(() => api.database.ping(), HEALTH_DATABASE_TIMEOUT_MS);
    if (failure !== undefined) {
      request.log.error({ err: failure }, 'health check: database unreachable');
      // The down answer keeps the status fields beside the error text, which an HttpError has no room for.
      return reply.code(503).send({
        ...errorBody('service_unavailable', 'The database is unreachable.'),
        status: 'error',
        database: 'error',
      });
    }
    return { status: 'ok', database: 'ok' } as const;
  });
}
