import { useId } from 'react';
import { paginationItems } from './pagination-items';
import { PAGE_SIZES, type TableParams } from './use-table-params';

/** Under a list: which rows are shown ('11–20 of 23'), the page size and the page buttons. */
export function DataTableFooter({
  label,
  page,
  perPage,
  lastPage,
  total,
  setPage,
  setPerPage,
}: {
  label: string;
  page: number;
  perPage: number;
  lastPage: number;
  total: number;
  setPage: TableParams['setPage'];
  setPerPage: TableParams['setPerPage'];
}) {
  const pageSizeId = useId();
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, total);
  const pageSizes = (PAGE_SIZES as readonly number[]).includes(perPage)
    ? PAGE_SIZES
    : [perPage, ...PAGE_SIZES];
  return (
    <div className="data-table__footer">
      <p className="data-table__range">{`${from}–${to} of ${total}`}</p>
      <div className="data-table__page-size">
        <label htmlFor={pageSizeId}>Rows per page</label>
        <select
          id={pageSizeId}
          className="field__input data-table__page-size-select"
          value={perPage}
          onChange={(event) => setPerPage(Number(event.target.value))}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      {lastPage > 1 && (
        <nav className="data-table__pagination" aria-label={`${label} pages`}>
          <ul className="data-table__pages">
            <li>
              <button
                type="button"
                className="data-table__page data-table__page--step"
                // aria-disabled keeps the focus on the button at the first page.
                aria-disabled={page <= 1 || undefined}
                onClick={() => {
                  if (page > 1) setPage(Math.min(page, lastPage) - 1);
                }}
              >
                <span aria-hidden="true">‹</span> Previous
              </button>
            </li>
            {paginationItems(page, lastPage).map((item) =>
              item.kind === 'gap' ? (
                <li key={item.key} className="data-table__gap" aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={item.page}>
                  <button
                    type="button"
                    className="data-table__page"
                    aria-label={`Page ${item.page}`}
                    aria-current={item.page === page ? 'page' : undefined}
                    onClick={() => {
                      if (item.page !== page) setPage(item.page);
                    }}
                  >
                    {item.page}
                  </button>
                </li>
              ),
            )}
            <li>
              <button
                type="button"
                className="data-table__page data-table__page--step"
                aria-disabled={page >= lastPage || undefined}
                onClick={() => {
                  if (page < lastPage) setPage(page + 1);
                }}
              >
                Next <span aria-hidden="true">›</span>
              </button>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}
