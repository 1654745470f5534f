import { eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type BookableKind,
  bookableKindOf,
  bookableKinds,
  type PriceListLine,
} from '../../../shared/price-list';
import type { Db } from '../../db/database';
import { clinicSettings, feeCategories, feePrices, feeServices } from '../../db/schema';
import { kindPriceSetting } from '../auth/clinic-settings';

/** The clinic settings' column naming each kind's price line. */
const kindColumn = (kind: BookableKind): AnyPgColumn => clinicSettings[kindPriceSetting[kind.key]];

/** The line of the price list a kind costs, with its service and category; undefined when the kind names none. */
export async function findKindPriceLine(
  db: Db,
  kind: { isAdult: boolean; isVideoCall: boolean },
): Promise<PriceListLine | undefined> {
  const [row] = await db
    .select({
      id: feePrices.id,
      category: feeCategories.title,
      service: feeServices.title,
      description: feePrices.description,
      amountCents: feePrices.amountCents,
    })
    .from(clinicSettings)
    .innerJoin(feePrices, eq(feePrices.id, kindColumn(bookableKindOf(kind))))
    .innerJoin(feeServices, eq(feeServices.id, feePrices.feeServiceId))
    .innerJoin(feeCategories, eq(feeCategories.id, feeServices.feeCategoryId))
    .where(eq(clinicSettings.id, 1))
    .limit(1);
  if (!row) return undefined;
  const { amountCents, ...line } = row;
  return { ...line, amount: amountCents / 100 };
}

/**
 * The kinds that cost each of `priceIds`, read in the caller's transaction (the settings' row locked against a
 * change of the links until it ends, so a kind linked meanwhile is not left at the old amount).
 */
export async function kindsLinkedTo(db: Db, priceIds: number[]): Promise<Map<number, BookableKind[]>> {
  const linked = new Map<number, BookableKind[]>();
  if (priceIds.length === 0) return linked;
  const [row] = await db.select().from(clinicSettings).where(eq(clinicSettings.id, 1)).for('share');
  if (!row) return linked;
  for (const kind of bookableKinds) {
    const id = row[kindPriceSetting[kind.key]];
    if (id !== null && priceIds.includes(id)) linked.set(id, [...(linked.get(id) ?? []), kind]);
  }
  return linked;
}
