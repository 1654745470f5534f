import type { FastifyInstance } from 'fastify';
import { type FeeCategoriesResponse, feeCategoriesQuerySchema } from '../../../shared/fees';
import { pageCount } from '../../../shared/pagination';
import { validate } from '../../http/validation';
import { listFeeCategories } from './fees-repository';

/** Public read of the fees (spec section 7): `GET /api/fee_categories`, each with its services and prices. */
export async function feesPublicRoutes(app: FastifyInstance): Promise<void> {
  app.get('/fee_categories', async (request): Promise<FeeCategoriesResponse> => {
    const query = validate(feeCategoriesQuerySchema, request.query);
    const { items, count } = await listFeeCategories(app.db, query.page, query.per_page);
    return { fee_categories: items, pages: pageCount(count, query.per_page), count };
  });
}
