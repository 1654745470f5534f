import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { clinic } from '../../shared/clinic';

/**
 * The OpenAPI document generated from the endpoint definitions (`/api/openapi.json`) and a readable
 * reference (`/api/docs`). Both are public: they describe what the site's own scripts already show to
 * anyone (the back office's bundle names every admin call), and every admin call still needs a token.
 * Register before the routes, so each is seen.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${clinic.name} API`,
        version: '1',
        description:
          'Errors answer `{ error_messages, errors? }` with a 4xx status. Admin calls need `Authorization: Bearer <auth_token>` from the sign-in call.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      tags: [
        { name: 'public', description: 'Calls of the public site' },
        { name: 'admin', description: 'Back-office calls (bearer token)' },
      ],
    },
    // Only endpoint routes carry a tag; pages, files and the docs themselves stay out.
    hideUntagged: true,
    transform: createJsonSchemaTransform({ zodToJsonConfig: { unrepresentable: 'any' } }),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
