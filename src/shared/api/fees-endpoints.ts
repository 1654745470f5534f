import type { feeCategoriesQuerySchema, feeCategoriesResponseSchema } from '../fees';
import { defineEndpoint } from './endpoint';

export const listFeeCategories = defineEndpoint<{
  query: typeof feeCategoriesQuerySchema;
  response: typeof feeCategoriesResponseSchema;
}>()({ method: 'GET', path: '/api/fee_categories', access: 'public' });
