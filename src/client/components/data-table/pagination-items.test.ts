import { describe, expect, it } from 'vitest';
import { type PaginationItem, paginationItems } from './pagination-items';

const show = (items: PaginationItem[]) =>
  items.map((item) => (item.kind === 'page' ? String(item.page) : '…')).join(' ');

describe('paginationItems', () => {
  it('shows every page of a short list', () => {
    expect(show(paginationItems(1, 1))).toBe('1');
    expect(show(paginationItems(2, 5))).toBe('1 2 3 4 5');
    expect(paginationItems(1, 0)).toEqual([]);
  });

  it('shows the ends, the neighbours of the current page and gaps', () => {
    expect(show(paginationItems(1, 10))).toBe('1 2 … 10');
    expect(show(paginationItems(5, 10))).toBe('1 … 4 5 6 … 10');
    expect(show(paginationItems(10, 10))).toBe('1 … 9 10');
  });

  it('never hides a single page behind a gap', () => {
    expect(show(paginationItems(4, 10))).toBe('1 2 3 4 5 … 10');
    expect(show(paginationItems(7, 10))).toBe('1 … 6 7 8 9 10');
  });

  it('gives each gap its own key and clamps the current page', () => {
    const keys = paginationItems(5, 10).flatMap((item) => (item.kind === 'gap' ? [item.key] : []));
    expect(keys).toEqual(['gap-start', 'gap-end']);
    expect(show(paginationItems(40, 3))).toBe('1 2 3');
  });
});
