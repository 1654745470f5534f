import { describe, expect, it } from 'vitest';
import { requestIdOf } from './request-id';

describe('a request id', () => {
  it('keeps a plain id a proxy sent, and makes a new one for anything else', () => {
    expect(requestIdOf({ 'x-request-id': 'proxy-7.a' })).toBe('proxy-7.a');
    const made = requestIdOf({ 'x-request-id': '<script>' });
    expect(made).not.toBe('<script>');
    expect(made).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
  });

  it('is new for every request, and starts with this process’s own prefix', () => {
    const ids = Array.from({ length: 1000 }, () => requestIdOf({}));
    expect(new Set(ids).size).toBe(1000);
    const prefix = ids[0]?.slice(0, ids[0].lastIndexOf('-') + 1);
    expect(prefix).toHaveLength(9);
    for (const id of ids) expect(id.startsWith(prefix ?? '')).toBe(true);
  });
});
