import { describe, expect, it } from 'vitest';
import {
  blogPageFromSearch,
  formatArticleDate,
  type PageItem,
  pageItems,
  shortFileName,
  youtubeEmbedUrl,
} from './blog-format';

const show = (items: PageItem[]) => items.map((item) => (item.kind === 'break' ? '…' : item.page)).join(' ');

describe('pageItems (5 pages, 1 margin page)', () => {
  it('shows every page when there are few', () => {
    expect(show(pageItems(1, 1))).toBe('1');
    expect(show(pageItems(2, 5))).toBe('1 2 3 4 5');
  });

  it('lays out the pages like react-paginate', () => {
    expect(show(pageItems(1, 10))).toBe('1 2 3 4 5 … 10');
    expect(show(pageItems(5, 10))).toBe('1 … 3 4 5 6 7 … 10');
    expect(show(pageItems(10, 10))).toBe('1 … 6 7 8 9 10');
    expect(show(pageItems(3, 20))).toBe('1 2 3 4 5 6 … 20');
  });

  it('clamps a page beyond the end', () => {
    expect(show(pageItems(99, 10))).toBe('1 … 6 7 8 9 10');
  });
});

describe('blogPageFromSearch', () => {
  it.each([
    ['', 1],
    ['page=3', 3],
    ['page=0', 1],
    ['page=-2', 1],
    ['page=abc', 1],
    ['page=1.5', 1],
    ['page=100000', 100_000],
    ['page=100001', 100_000],
    [`page=${'9'.repeat(400)}`, 100_000],
  ])('%s → %d', (search, page) => {
    expect(blogPageFromSearch(new URLSearchParams(search))).toBe(page);
  });
});

describe('formatArticleDate', () => {
  it('shows the Dublin date as DD Month YYYY', () => {
    expect(formatArticleDate('2026-03-05T10:00:00.000Z')).toBe('05 March 2026');
    // 23:30 UTC on 30 June is already 1 July in Dublin (summer time).
    expect(formatArticleDate('2026-06-30T23:30:00.000Z')).toBe('01 July 2026');
    expect(formatArticleDate('nonsense')).toBe('');
  });
});

describe('youtubeEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=3', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('%s', (url, id) => {
    expect(youtubeEmbedUrl(url)).toBe(`https://www.youtube-nocookie.com/embed/${id}`);
  });

  it.each([
    'https://vimeo.com/123',
    'javascript:alert(1)',
    'not a url',
    'https://www.youtube.com/watch?v=<x>',
  ])('refuses %s', (url) => {
    expect(youtubeEmbedUrl(url)).toBeNull();
  });
});

describe('shortFileName', () => {
  it('cuts long names to 33 characters', () => {
    expect(shortFileName('short.pdf')).toBe('short.pdf');
    const cut = shortFileName(`${'a'.repeat(40)}.pdf`);
    expect(cut).toHaveLength(33);
    expect(cut.endsWith('…')).toBe(true);
  });
});
