import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slotCreateSchema, slotTexts } from '../../../shared/slots';
import { DomainError } from '../../domain-errors';
import type { SlotValues } from './slot-repository';
import { checkBatch } from './slot-service';

/*
 * The server's overlap rules for a save's own slots (`checkBatch`) and one slot's times (the shared schema)
 * against a reference (stored slots: slot-overlap-database.property.test.ts): two slots of the same kind (adult or child, video or not) overlap
 * when they share a minute, a slot holding the minutes from its start to before its end. Times are drawn in a
 * few hours of one day, so overlaps, touching slots and equal ones all come up. A failure prints fast-check's
 * seed and path; pass them to `fc.assert(…, { seed, path })` to replay it.
 */

const MINUTE_MS = 60_000;
const WINDOW_START = Date.parse('2031-05-14T08:00:00Z');
const now = new Date(WINDOW_START - MINUTE_MS);

interface DrawnSlot {
  start: number;
  length: number;
  isAdult: boolean;
  isVideoCall: boolean;
}

const slotArb: fc.Arbitrary<DrawnSlot> = fc.record({
  start: fc.integer({ min: 0, max: 48 }).map((step) => step * 5),
  length: fc.integer({ min: 1, max: 18 }).map((step) => step * 5),
  isAdult: fc.boolean(),
  isVideoCall: fc.boolean(),
});

const valuesOf = (slot: DrawnSlot): SlotValues => ({
  startsAt: new Date(WINDOW_START + slot.start * MINUTE_MS),
  endsAt: new Date(WINDOW_START + (slot.start + slot.length) * MINUTE_MS),
  priceCents: 18_000,
  isAdult: slot.isAdult,
  isVideoCall: slot.isVideoCall,
  location: slot.isVideoCall ? null : 'adult_1',
});

/** The reference: the same kind, and a minute both hold. */
function overlap(a: DrawnSlot, b: DrawnSlot): boolean {
  if (a.isAdult !== b.isAdult || a.isVideoCall !== b.isVideoCall) return false;
  const minutes = new Set(Array.from({ length: a.length }, (_, index) => a.start + index));
  return Array.from({ length: b.length }, (_, index) => b.start + index).some((minute) =>
    minutes.has(minute),
  );
}

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
  it('are refused as occupied exactly when two of them overlap, naming one that does', () => {
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
        expect(named).toHaveLength(1);
        expect(overlapping).toContain(named[0]);
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
