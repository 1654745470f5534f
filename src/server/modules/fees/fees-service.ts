import {
  type AdminFeeCategory,
  type FeeService,
  type FeeServiceCreate,
  type FeeServiceUpdate,
  feeTexts,
  type PriceLineChange,
} from '../../../shared/fees';
import {
  bookableKinds,
  MIN_BOOKABLE_PRICE_CENTS,
  priceListTexts,
  type RepricedKind,
} from '../../../shared/price-list';
import type { Db } from '../../db/database';
import type { feePrices } from '../../db/schema';
import { conflict, fieldError, notFound, refused } from '../../domain-errors';
import { type Actor, auditChange } from '../audit/audit-log';
import { kindsLinkedTo } from '../slots/price-list-repository';
import { repriceFreeFutureSlots } from '../slots/slot-repository';
import {
  deleteFeeCategory,
  deleteFeeService,
  deletePriceLines,
  feeCategoryExists,
  findAdminFeeCategory,
  findAdminFeeService,
  insertFeeCategory,
  insertFeeService,
  insertPriceLines,
  lockFeeServiceRow,
  nextServicePosition,
  priceIdsOfCategory,
  priceLinesOf,
  updateFeeCategory,
  updateFeeService,
  updatePriceLine,
} from './fees-admin-repository';

const CATEGORY = 'fee_category';
const SERVICE = 'fee_service';

async function categoryAnswer(db: Db, id: number): Promise<AdminFeeCategory> {
  const category = await findAdminFeeCategory(db, id);
  if (!category) throw notFound('Fee category not found');
  return category;
}

/** Adds a category, last, with its audit entry. */
export async function createFeeCategory(db: Db, actor: Actor, title: string): Promise<AdminFeeCategory> {
  return db.transaction(async (tx) => {
    const category = await insertFeeCategory(tx, title);
    await auditChange(tx, actor, 'create', CATEGORY, category.id, { fields: ['title'] });
    return category;
  });
}

export async function changeFeeCategory(
  db: Db,
  actor: Actor,
  id: number,
  title: string,
): Promise<AdminFeeCategory> {
  return db.transaction(async (tx) => {
    const before = await findAdminFeeCategory(tx, id);
    if (!before || !(await updateFeeCategory(tx, id, title))) throw notFound('Fee category not found');
    await auditChange(tx, actor, 'update', CATEGORY, id, { fields: before.title === title ? [] : ['title'] });
    return categoryAnswer(tx, id);
  });
}

/**
 * One price list (decision 0022): a price line a bookable kind costs is not deleted (nor the service or category
 * holding it), 409 naming the kinds, so the booking page never loses its price unseen. Read in the delete's
 * transaction with the settings' row locked (`kindsLinkedTo`), so a kind linked meanwhile is seen.
 */
async function refuseLinkedLines(db: Db, priceIds: number[], what: 'line' | 'service' | 'category') {
  const linked = await kindsLinkedTo(db, priceIds);
  if (linked.size === 0) return;
  const labels = bookableKinds.filter((kind) => [...linked.values()].some((kinds) => kinds.includes(kind)));
  throw conflict(
    'fee_price_linked',
    priceListTexts.linked(
      what,
      labels.map((kind) => kind.label),
    ),
  );
}

/** Deletes a category with its services and their prices; refused while a kind costs one of its lines. */
export async function removeFeeCategory(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const category = await findAdminFeeCategory(tx, id);
    if (!category) throw notFound('Fee category not found');
    await refuseLinkedLines(tx, await priceIdsOfCategory(tx, id), 'category');
    if (!(await deleteFeeCategory(tx, id))) throw notFound('Fee category not found');
    await auditChange(tx, actor, 'delete', CATEGORY, id, {
      title: category.title,
      services_deleted: category.services_count,
    });
  });
}

async function assertCategoryExists(db: Db, categoryId: number): Promise<void> {
  if (!(await feeCategoryExists(db, categoryId)))
    throw refused(
      'fee_category_missing',
      feeTexts.categoryMissing,
      fieldError('fee_category_id', feeTexts.categoryMissing),
    );
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
  if (first) throw refused('fee_lines_invalid', first, errors);
}

/** How many price lines were added, changed and removed, for the audit entry. */
interface PriceCounts {
  prices_added: number;
  prices_updated: number;
  prices_removed: number;
}

/** A saved price line whose amount the change made another. */
interface NewAmount {
  id: number;
  amountCents: number;
  /** Its place in the change's `prices_attributes`, which a refusal names. */
  index: number;
}

/**
 * Applies `prices_attributes` to a service, as Rails nested attributes do: a line without id is added
 * (after the last), a line with id changes that line, `_destroy` removes it; lines not listed stay.
 */
