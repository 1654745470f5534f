import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { linkedSection, takeManageToken } from './manage-token';

let items: Map<string, string>;

beforeEach(() => {
  items = new Map();
  vi.stubGlobal('window', {
    sessionStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("a booking link's token", () => {
  it("is taken from the address's fragment and kept in the tab by the reference, in upper case", () => {
    expect(takeManageToken('ab12cd', '#tok_en-1')).toBe('tok_en-1');
    expect(items.get('manage_booking_AB12CD')).toBe('"tok_en-1"');
  });

  it('is found again in the tab once the fragment has left the address', () => {
    takeManageToken('AB12CD', '#first');
    expect(takeManageToken('AB12CD', '')).toBe('first');
    expect(takeManageToken('ZZ99ZZ', '')).toBeUndefined();
  });

  it("takes a new link's token over the one kept", () => {
    takeManageToken('AB12CD', '#first');
    expect(takeManageToken('AB12CD', '#second')).toBe('second');
    expect(takeManageToken('AB12CD', '')).toBe('second');
  });

  it('is none for an empty fragment, or when the browser blocks storage', () => {
    expect(takeManageToken('AB12CD', '#')).toBeUndefined();
    vi.stubGlobal('window', {
      get sessionStorage(): Storage {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    expect(takeManageToken('AB12CD', '#token')).toBe('token');
    expect(takeManageToken('AB12CD', '')).toBeUndefined();
  });

  it("is taken from a reminder's link to the way out, and the section is kept apart", () => {
    expect(takeManageToken('AB12CD', '#way-out:tok_en-2')).toBe('tok_en-2');
    expect(linkedSection('#way-out:tok_en-2')).toBe('way-out');
    // Once the token has left the address, '#way-out' is the section, and the kept token is used.
    expect(takeManageToken('AB12CD', '#way-out')).toBe('tok_en-2');
    expect(linkedSection('#way-out')).toBe('way-out');
    expect(linkedSection('#tok_en-1')).toBeUndefined();
    expect(linkedSection('#nowhere:tok')).toBeUndefined();
  });
});
