import { describe, expect, it } from 'vitest';
import { paginationQuerySchema } from '../pagination';
import { recordIdParams } from './common-schemas';

describe('ids and page numbers', () => {
  const ids = recordIdParams('Thing');

  it('reads a record id written one way only: plain decimal digits', () => {
    expect(ids.parse({ id: '16' })).toEqual({ id: 16 });
    expect(ids.parse({ id: 16 })).toEqual({ id: 16 });
    for (const other of [
      '0x10',
      '0o20',
      '0b1',
      '.1e1',
      '1e1',
      ' 1',
      '+1',
      '01',
      '1.0',
      '-1',
      '0',
      '',
      '2147483648',
    ]) {
      const result = ids.safeParse({ id: other });
      expect(result.success, other).toBe(false);
      expect(result.error?.issues[0]?.message, other).toBe('Thing not found');
    }
  });

  it('reads page and per_page the same way, within their bounds', () => {
    expect(paginationQuerySchema.parse({})).toEqual({ page: 1, per_page: 10 });
    expect(paginationQuerySchema.parse({ page: '3', per_page: 50 })).toEqual({ page: 3, per_page: 50 });
    for (const page of ['1e3', '0x2', '0', '100001', 'two']) {
      expect(paginationQuerySchema.safeParse({ page }).error?.issues[0]?.message, page).toBe(
        'page must be a whole number from 1 to 100000',
      );
    }
    expect(paginationQuerySchema.safeParse({ per_page: '101' }).success).toBe(false);
  });
});
