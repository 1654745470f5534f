import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  summary: 'Up, with the database reached; 503 when the database refuses or does not answer within 2 s',
  access: 'public',
  response: healthResponseSchema,
});
