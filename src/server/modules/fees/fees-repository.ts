import { asc, count, eq, sql } from 'drizzle-orm';
import type { FeeCategory, FeeService } from '../../../shared/fees';
import type { Db } from '../../db/database';
import {
  PAGE_LIMIT,
  PAGE_OFFSET,
  type PageRequest,
  paginatePrepared,
  preparedPerDatabase,
} from '../../db/paginate';
import { feeCategories, feePrices, feeServices } from '../../db/schema';

const prepared = preparedPerDatabase((db) => ({
  items: db
    .select({ id: feeCategories.id, title: feeCategories.title })
    .from(feeCategories)
    .orderBy(asc(feeCategories.position), asc(feeCategories.id))
    .limit(PAGE_LIMIT)
    .offset(PAGE_OFFSET)
    .prepare('fee_categories_page'),
  count: db.select({ count: count() }).from(feeCategories).prepare('fee_categories_count'),
  services: db
    .select({
      serviceId: feeServices.id,
      serviceTitle: feeServices.title,
      categoryId: feeServices.feeCategoryId,
      priceId: feePrices.id,
      description: feePrices.description,
      amountCents: feePrices.amountCents,
    })
    .from(feeServices)
    .leftJoin(feePrices, eq(feePrices.feeServiceId, feeServices.id))
    // One statement whatever the number of categories: their ids as one array parameter.
    .where(sql`${feeServices.feeCategoryId} = any(${sql.placeholder('categoryIds')}::int[])`)
    .orderBy(asc(feeServices.position), asc(feeServices.id), asc(feePrices.position), asc(feePrices.id))
    .prepare('fee_services_of_categories'),
}));

/**
 * One page of fee categories with their services and prices, in three prepared queries whatever the page
 * size: the categories, their count, and the services of those categories joined to their prices.
 */
export async function listFeeCategories(db: Db, request: PageRequest) {
  const statements = prepared(db);
  const page = await paginatePrepared(statements, request);

  const categories: FeeCategory[] = page.items.map((row) => ({ id: row.id, title: row.title, services: [] }));
  if (categories.length > 0) {
    const rows = await statements.services.execute({
      categoryIds: categories.map((category) => category.id),
    });

    const byCategory = new Map(categories.map((category) => [category.id, category]));
    const services = new Map<number, FeeService>();
    for (const row of rows) {
      let service = services.get(row.serviceId);
      if (!service) {
        service = { id: row.serviceId, title: row.serviceTitle, fee_category_id: row.categoryId, prices: [] };
        services.set(row.serviceId, service);
        byCategory.get(row.categoryId)?.services.push(service);
      }
      if (row.priceId !== null && row.description !== null && row.amountCents !== null) {
        service.prices.push({ id: row.priceId, description: row.description, amount: row.amountCents / 100 });
      }
    }
  }
  return { ...page, items: categories };
}
