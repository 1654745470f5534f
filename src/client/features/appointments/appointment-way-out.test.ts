import { describe, expect, it } from 'vitest';
import { flagMoveNote } from './appointment-way-out';

describe('flagMoveNote', () => {
  const now = Date.parse('2027-03-01T10:00:00Z');
  it('offers the free move only inside the 48-hour notice, and says when it was used', () => {
    expect(flagMoveNote('2027-03-02T10:00:00Z', null, now)).toBe(
      'They may move it once, free of the 48-hour notice.',
    );
    expect(flagMoveNote('2027-03-10T10:00:00Z', null, now)).toBe(
      'It is more than 48 hours away, so they may still move or cancel it online as usual.',
    );
    expect(flagMoveNote('2027-03-02T10:00:00Z', '2027-02-28T09:00:00Z', now)).toMatch(
      /^They used their free move on /,
    );
  });
});
