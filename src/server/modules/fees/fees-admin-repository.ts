import { and, asc, count, eq, ilike, inArray, max, type SQL, sql } from 'drizzle-orm';
import {
  type AdminFeeCategory,
  type FeePrice,
  type FeeService,
  feeTexts,
  type PriceLineChange,
} from '../../../shared/fees';
import type { Db } from '../../db/database';
import { feeCategories, feePrices, feeServices } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-errors';

interface ListOptions {
  page: number;
  perPage: number;
  search?: string;
}

/** `%` and `_` in a search are letters, not wildcards. */
function containing(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

// Qualified by hand: drizzle leaves columns unqualified in a one-table select, where `id` would be the service's.
const servicesCount = sql<number>`(select count(*)::int from "fee_services" where "fee_services"."fee_category_id" = "fee_categories"."id")`;

const categoryColumns = { id: feeCategories.id, title: feeCategories.title, services_count: servicesCount };

export async function listAdminFeeCategories(db: Db, options: ListOptions) {
  const where = options.search ? ilike(feeCategories.title, containing(options.search)) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select(categoryColumns)
      .from(feeCategories)
      .where(where)
      .orderBy(asc(feeCategories.position), asc(feeCategories.id))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db.select({ value: count() }).from(feeCategories).where(where),
  ]);
  return { items: items as AdminFeeCategory[], count: total?.value ?? 0 };
}

export async function findAdminFeeCategory(db: Db, id: number): Promise<AdminFeeCategory | undefined> {
  const [row] = await db.select(categoryColumns).from(feeCategories).where(eq(feeCategories.id, id)).limit(1);
  return row;
}

