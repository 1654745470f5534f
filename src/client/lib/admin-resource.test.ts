import { describe, expect, it } from 'vitest';
import { adminListQuery, idFromParam } from './admin-resource';
import { buildUrl } from './api-client';

describe('adminListQuery', () => {
  it('sends page and per_page, and the search under the name the call uses', () => {
    expect(buildUrl('/api/admin/fa_questions', adminListQuery({ page: 2, perPage: 25, search: 'nut' }))).toBe(
      '/api/admin/fa_questions?page=2&per_page=25&search=nut',
    );
    expect(
      buildUrl('/api/admin/blogs', adminListQuery({ page: 1, perPage: 10, search: 'pollen' }, 'title')),
    ).toBe('/api/admin/blogs?page=1&per_page=10&title=pollen');
  });

  it('leaves an empty search out', () => {
    expect(adminListQuery({ page: 1, perPage: 10, search: '' })).toEqual({
      page: 1,
      per_page: 10,
      search: undefined,
    });
  });
});

describe('idFromParam', () => {
  it('reads a record id from the address', () => {
    expect(idFromParam('1')).toBe(1);
    expect(idFromParam('2147483647')).toBe(2_147_483_647);
  });

  it.each([
    undefined,
    '',
    '0',
    '-1',
    '1.5',
    '1e3',
    'abc',
    ' 1',
    '2147483648',
    '12345678901',
  ])('refuses %j, which no record has', (param) => {
    expect(idFromParam(param)).toBeUndefined();
  });
});
