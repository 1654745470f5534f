import { z } from 'zod';
import { withSchemas } from './endpoint-schemas';
import * as api from './health-endpoints';

export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

export const getHealth = withSchemas(api.getHealth, {
  summary: 'Up, with the database reached; 503 when the database refuses or does not answer within 2 s',
  response: healthResponseSchema,
});
