import { describe, expect, it } from 'vitest';
import { describeWait } from './login-throttle';

describe('describeWait', () => {
  it('names minutes up to an hour and a half, then hours', () => {
    expect(describeWait(1)).toBe('1 minute');
    expect(describeWait(15 * 60)).toBe('15 minutes');
    expect(describeWait(3 * 60 * 60 - 10)).toBe('3 hours');
  });
});
