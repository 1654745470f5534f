import { describe, expect, it } from 'vitest';
import { bookableKindOf, defaultPriceOf, repricedNotice } from './price-list';

describe('the price list’s kinds and notices', () => {
  it('names each pair of flags', () => {
    expect(bookableKindOf({ isAdult: false, isVideoCall: false }).label).toBe('Allergy test, child');
    expect(bookableKindOf({ isAdult: true, isVideoCall: true }).key).toBe('adult_video');
    expect(defaultPriceOf({ isVideoCall: true })).toBe(85);
    expect(defaultPriceOf({ isVideoCall: false })).toBe(180);
  });

  it('says how many future free times took the new amount', () => {
    const label = 'Allergy test, adult';
    expect(repricedNotice({ kind: 'adult_test', label, slots: 12, amount: 190 })).toBe(
      '12 future free times of Allergy test, adult now cost €190.',
    );
    expect(repricedNotice({ kind: 'adult_test', label, slots: 1, amount: 85.5 })).toBe(
      '1 future free time of Allergy test, adult now costs €85.50.',
    );
    expect(repricedNotice({ kind: 'adult_test', label, slots: 0, amount: 190 })).toBe(
      'No future free time of Allergy test, adult had another price; new ones cost €190.',
    );
  });
});
