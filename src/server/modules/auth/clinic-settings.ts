import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { clinicSettings } from '../../db/schema';
import { type AdminActor, auditChange } from '../audit/audit-log';

export interface ClinicSettings {
  requireSecondFactor: boolean;
}

const DEFAULTS: ClinicSettings = { requireSecondFactor: false };

/**
 * The admin guard reads the settings on every back-office call, so they are kept in memory for a few seconds per
 * database. A change made through this process replaces its entry at once; another instance's change reaches this
 * one within `CACHE_MS`.
 */
const CACHE_MS = 5_000;
const cache = new WeakMap<Db, { settings: ClinicSettings; readAt: number }>();

async function readSettings(db: Db): Promise<ClinicSettings> {
  const [row] = await db.select().from(clinicSettings).where(eq(clinicSettings.id, 1)).limit(1);
  return row ? { requireSecondFactor: row.requireSecondFactor } : DEFAULTS;
}

export async function getClinicSettings(db: Db): Promise<ClinicSettings> {
  const kept = cache.get(db);
  if (kept && Date.now() - kept.readAt < CACHE_MS) return kept.settings;
  const settings = await readSettings(db);
  cache.set(db, { settings, readAt: Date.now() });
  return settings;
}

/** Writes the settings (the one row, created on the first change) and records the change. */
export async function updateClinicSettings(
  db: Db,
  actor: AdminActor,
  values: ClinicSettings,
): Promise<ClinicSettings> {
  const settings = await db.transaction(async (tx) => {
    const before = await readSettings(tx);
    await tx
      .insert(clinicSettings)
      .values({ id: 1, requireSecondFactor: values.requireSecondFactor })
      .onConflictDoUpdate({
        target: clinicSettings.id,
        set: { requireSecondFactor: values.requireSecondFactor, updatedAt: new Date() },
      });
    if (before.requireSecondFactor !== values.requireSecondFactor)
      await auditChange(tx, actor, 'settings_changed', 'clinic_settings', 1, {
        require_second_factor: values.requireSecondFactor,
      });
    return { requireSecondFactor: values.requireSecondFactor };
  });
  cache.set(db, { settings, readAt: Date.now() });
  return settings;
}
