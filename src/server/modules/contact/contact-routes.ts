import type { FastifyInstance } from 'fastify';
import { sendContactMessage } from '../../../shared/api/contact-endpoint-schemas';
import { route } from '../../http/endpoint-route';
import { sendContactMessage as send } from './contact-service';

/** `POST /api/contact_us` (spec 2.3): stores the message and queues an e-mail to the clinic, atomically. */
export async function contactRoutes(api: FastifyInstance): Promise<void> {
  route(
    api,
    sendContactMessage,
    async ({ body }) => ({
      message: await send(api.db, api.config.clinicEmail, body),
    }),
    { config: { rateLimit: { max: 5, timeWindow: '1 minute' } } },
  );
}