/** A new category goes after the last one. */
export async function createFeeCategory(db: Db, title: string): Promise<AdminFeeCategory> {
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

export async function updateFeeCategory(
  db: Db,
  id: number,
  title: string,
): Promise<AdminFeeCategory | undefined> {
  const [row] = await db
    .update(feeCategories)
    .set({ title, updatedAt: new Date() })
    .where(eq(feeCategories.id, id))
    .returning({ id: feeCategories.id });
  return row ? findAdminFeeCategory(db, row.id) : undefined;
}

/** Deletes a category; its services and their prices go with it (foreign keys cascade). */
export async function deleteFeeCategory(db: Db, id: number): Promise<AdminFeeCategory | undefined> {
  return db.transaction(async (tx) => {
    const category = await findAdminFeeCategory(tx, id);
    if (category) await tx.delete(feeCategories).where(eq(feeCategories.id, id));
    return category;
  });
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

type ServiceRow = { id: number; title: string; feeCategoryId: number };

async function withPrices(db: Db, rows: ServiceRow[]): Promise<FeeService[]> {
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

export async function listAdminFeeServices(db: Db, options: ListOptions & { categoryId?: number }) {
  const conditions: SQL[] = [];
  if (options.categoryId !== undefined) conditions.push(eq(feeServices.feeCategoryId, options.categoryId));
  if (options.search) conditions.push(ilike(feeServices.title, containing(options.search)));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(serviceColumns)
      .from(feeServices)
      .where(where)
      .orderBy(asc(feeServices.position), asc(feeServices.id))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db.select({ value: count() }).from(feeServices).where(where),
  ]);
  return { items: await withPrices(db, rows), count: total?.value ?? 0 };
}

export async function findAdminFeeService(db: Db, id: number): Promise<FeeService | undefined> {
  const [row] = await db.select(serviceColumns).from(feeServices).where(eq(feeServices.id, id)).limit(1);
  return row ? (await withPrices(db, [row]))[0] : undefined;
}

export interface FeeServiceInput {
  title: string;
  /** Required to create; on update, moves the service to that category. */
  categoryId?: number;
  prices: PriceLineChange[];
}

export interface FeeServiceSaved {
  service: FeeService;
  /** For the audit log: which fields changed and how many price lines were added, updated, removed. */
  changes: { fields: string[]; prices_added: number; prices_updated: number; prices_removed: number };
}

async function nextServicePosition(db: Db, categoryId: number): Promise<number> {
  const [row] = await db
    .select({ value: max(feeServices.position) })
    .from(feeServices)
    .where(eq(feeServices.feeCategoryId, categoryId));
  return (row?.value ?? 0) + 1;
}

async function assertCategoryExists(db: Db, categoryId: number): Promise<void> {
  const [row] = await db
    .select({ id: feeCategories.id })
    .from(feeCategories)
    .where(eq(feeCategories.id, categoryId))
    .limit(1);
  if (!row)
    throw new HttpError(422, feeTexts.categoryMissing, { fee_category_id: [feeTexts.categoryMissing] });
}

/** Every line with an id must name one of this service's price lines, once. */
function checkPriceIds(lines: PriceLineChange[], ownIds: Set<number>): void {
  const errors: Record<string, string[]> = {};
  const seen = new Set<number>();
  lines.forEach((line, index) => {
    if (line.kind === 'skip' || line.id === undefined) return;
    const message = !ownIds.has(line.id)
      ? feeTexts.priceNotOfService
      : seen.has(line.id)
        ? feeTexts.priceRepeated
        : undefined;
    seen.add(line.id);
    if (message) errors[`prices_attributes.${index}.id`] = [message];
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new HttpError(422, first, errors);
}

/**
 * Creates (`serviceId` undefined) or updates a service and applies its price lines, Rails nested
 * attributes style, in one transaction: any refusal leaves the service as it was. Answers undefined
 * when the service to update does not exist.
 */
export async function saveFeeService(
  db: Db,
  serviceId: number | undefined,
  input: FeeServiceInput,
): Promise<FeeServiceSaved | undefined> {
  return db.transaction(async (tx) => {
    const fields: string[] = [];
    let id: number;
    if (serviceId === undefined) {
      if (input.categoryId === undefined) throw new Error('a new service needs its category');
      await assertCategoryExists(tx, input.categoryId);
      const [row] = await tx
        .insert(feeServices)
        .values({
          feeCategoryId: input.categoryId,
          title: input.title,
          position: await nextServicePosition(tx, input.categoryId),
        })
        .returning({ id: feeServices.id });
      if (!row) throw new Error('fee service insert returned no row');
      id = row.id;
      fields.push('title', 'fee_category_id');
    } else {
      const [current] = await tx
        .select(serviceColumns)
        .from(feeServices)
        .where(eq(feeServices.id, serviceId))
        .for('update');
      if (!current) return undefined;
      id = current.id;
      const set: Partial<typeof feeServices.$inferInsert> = { updatedAt: new Date() };
      if (input.title !== current.title) {
        set.title = input.title;
        fields.push('title');
      }
      if (input.categoryId !== undefined && input.categoryId !== current.feeCategoryId) {
        await assertCategoryExists(tx, input.categoryId);
        set.feeCategoryId = input.categoryId;
        set.position = await nextServicePosition(tx, input.categoryId);
        fields.push('fee_category_id');
      }
      await tx.update(feeServices).set(set).where(eq(feeServices.id, id));
    }

    const existing = await tx
      .select({ id: feePrices.id, position: feePrices.position })
      .from(feePrices)
      .where(eq(feePrices.feeServiceId, id));
    checkPriceIds(input.prices, new Set(existing.map((price) => price.id)));

    const removed = input.prices.flatMap((line) => (line.kind === 'destroy' ? [line.id] : []));
    if (removed.length > 0)
      await tx.delete(feePrices).where(and(eq(feePrices.feeServiceId, id), inArray(feePrices.id, removed)));
    let updated = 0;
    let position = existing.reduce((highest, price) => Math.max(highest, price.position), 0);
    const added: (typeof feePrices.$inferInsert)[] = [];
    for (const line of input.prices) {
      if (line.kind !== 'save') continue;
      if (line.id === undefined) {
        position += 1;
        added.push({
          feeServiceId: id,
          description: line.description,
          amountCents: line.amountCents,
          position,
        });
      } else {
        await tx
          .update(feePrices)
          .set({ description: line.description, amountCents: line.amountCents, updatedAt: new Date() })
          .where(and(eq(feePrices.id, line.id), eq(feePrices.feeServiceId, id)));
        updated += 1;
      }
    }
    if (added.length > 0) await tx.insert(feePrices).values(added);

    const service = await findAdminFeeService(tx, id);
    if (!service) throw notFound('Fee service');
    return {
      service,
      changes: {
        fields,
        prices_added: added.length,
        prices_updated: updated,
        prices_removed: removed.length,
      },
    };
  });
}

export async function deleteFeeService(db: Db, id: number): Promise<FeeService | undefined> {
  return db.transaction(async (tx) => {
    const service = await findAdminFeeService(tx, id);
    if (service) await tx.delete(feeServices).where(eq(feeServices.id, id));
    return service;
  });
}
