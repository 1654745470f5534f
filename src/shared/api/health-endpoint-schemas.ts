import { healthResponseSchema } from '../health';
import { withSchemas } from './endpoint-schemas';
import * as api from './health-endpoints';

export const getHealth = withSchemas(api.getHealth, {
  summary: 'Up, with the database reached; 503 when the database refuses or does not answer within 2 s',
  response: healthResponseSchema,
});
