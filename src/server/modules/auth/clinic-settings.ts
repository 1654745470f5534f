import { eq, inArray } from 'drizzle-orm';
import { bookableKinds, kindPriceField, priceListTexts } from '../../../shared/price-list';
import { consultantUnknownText } from '../../../shared/second-factor';
import type { Db } from '../../db/database';
import { clinicSettings, feePrices, teamMembers } from '../../db/schema';
import { fieldError, refused, refusedFields } from '../../domain-errors';
import { type AdminActor, auditChange } from '../audit/audit-log';

export interface ClinicSettings {
  requireSecondFactor: boolean;
  /** The team member receipts name when their slot names none. */
  defaultConsultantId: number | null;
  /** Each bookable kind's line of the price list (a fee price); null: none. */
  adultTestPriceId: number | null;
  childTestPriceId: number | null;
  adultVideoPriceId: number | null;
  childVideoPriceId: number | null;
}

/** The settings' field of each kind's price line, by the kind's key. */
export const kindPriceSetting = {
  adult_test: 'adultTestPriceId',
  child_test: 'childTestPriceId',
  adult_video: 'adultVideoPriceId',
  child_video: 'childVideoPriceId',
} as const satisfies Record<(typeof bookableKinds)[number]['key'], keyof ClinicSettings>;

const DEFAULTS: ClinicSettings = {
  requireSecondFactor: false,
  defaultConsultantId: null,
  adultTestPriceId: null,
  childTestPriceId: null,
  adultVideoPriceId: null,
  childVideoPriceId: null,
};

/**
 * The admin guard reads the settings on every back-office call, so they are kept in memory for a few seconds per
 * database. A change made through this process replaces its entry at once; another instance's change reaches this
 * one within `CACHE_MS`.
 */
const CACHE_MS = 5_000;
const cache = new WeakMap<Db, { settings: ClinicSettings; readAt: number }>();

/** The stored settings; `forUpdate` locks the row until the caller's transaction ends (a change's read). */
async function readSettings(db: Db, forUpdate = false): Promise<ClinicSettings> {
  const query = db.select().from(clinicSettings).where(eq(clinicSettings.id, 1)).limit(1);
  const [row] = await (forUpdate ? query.for('update') : query);
  return row
    ? {
        requireSecondFactor: row.requireSecondFactor,
        defaultConsultantId: row.defaultConsultantId,
        adultTestPriceId: row.adultTestPriceId,
        childTestPriceId: row.childTestPriceId,
        adultVideoPriceId: row.adultVideoPriceId,
        childVideoPriceId: row.childVideoPriceId,
      }
    : DEFAULTS;
}

/**
 * The settings as stored now (the Settings screen's read): a price line deleted on the fees page has unlinked its
 * kinds (the foreign key), which the kept copy may not show yet.
 */
export async function readClinicSettingsNow(db: Db): Promise<ClinicSettings> {
  const settings = await readSettings(db);
  cache.set(db, { settings, readAt: Date.now() });
  return settings;
}

export async function getClinicSettings(db: Db): Promise<ClinicSettings> {
  const kept = cache.get(db);
  if (kept && Date.now() - kept.readAt < CACHE_MS) return kept.settings;
  const settings = await readSettings(db);
  cache.set(db, { settings, readAt: Date.now() });
  return settings;
}

/**
 * Writes the settings given (the one row, created on the first change; those left out stay) and records the change.
 * A default consultant must be a team member, and a kind's price line a line of the price list.
 */
export async function updateClinicSettings(
  db: Db,
  actor: AdminActor,
  changes: Partial<ClinicSettings>,
): Promise<ClinicSettings> {
  const settings = await db.transaction(async (tx) => {
    // Locked first, as a price line's delete locks it (for share) before it looks for the kinds costing the line:
    // a line linked here is seen by that delete, or found gone here, never unlinked by it unseen.
    const before = await readSettings(tx, true);
    const values = { ...before, ...changes };
    if (values.defaultConsultantId !== null && values.defaultConsultantId !== before.defaultConsultantId) {
      const [member] = await tx
        .select({ id: teamMembers.id })
        .from(teamMembers)
        .where(eq(teamMembers.id, values.defaultConsultantId))
        .limit(1);
      if (!member)
        throw refused(
          'invalid_input',
          consultantUnknownText,
          fieldError('default_consultant_id', consultantUnknownText),
        );
    }
    await checkPriceLines(tx, before, values);
    await tx
      .insert(clinicSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: clinicSettings.id, set: { ...values, updatedAt: new Date() } });
    const changed: Record<string, unknown> = {};
    if (before.requireSecondFactor !== values.requireSecondFactor)
      changed.require_second_factor = values.requireSecondFactor;
    if (before.defaultConsultantId !== values.defaultConsultantId)
      changed.default_consultant_id = values.defaultConsultantId;
    for (const kind of bookableKinds) {
      const setting = kindPriceSetting[kind.key];
      if (before[setting] !== values[setting]) changed[kindPriceField(kind.key)] = values[setting];
    }
    if (Object.keys(changed).length > 0)
      await auditChange(tx, actor, 'settings_changed', 'clinic_settings', 1, changed);
    return values;
  });
  cache.set(db, { settings, readAt: Date.now() });
  return settings;
}

/** Refuses a kind's price line newly named that is no line of the price list, on that kind's field. */
async function checkPriceLines(db: Db, before: ClinicSettings, values: ClinicSettings): Promise<void> {
  const named = bookableKinds.flatMap((kind) => {
    const id = values[kindPriceSetting[kind.key]];
    return id !== null && id !== before[kindPriceSetting[kind.key]] ? [{ kind, id }] : [];
  });
  if (named.length === 0) return;
  const rows = await db
    .select({ id: feePrices.id })
    .from(feePrices)
    .where(inArray(feePrices.id, [...new Set(named.map((each) => each.id))]))
    .for('key share');
  const known = new Set(rows.map((row) => row.id));
  const unknown = named.filter((each) => !known.has(each.id));
  if (unknown.length > 0)
    throw refusedFields(unknown.map((each) => [kindPriceField(each.kind.key), priceListTexts.lineUnknown]));
}
