import type { healthResponseSchema } from '../health';
import { defineEndpoint } from './endpoint';

export const getHealth = defineEndpoint<{ response: typeof healthResponseSchema }>()({
  method: 'GET',
  path: '/api/health',
  access: 'public',
});
