import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The page sizes a list offers ('Rows per page'). */
export const PAGE_SIZES = [10, 25, 50] as const;

export interface TableParams {
  /** The current page, 1 or more. */
  page: number;
  /** Rows per page: one of PAGE_SIZES. */
  perPage: number;
  /** The search text ('' for none). */
  search: string;
  /** Goes to a page (a new history entry; `{ replace: true }` to correct the URL instead). */
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** Changes the page size and goes back to page 1. */
  setPerPage: (perPage: number) => void;
  /** Changes the search text (replacing the history entry, so typing does not fill the history) and goes back to page 1. */
  setSearch: (search: string) => void;
}

function parsePage(raw: string | null): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 ? page : 1;
}

function parsePerPage(raw: string | null, fallback: number): number {
  const perPage = Number(raw);
  return (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : fallback;
}

/**
 * A list's paging and search kept in the URL (`?page=2&per_page=25&search=pollen`), so they survive a
 * reload and the back button. Values that equal the defaults are left out of the URL; other search
 * params are kept. Bad values fall back to the defaults (page 1, `defaultPerPage`).
 *
 * Pass the result to `<DataTable params={...}>`, and to `useAdminList` through `adminListQuery`
 * (lib/admin-resource.ts), which asks the API for that page.
 *
 * @example
 * const params = useTableParams();
 * const list = useAdminList(listAdminBlogs, adminListQuery(params, 'title'));
 */
export function useTableParams({ defaultPerPage = 10 }: { defaultPerPage?: number } = {}): TableParams {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams.get('page'));
  const perPage = parsePerPage(searchParams.get('per_page'), defaultPerPage);
  const search = searchParams.get('search') ?? '';

  const update = useCallback(
    (changes: { page?: number; perPage?: number; search?: string }, replace: boolean) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const set = (key: string, value: string | number | undefined, fallback: string | number) => {
            if (value === undefined) return;
            if (value === fallback || value === '') next.delete(key);
            else next.set(key, String(value));
          };
          set('page', changes.page, 1);
          set('per_page', changes.perPage, defaultPerPage);
          set('search', changes.search, '');
          return next;
        },
        { replace, preventScrollReset: true },
      );
    },
    [setSearchParams, defaultPerPage],
  );

  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) =>
      update({ page: Math.max(1, Math.floor(next) || 1) }, options?.replace ?? false),
    [update],
  );
  const setPerPage = useCallback(
    (next: number) => update({ perPage: parsePerPage(String(next), defaultPerPage), page: 1 }, false),
    [update, defaultPerPage],
  );
  const setSearch = useCallback((next: string) => update({ search: next, page: 1 }, true), [update]);

  return useMemo(
    () => ({ page, perPage, search, setPage, setPerPage, setSearch }),
    [page, perPage, search, setPage, setPerPage, setSearch],
  );
}
