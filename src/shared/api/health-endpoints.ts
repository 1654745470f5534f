import { defineEndpoint } from './endpoint';
import type { healthResponseSchema } from './health-endpoint-schemas';

export const getHealth = defineEndpoint<{ response: typeof healthResponseSchema }>()({
  method: 'GET',
  path: '/api/health',
  access: 'public',
});
