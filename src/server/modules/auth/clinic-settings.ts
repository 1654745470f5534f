import { eq } from 'drizzle-orm';
import { consultantUnknownText } from '../../../shared/second-factor';
import type { Db } from '../../db/database';
import { clinicSettings, teamMembers } from '../../db/schema';
import { fieldError, refused } from '../../domain-errors';
import { type AdminActor, auditChange } from '../audit/audit-log';

export interface ClinicSettings {
  requireSecondFactor: boolean;
  /** The team member receipts name when their slot names none. */
  defaultConsultantId: number | null;
}

const DEFAULTS: ClinicSettings = { requireSecondFactor: false, defaultConsultantId: null };

/**
 * The admin guard reads the settings on every back-office call, so they are kept in memory for a few seconds per
 * database. A change made through this process replaces its entry at once; another instance's change reaches this
 * one within `CACHE_MS`.
 */
const CACHE_MS = 5_000;
const cache = new WeakMap<Db, { settings: ClinicSettings; readAt: number }>();

async function readSettings(db: Db): Promise<ClinicSettings> {
  const [row] = await db.select().from(clinicSettings).where(eq(clinicSettings.id, 1)).limit(1);
  return row
    ? { requireSecondFactor: row.requireSecondFactor, defaultConsultantId: row.defaultConsultantId }
    : DEFAULTS;
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
 * A default consultant must be a team member.
 */
export async function updateClinicSettings(
  db: Db,
  actor: AdminActor,
  changes: Partial<ClinicSettings>,
): Promise<ClinicSettings> {
  const settings = await db.transaction(async (tx) => {
    const before = await readSettings(tx);
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
    await tx
      .insert(clinicSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: clinicSettings.id, set: { ...values, updatedAt: new Date() } });
    const changed: Record<string, unknown> = {};
    if (before.requireSecondFactor !== values.requireSecondFactor)
      changed.require_second_factor = values.requireSecondFactor;
    if (before.defaultConsultantId !== values.defaultConsultantId)
      changed.default_consultant_id = values.defaultConsultantId;
    if (Object.keys(changed).length > 0)
      await auditChange(tx, actor, 'settings_changed', 'clinic_settings', 1, changed);
    return values;
  });
  cache.set(db, { settings, readAt: Date.now() });
  return settings;
}
