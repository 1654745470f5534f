export type PaginationItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * The page buttons of a list: the first and last pages, `siblings` pages each side of the current
 * one, and a gap (…) where pages are left out. A gap never hides a single page: that page is shown.
 */
export function paginationItems(current: number, total: number, siblings = 1): PaginationItem[] {
  if (total < 1) return [];
  const page = Math.min(Math.max(current, 1), total);
  const shown = new Set<number>([1, total]);
  for (let p = page - siblings; p <= page + siblings; p += 1) if (p >= 1 && p <= total) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PaginationItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push({ kind: 'page', page: p - 1 });
    else if (p - previous > 2) items.push({ kind: 'gap', key: previous === 1 ? 'gap-start' : 'gap-end' });
    items.push({ kind: 'page', page: p });
    previous = p;
  }
  return items;
}
