import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSessionValue, removeSessionValue, writeSessionValue } from './session-store';

/** A session storage in memory; `full` makes every write throw as a full storage does. */
function memoryStorage({ full = false } = {}) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key: string) => items.delete(key),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the session store', () => {
  it('keeps JSON values by key and removes them', () => {
    const storage = memoryStorage();
    vi.stubGlobal('window', { sessionStorage: storage });
    writeSessionValue('hold', { token: 'abc', slotId: 7 });
    expect(storage.items.get('hold')).toBe('{"token":"abc","slotId":7}');
    expect(readSessionValue('hold')).toEqual({ token: 'abc', slotId: 7 });
    removeSessionValue('hold');
    expect(readSessionValue('hold')).toBeUndefined();
  });

  it('forgets a value that is not JSON', () => {
    const storage = memoryStorage();
    storage.items.set('hold', '{not json');
    vi.stubGlobal('window', { sessionStorage: storage });
    expect(readSessionValue('hold')).toBeUndefined();
    expect(storage.items.has('hold')).toBe(false);
  });

  it('takes a full storage as no error', () => {
    vi.stubGlobal('window', { sessionStorage: memoryStorage({ full: true }) });
    expect(() => writeSessionValue('hold', { token: 'abc' })).not.toThrow();
    expect(readSessionValue('hold')).toBeUndefined();
  });

  it('takes a storage the browser blocks, or no browser, as empty', () => {
    vi.stubGlobal('window', {
      get sessionStorage(): Storage {
        throw new DOMException('Access is denied.', 'SecurityError');
      },
    });
    expect(() => writeSessionValue('hold', 1)).not.toThrow();
    expect(() => removeSessionValue('hold')).not.toThrow();
    expect(readSessionValue('hold')).toBeUndefined();
    vi.stubGlobal('window', undefined);
    expect(readSessionValue('hold')).toBeUndefined();
  });
});
