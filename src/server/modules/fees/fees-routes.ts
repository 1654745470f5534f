import type { FastifyInstance } from 'fastify';
import { listFeeCategories } from '../../../shared/api/fees-endpoint-schemas';
import { route } from '../../http/endpoint-route';
import { listFeeCategories as listCategories } from './fees-repository';

/** Public read of the fees (spec section 7): `GET /api/fee_categories`, each with its services and prices. */
export async function feesPublicRoutes(api: FastifyInstance): Promise<void> {
  route(api, listFeeCategories, async ({ query }) => {
    const { items, pages, count } = await listCategories(api.db, query);
    return { fee_categories: items, pages, count };
  });
}