async function applyPriceLines(
  db: Db,
  serviceId: number,
  lines: PriceLineChange[],
): Promise<{ counts: PriceCounts; newAmounts: NewAmount[] }> {
  const existing = await priceLinesOf(db, serviceId);
  const amountBefore = new Map(existing.map((price) => [price.id, price.amountCents]));
  const newAmounts: NewAmount[] = [];
  checkPriceIds(lines, new Set(existing.map((price) => price.id)));

  const removed = lines.flatMap((line) => (line.kind === 'destroy' ? [line.id] : []));
  await refuseLinkedLines(db, removed, 'line');
  await deletePriceLines(db, serviceId, removed);
  let updated = 0;
  let position = existing.reduce((highest, price) => Math.max(highest, price.position), 0);
  const added: (typeof feePrices.$inferInsert)[] = [];
  for (const [index, line] of lines.entries()) {
    if (line.kind !== 'save') continue;
    if (line.id === undefined) {
      position += 1;
      added.push({
        feeServiceId: serviceId,
        description: line.description,
        amountCents: line.amountCents,
        position,
      });
    } else {
      await updatePriceLine(db, serviceId, { ...line, id: line.id });
      updated += 1;
      if (amountBefore.get(line.id) !== line.amountCents)
        newAmounts.push({ id: line.id, amountCents: line.amountCents, index });
    }
  }
  await insertPriceLines(db, added);
  return {
    counts: { prices_added: added.length, prices_updated: updated, prices_removed: removed.length },
    newAmounts,
  };
}

/**
 * One price list (decision 0022): a kind that costs a line whose amount changed has its future free slots take the
 * new amount, in the change's transaction, with an audit entry per kind; held and booked ones keep their price.
 */
async function repriceLinkedKinds(db: Db, actor: Actor, newAmounts: NewAmount[]): Promise<RepricedKind[]> {
  const linked = await kindsLinkedTo(
    db,
    newAmounts.map((line) => line.id),
  );
  const tooLow = newAmounts.find(
    (line) => linked.has(line.id) && line.amountCents < MIN_BOOKABLE_PRICE_CENTS,
  );
  if (tooLow) {
    throw refused(
      'fee_price_too_low',
      priceListTexts.bookablePriceTooLow,
      fieldError(`prices_attributes.${tooLow.index}.amount`, priceListTexts.bookablePriceTooLow),
    );
  }
  const repriced: RepricedKind[] = [];
  for (const line of newAmounts) {
    for (const kind of linked.get(line.id) ?? []) {
      const slotIds = await repriceFreeFutureSlots(db, kind, line.amountCents);
      await auditChange(db, actor, 'slots_repriced', 'fee_price', line.id, {
        kind: kind.key,
        price_cents: line.amountCents,
        slots: slotIds.length,
        slot_ids: slotIds,
      });
      repriced.push({
        kind: kind.key,
        label: kind.label,
        slots: slotIds.length,
        amount: line.amountCents / 100,
      });
    }
  }
  return repriced;
}

async function serviceAnswer(db: Db, id: number): Promise<FeeService> {
  const service = await findAdminFeeService(db, id);
  if (!service) throw notFound('Fee service not found');
  return service;
}

/**
 * Adds a service, last in its category, with its price lines and audit entry in one transaction: any
 * refusal (a category that does not exist, a price line of another service) leaves nothing behind.
 */
export async function createFeeService(db: Db, actor: Actor, input: FeeServiceCreate): Promise<FeeService> {
  return db.transaction(async (tx) => {
    const categoryId = input.fee_category_id;
    await assertCategoryExists(tx, categoryId);
    const id = await insertFeeService(tx, {
      feeCategoryId: categoryId,
      title: input.title,
      position: await nextServicePosition(tx, categoryId),
    });
    const { counts } = await applyPriceLines(tx, id, input.prices_attributes);
    await auditChange(tx, actor, 'create', SERVICE, id, { fields: ['title', 'fee_category_id'], ...counts });
    return serviceAnswer(tx, id);
  });
}

/**
 * Changes a service's title, moves it (last) to another category when `fee_category_id` names one, and
 * applies its price lines, in one transaction: any refusal leaves the service as it was. A line a bookable kind
 * costs that takes another amount reprices that kind's future free slots in the same transaction (`repriced`).
 */
export async function changeFeeService(
  db: Db,
  actor: Actor,
  id: number,
  input: FeeServiceUpdate,
): Promise<{ service: FeeService; repriced: RepricedKind[] }> {
  return db.transaction(async (tx) => {
    const current = await lockFeeServiceRow(tx, id);
    if (!current) throw notFound('Fee service not found');
    const fields: string[] = [];
    const set: Parameters<typeof updateFeeService>[2] = {};
    if (input.title !== current.title) {
      set.title = input.title;
      fields.push('title');
    }
    const categoryId = input.fee_category_id;
    if (categoryId !== undefined && categoryId !== current.feeCategoryId) {
      await assertCategoryExists(tx, categoryId);
      set.feeCategoryId = categoryId;
      set.position = await nextServicePosition(tx, categoryId);
      fields.push('fee_category_id');
    }
    await updateFeeService(tx, id, set);
    const { counts, newAmounts } = await applyPriceLines(tx, id, input.prices_attributes);
    await auditChange(tx, actor, 'update', SERVICE, id, { fields, ...counts });
    const repriced = await repriceLinkedKinds(tx, actor, newAmounts);
    return { service: await serviceAnswer(tx, id), repriced };
  });
}

/** Deletes a service and its prices; refused while a kind costs one of its lines. */
export async function removeFeeService(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const service = await findAdminFeeService(tx, id);
    if (!service) throw notFound('Fee service not found');
    await refuseLinkedLines(
      tx,
      service.prices.map((price) => price.id),
      'service',
    );
    if (!(await deleteFeeService(tx, id))) throw notFound('Fee service not found');
    await auditChange(tx, actor, 'delete', SERVICE, id, {
      title: service.title,
      fee_category_id: service.fee_category_id,
      prices_deleted: service.prices.length,
    });
  });
}
