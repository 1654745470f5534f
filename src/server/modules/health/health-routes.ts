import type { FastifyInstance } from 'fastify';
import { getHealth } from '../../../shared/api/health-endpoints';
import { route } from '../../http/endpoint-route';

/** `GET /api/health`: up, with the database reached; 503 when it cannot be. */
export async function healthRoutes(api: FastifyInstance): Promise<void> {
  route(api, getHealth, async (request, reply) => {
    try {
      await api.database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      // The down answer keeps the status fields beside the error text, which an HttpError has no room for.
      return reply
        .code(503)
        .send({ error_messages: 'The database is unreachable.', status: 'error', database: 'error' });
    }
    return { status: 'ok', database: 'ok' } as const;
  });
}
