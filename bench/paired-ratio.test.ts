import { describe, expect, it } from 'vitest';
import { pairedRatio } from './paired-ratio';

describe('pairedRatio', () => {
  it("is the median of the rounds' own ratios, not the ratio of two medians", () => {
    // Each round's two sides move together with the machine's speed; the rounds' ratios are 0.9, 0.8 and 0.85.
    expect(pairedRatio([0.9, 1.6, 1.7], [1, 2, 2])).toBe(0.85);
    expect(pairedRatio([0.8, 0.95, 0.7, 1], [1, 1, 1, 1])).toBe(0.87); // (0.8 + 0.95) / 2 = 0.875, rounded down
  });

  it('rounds down, so a ratio shown meeting its target meets it', () => {
    expect(pairedRatio([0.8499], [1])).toBe(0.84);
  });
});
