import type { takingsQuerySchema, takingsResponseSchema } from '../takings';
import { defineEndpoint } from './endpoint';

// Back office: the takings, day by day (issue 32).

export const getTakings = defineEndpoint<{
  query: typeof takingsQuerySchema;
  response: typeof takingsResponseSchema;
}>()({ method: 'GET', path: '/api/admin/takings', access: 'admin', permission: 'takings' });

/** Takings.csv: a row a payment taken and a refund made in the range. */
export const exportTakings = defineEndpoint<{ query: typeof takingsQuerySchema }>()({
  method: 'GET',
  path: '/api/admin/export_takings',
  access: 'admin',
  permission: 'takings',
});
