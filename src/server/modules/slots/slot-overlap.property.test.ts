import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slotCreateSchema, slotTexts } from '../../../shared/slots';
import { DomainError } from '../../domain-errors';
import { MINUTE_MS, overlap, slotArb, valuesOf, WINDOW_START } from '../../test/drawn-slots';
import { checkBatch } from './slot-service';

/*
 * The server's overlap rules for a save's own slots (`checkBatch`) and one slot's times (the shared schema)
 * against the reference of test/drawn-slots.ts (stored slots: slot-overlap-database.property.test.ts). A failure
 * prints fast-check's seed and path; pass them to `fc.assert(…, { seed, path })` to replay it.
 */

const now = new Date(WINDOW_START - MINUTE_MS);

const refusalOf = (run: () => void): DomainError | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
};

describe("a save's own slots (checkBatch)", () => {
  it('are refused as occupied exactly when two of them overlap, naming each one that does', () => {
    fc.assert(
      fc.property(fc.array(slotArb, { maxLength: 8 }), (drawn) => {
        const items = drawn.map((slot, index) => ({
          field: `sessions_create.${index}`,
          values: valuesOf(slot),
        }));
        const refusal = refusalOf(() => checkBatch(items, now));
        const overlapping = drawn.flatMap((slot, index) =>
          drawn.some((other, otherIndex) => otherIndex !== index && overlap(slot, other)) ? [index] : [],
        );
        if (overlapping.length === 0) {
          expect(refusal).toBeUndefined();
          return;
        }
        expect(refusal?.message).toBe(slotTexts.occupied);
        const named = Object.keys(refusal?.fields ?? {}).map((field) => Number(field.split('.')[1]));
        expect(named).toEqual(overlapping);
      }),
      { numRuns: 500 },
    );
  });

  it('are refused when one starts at or before now, whatever else they are', () => {
    fc.assert(
      fc.property(
        fc.array(slotArb, { minLength: 1, maxLength: 6 }),
        fc.nat(),
        fc.integer({ min: 0, max: 300 }),
        (drawn, pick, minutesLate) => {
          const items = drawn.map((slot, index) => ({
            field: `sessions_create.${index}`,
            values: valuesOf(slot),
          }));
          const past = items[pick % items.length]!;
          const late = new Date(past.values.startsAt.getTime() + minutesLate * MINUTE_MS);
          const refusal = refusalOf(() => checkBatch(items, late));
          expect(refusal?.message).toBe(slotTexts.startsInPast);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('one slot of a save (the shared schema)', () => {
  it('is refused when it ends by its start or lasts more than 12 hours, measured in real time', () => {
    const instant = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2036, 11, 31) });
    fc.assert(
      fc.property(instant, fc.integer({ min: -60, max: 13 * 60 }), (start, minutes) => {
        const end = start + minutes * MINUTE_MS;
        const parsed = slotCreateSchema.safeParse({
          start_date: new Date(start).toISOString(),
          end_date: new Date(end).toISOString(),
          is_adult: true,
          is_video_call: true,
          price: 85,
        });
        const expected =
          minutes <= 0 ? slotTexts.startAfterEnd : minutes > 12 * 60 ? slotTexts.tooLong : undefined;
        expect(parsed.success ? undefined : parsed.error.issues[0]?.message).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});
