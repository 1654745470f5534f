import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { databaseErrorCode, EXCLUSION_VIOLATION } from '../../db/database-errors';
import { type DrawnSlot, overlap, slotArb, valuesOf } from '../../test/drawn-slots';
import { createTestDatabase } from '../../test/test-database';
import { deferOverlapCheck, insertSlots, overlappingSlots } from './slot-repository';

/*
 * The database's overlap rules (the exclusion constraint on slots, and `overlappingSlots`, which names the rows
 * a deferred save would be refused for) against the reference of test/drawn-slots.ts: two slots of
 * the same kind overlap when they share a minute. On PGlite, and on PostgreSQL with TEST_DATABASE_URL. Each run
 * is rolled back. A failure prints fast-check's seed and path; pass them to `fc.assert(…, { seed, path })`.
 */

describe('stored slots (the exclusion constraint and overlappingSlots)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  /** Rolls a run's rows back, whatever it found. */
  class RollBack extends Error {}

  it('refuse a slot exactly when it overlaps one already stored, and name the overlapping ones of a deferred save', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(slotArb, { minLength: 1, maxLength: 5 }), async (drawn) => {
        const accepted: DrawnSlot[] = [];
        let named = new Set<number>();
        let ids: number[] = [];
        await database.db
          .transaction(async (tx) => {
            // One by one, each in a savepoint: the constraint refuses at once.
            for (const slot of drawn) {
              try {
                await tx.transaction((savepoint) => insertSlots(savepoint, [valuesOf(slot)]));
                accepted.push(slot);
              } catch (error) {
                if (databaseErrorCode(error) !== EXCLUSION_VIOLATION) throw error;
              }
            }
            throw new RollBack();
          })
          .catch((error: unknown) => {
            if (!(error instanceof RollBack)) throw error;
          });
        const expectedAccepted: DrawnSlot[] = [];
        for (const slot of drawn) {
          if (!expectedAccepted.some((other) => overlap(slot, other))) expectedAccepted.push(slot);
        }
        expect(accepted).toEqual(expectedAccepted);

        await database.db
          .transaction(async (tx) => {
            // All at once with the check deferred, as the editor's save does: overlappingSlots names them.
            await deferOverlapCheck(tx);
            ids = (await insertSlots(tx, drawn.map(valuesOf))).map((row) => row.id);
            named = await overlappingSlots(tx, ids);
            throw new RollBack();
          })
          .catch((error: unknown) => {
            if (!(error instanceof RollBack)) throw error;
          });
        const expectedNamed = ids.filter((_, index) =>
          drawn.some((other, otherIndex) => otherIndex !== index && overlap(drawn[index]!, other)),
        );
        expect([...named].sort((a, b) => a - b)).toEqual(expectedNamed);
      }),
      { numRuns: 15 },
    );
  });
});
