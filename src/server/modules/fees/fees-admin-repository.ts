import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { AdminFeeCategory, FeePrice, FeeService } from '../../../shared/fees';
import type { Db } from '../../db/database';
import { containsText, type PageRequest, paginate } from '../../db/paginate';
import { feeCategories, feePrices, feeServices } from '../../db/schema';

// Qualified by hand: drizzle leaves columns unqualified in a one-table select, where `id` would be the service's.
const servicesCount = sql<number>`(select count(*)::int from "fee_services" where "fee_services"."fee_category_id" = "fee_categories"."id")`;

const categoryColumns = { id: feeCategories.id, title: feeCategories.title, services_count: servicesCount };

/** Categories by position (then id), their services counted; `search` matches part of the title. */
export async function listAdminFeeCategories(db: Db, request: PageRequest & { search?: string }) {
  const where = containsText(request.search, feeCategories.title);
  return paginate<AdminFeeCategory>(
    db
      .select(categoryColumns)
      .from(feeCategories)
      .where(where)
      .orderBy(asc(feeCategories.position), asc(feeCategories.id)),
    db.$count(feeCategories, where),
    request,
  );
}

export async function findAdminFeeCategory(db: Db, id: number): Promise<AdminFeeCategory | undefined> {
  const [row] = await db.select(categoryColumns).from(feeCategories).where(eq(feeCategories.id, id)).limit(1);
  return row;
}

export async function feeCategoryExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: feeCategories.id })
    .from(feeCategories)
    .where(eq(feeCategories.id, id))
    .limit(1);
  return row !== undefined;
}

/** A new category goes after the last one. */
export async function insertFeeCategory(db: Db, title: string): Promise<AdminFeeCategory> {
  const [row] = await db
    .insert(feeCategories)
    .values({
      title,
      position: sql`(select coalesce(max(${feeCategories.position}), 0) + 1 from ${feeCategories})`,
    })
    .returning({ id: feeCategories.id, title: feeCategories.title });
  if (!row) throw new Error('fee category insert returned no row');
  return { ...row, services_count: 0 };
}

export async function updateFeeCategory(db: Db, id: number, title: string): Promise<boolean> {
  const rows = await db
    .update(feeCategories)
    .set({ title, updatedAt: new Date() })
    .where(eq(feeCategories.id, id))
    .returning({ id: feeCategories.id });
  return rows.length > 0;
}

/** Deletes a category; its services and their prices go with it (foreign keys cascade). */
export async function deleteFeeCategory(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(feeCategories)
    .where(eq(feeCategories.id, id))
    .returning({ id: feeCategories.id });
  return rows.length > 0;
}

async function pricesOf(db: Db, serviceIds: number[]): Promise<Map<number, FeePrice[]>> {
  const byService = new Map<number, FeePrice[]>(serviceIds.map((id) => [id, []]));
  if (serviceIds.length === 0) return byService;
  const rows = await db
    .select()
    .from(feePrices)
    .where(inArray(feePrices.feeServiceId, serviceIds))
    .orderBy(asc(feePrices.position), asc(feePrices.id));
  for (const row of rows) {
    byService.get(row.feeServiceId)?.push({
      id: row.id,
      description: row.description,
      amount: row.amountCents / 100,
    });
  }
  return byService;
}

export type FeeServiceRow = { id: number; title: string; feeCategoryId: number };

async function withPrices(db: Db, rows: FeeServiceRow[]): Promise<FeeService[]> {
  const prices = await pricesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    fee_category_id: row.feeCategoryId,
    prices: prices.get(row.id) ?? [],
  }));
}

const serviceColumns = {
  id: feeServices.id,
  title: feeServices.title,
  feeCategoryId: feeServices.feeCategoryId,
};

/** Services by position (then id) with their prices, of one category or all; `search` matches the title. */
export async function listAdminFeeServices(
  db: Db,
  request: PageRequest & { search?: string; categoryId?: number },
) {
  const where = and(
    request.categoryId === undefined ? undefined : eq(feeServices.feeCategoryId, request.categoryId),
    containsText(request.search, feeServices.title),
  );
  const page = await paginate(
    db
      .select(serviceColumns)
      .from(feeServices)
      .where(where)
      .orderBy(asc(feeServices.position), asc(feeServices.id)),
    db.$count(feeServices, where),
    request,
  );
  return { ...page, items: await withPrices(db, page.items) };
}

export async function findAdminFeeService(db: Db, id: number): Promise<FeeService | undefined> {
  const [row] = await db.select(serviceColumns).from(feeServices).where(eq(feeServices.id, id)).limit(1);
  return row ? (await withPrices(db, [row]))[0] : undefined;
}

/** The service's row, locked until the transaction ends. */
export async function lockFeeServiceRow(db: Db, id: number): Promise<FeeServiceRow | undefined> {
  const [row] = await db.select(serviceColumns).from(feeServices).where(eq(feeServices.id, id)).for('update');
  return row;
}

/** After the last service of the category. */
export async function nextServicePosition(db: Db, categoryId: number): Promise<number> {
  const [row] = await db
    .select({ value: max(feeServices.position) })
    .from(feeServices)
    .where(eq(feeServices.feeCategoryId, categoryId));
  return (row?.value ?? 0) + 1;
}

export async function insertFeeService(
  db: Db,
  values: { feeCategoryId: number; title: string; position: number },
): Promise<number> {
  const [row] = await db.insert(feeServices).values(values).returning({ id: feeServices.id });
  if (!row) throw new Error('fee service insert returned no row');
  return row.id;
}

export async function updateFeeService(
  db: Db,
  id: number,
  values: Partial<Pick<typeof feeServices.$inferInsert, 'title' | 'feeCategoryId' | 'position'>>,
): Promise<void> {
  await db
    .update(feeServices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(feeServices.id, id));
}

/** The ids of every price line of a category's services. */
export async function priceIdsOfCategory(db: Db, categoryId: number): Promise<number[]> {
  const rows = await db
    .select({ id: feePrices.id })
    .from(feePrices)
    .innerJoin(feeServices, eq(feeServices.id, feePrices.feeServiceId))
    .where(eq(feeServices.feeCategoryId, categoryId));
  return rows.map((row) => row.id);
}

export async function deleteFeeService(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(feeServices).where(eq(feeServices.id, id)).returning({ id: feeServices.id });
  return rows.length > 0;
}

/** The ids, positions and amounts of a service's price lines. */
export async function priceLinesOf(db: Db, serviceId: number) {
  return db
    .select({ id: feePrices.id, position: feePrices.position, amountCents: feePrices.amountCents })
    .from(feePrices)
    .where(eq(feePrices.feeServiceId, serviceId));
}

export async function deletePriceLines(db: Db, serviceId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(feePrices).where(and(eq(feePrices.feeServiceId, serviceId), inArray(feePrices.id, ids)));
}

export async function updatePriceLine(
  db: Db,
  serviceId: number,
  line: { id: number; description: string; amountCents: number },
): Promise<void> {
  await db
    .update(feePrices)
    .set({ description: line.description, amountCents: line.amountCents, updatedAt: new Date() })
    .where(and(eq(feePrices.id, line.id), eq(feePrices.feeServiceId, serviceId)));
}

export async function insertPriceLines(db: Db, lines: (typeof feePrices.$inferInsert)[]): Promise<void> {
  if (lines.length > 0) await db.insert(feePrices).values(lines);
}
