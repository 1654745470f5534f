import { type FormEvent, type MouseEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog';
import { DataTableFooter } from './data-table-footer';
import type { TableParams } from './use-table-params';
import './data-table.css';

/** A text given as such or computed from the row. */
function resolve<Row, Value>(value: Value | ((row: Row) => Value), row: Row): Value {
  return typeof value === 'function' ? (value as (row: Row) => Value)(row) : value;
}

/** How long the search box waits after the last key press before it searches. */
const SEARCH_DEBOUNCE_MS = 300;

export interface DataTableColumn<Row> {
  /** The column heading (unique in the table); also the cell's label when rows are cards on narrow screens. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Added to the column's heading and cells, e.g. to set a width or right-align numbers. */
  className?: string;
}

export interface DataTableDeleteDialog<Row> {
  /** e.g. 'Delete this article?' or (row) => `Delete “${row.title}”?` */
  title: string | ((row: Row) => string);
  /** e.g. 'The article will be removed from the website. This cannot be undone.' */
  message: ReactNode | ((row: Row) => ReactNode);
  /** The confirm button ('Delete' unless given). */
  confirmLabel?: string;
  /** The button that closes the dialog ('Cancel' unless given: say 'Keep appointment' where 'Cancel' would mislead). */
  cancelLabel?: string;
}

/**
 * A row's action beyond Edit and Delete (e.g. 'Refund'): a button named after the row that asks first,
 * then runs the action. The dialog closes when `run` resolves and stays open when it rejects (the caller
 * has shown what went wrong).
 */
interface DataTableRowAction<Row> {
  /** The button's text, e.g. 'Refund'; screen readers hear the row's label after it ('Refund Aoife Byrne'). */
  label: string;
  /** Whether the row has this action (e.g. only a paid appointment can be refunded); every row unless given. */
  isShown?: (row: Row) => boolean;
  /** 'danger' for an action that removes or gives back something. */
  tone?: 'default' | 'danger';
  /** The confirmation's texts; `confirmLabel` defaults to the action's label. */
  confirm: DataTableDeleteDialog<Row>;
  run: (row: Row) => Promise<unknown>;
  /**
   * A rejection of `run` to say in the dialog, which stays open with it where the person is looking (a 409's
   * refusal): its text, or undefined when the caller has shown it some other way.
   */
  refusalOf?: (error: unknown) => string | undefined;
}

export interface DataTableProps<Row> {
  /** The table's accessible name, e.g. 'Articles'. */
  label: string;
  /** The columns, left to right. The first column's cells are the rows' headers (th scope=row). */
  columns: readonly DataTableColumn<Row>[];
  /** The rows of the current page; undefined until the first answer. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  /** Names a row in its buttons: 'Edit {rowLabel}', 'Delete {rowLabel}'. */
  rowLabel: (row: Row) => string;
  /** True while the current page is loading (marks the table aria-busy; rows stay as they are). */
  isLoading: boolean;
  /** A message shown with role=alert, e.g. when the list failed to load. */
  error?: string;
  /** The number of pages (from the API). */
  pages: number | undefined;
  /** The number of rows in all pages (from the API), for '11–20 of 23'. */
  count: number | undefined;
  /** From useTableParams(). */
  params: TableParams;
  /** When given, a search box with this label (e.g. 'Search articles'); it searches 300 ms after typing stops, or on Enter. */
  searchLabel?: string;
  /** When given, each row has an Edit link to this address. */
  editHref?: (row: Row) => string;
  /** The Edit link's text ('Edit' unless given, e.g. 'Open'); the row's label follows it for screen readers. */
  editLabel?: string;
  /**
   * When given, a click anywhere on a row (not on one of its links or buttons, nor while selecting text)
   * opens this address: a shortcut for the mouse beside the row's own link (`editHref`), which keyboards
   * and screen readers use.
   */
  rowHref?: (row: Row) => string;
  /** Actions between Edit and Delete, each asking first (DataTableRowAction). */
  rowActions?: readonly DataTableRowAction<Row>[];
  /**
   * When given, each row has a Delete button that asks first (with `deleteDialog`). The dialog closes
   * when the promise resolves and stays open when it rejects. Pass useDeleteAdminRecord's function
   * (lib/admin-resource.ts), which shows the notices and refreshes the list.
   */
  onDelete?: (row: Row) => Promise<unknown>;
  /** The texts of the delete confirmation; required with onDelete. */
  deleteDialog?: DataTableDeleteDialog<Row>;
  /** Which rows have the Delete button (every row unless given). */
  canDelete?: (row: Row) => boolean;
  /** Shown when the list has no rows and no search is active, e.g. 'No articles yet.' */
  emptyState: ReactNode;
  /** Shown beside the search box, e.g. <Link className="button button--primary" to="/admin/article/create">Add article</Link>. */
  toolbar?: ReactNode;
  /**
   * Filters shown after the search box, e.g. a 'Show cancelled' checkbox kept in the URL. The caller
   * filters the rows (and words `emptyState` for an active filter).
   */
  filters?: ReactNode;
  /** Shown under 'No results for …', e.g. that a filter hides some rows the search may be after. */
  noResultsHint?: ReactNode;
}

/** A confirmed action of a row as the dialog runs it: Delete is one too. */
interface PendingAction<Row> {
  row: Row;
  label: string;
  /** The confirm button's colour: red only for what removes or gives back something. */
  tone: 'default' | 'danger';
  confirm: DataTableDeleteDialog<Row>;
  run: (row: Row) => Promise<unknown>;
  refusalOf?: (error: unknown) => string | undefined;
}

/** A click on a row's own control, or ending a text selection, does not open the row. */
function isRowClickForRow(event: MouseEvent<HTMLTableRowElement>): boolean {
  const target = event.target as Element;
  if (target.closest('a, button, input, select, textarea, label, summary, [role="button"]')) return false;
  const selection = typeof window === 'undefined' ? null : window.getSelection();
  return !selection || selection.isCollapsed;
}

/**
 * The back office's list: a table with optional search and filters, Edit (or 'Open') links, actions that
 * ask first (Delete, and `rowActions` such as Refund, each shown only on the rows it applies to) and
 * pagination (Previous / page numbers / Next, 'Rows per page', '1–10 of 23'). A row may also open on a
 * click (`rowHref`), beside its own link. Paging and search live in the URL through `useTableParams()`; fetch
 * with `useAdminList` (lib/admin-resource.ts), which keeps the previous page visible while the next one loads.
 * Below 640 px wide each row is shown as a card, each value under its column's header.
 *
 * @example
 * const params = useTableParams();
 * const list = useAdminBlogs(params); // useAdminList(path, adminListQuery(params))
 * const remove = useDeleteArticle({ notice: texts.notices.articleDeleted }); // useDeleteAdminRecord
 * <DataTable label="Articles" params={params} rows={list.data?.blogs} pages={list.data?.pages}
 *   count={list.data?.count} isLoading={list.isPending || list.isPlaceholderData}
 *   error={list.isError ? 'The articles could not be loaded.' : undefined}
 *   columns={[{ header: 'Title', cell: (blog) => blog.title }]} rowKey={(blog) => blog.id}
 *   rowLabel={(blog) => blog.title} searchLabel="Search articles"
 *   editHref={(blog) => `/admin/article/${blog.id}`} onDelete={remove}
 *   deleteDialog={{ title: 'Delete this article?', message: 'This cannot be undone.' }}
 *   emptyState="No articles yet." toolbar={<Link className="button button--primary" to="...">Add article</Link>} />
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowLabel,
  isLoading,
  error,
  pages,
  count,
  params,
  searchLabel,
  editHref,
  editLabel = 'Edit',
  rowHref,
  rowActions = [],
  onDelete,
  deleteDialog,
  canDelete,
  emptyState,
  noResultsHint,
  toolbar,
  filters,
}: DataTableProps<Row>) {
  const navigate = useNavigate();
  const { page, perPage, search, setPage, setPerPage, setSearch } = params;
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);

  // The search box: what is typed, searched 300 ms after the last key press (or at once on Enter).
  const [draft, setDraft] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  if (shownSearch !== search) {
    // The URL changed (back button, 'Clear search'): show it, unless it is what is being typed.
    setShownSearch(search);
    if (draft.trim() !== search) setDraft(search);
  }
  useEffect(() => {
    const wanted = draft.trim();
    if (wanted === search) return;
    const timer = setTimeout(() => setSearch(wanted), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, search, setSearch]);

  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const wanted = draft.trim();
    if (wanted !== search) setSearch(wanted);
  };

  const clearSearch = () => {
    setDraft('');
    setSearch('');
    if (searchRef.current) searchRef.current.focus();
    else tableRef.current?.focus();
  };

  // A page past the end (the last row of the last page was deleted, or a hand-edited URL): go to the last page.
  const lastPage = Math.max(1, pages ?? 1);
  const pastTheEnd = !isLoading && rows !== undefined && pages !== undefined && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage, { replace: true });
  }, [pastTheEnd, lastPage, setPage]);

  // A confirmed action (Delete, or one of rowActions): the row and action being confirmed, kept after
  // closing so the closing dialog keeps its texts.
  const [target, setTarget] = useState<PendingAction<Row> | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  /** The refusal of the action being confirmed, said in its dialog (`refusalOf`). */
  const [refusal, setRefusal] = useState<string>();
  const opener = useRef<HTMLElement | null>(null);
  const focusAfterAction = useRef(false);
  const askFor = (pending: PendingAction<Row>, button: HTMLElement) => {
    opener.current = button;
    setTarget(pending);
    setRefusal(undefined);
    setConfirming(true);
  };
  const confirmAction = async () => {
    if (!target) return;
    setRunning(true);
    setRefusal(undefined);
    try {
      await target.run(target.row);
      focusAfterAction.current = true;
      setConfirming(false);
    } catch (error) {
      // The dialog stays open, saying why when the action says it there; else the caller has shown it.
      setRefusal(target.refusalOf?.(error));
    } finally {
      setRunning(false);
    }
  };
  useEffect(() => {
    // The button that opened the dialog may have gone with its row (deleted, or no longer refundable):
    // the focus goes to the table. Otherwise the dialog has given it back to that button.
    if (!confirming && focusAfterAction.current) {
      focusAfterAction.current = false;
      if (!opener.current?.isConnected) tableRef.current?.focus();
      opener.current = null;
    }
  }, [confirming]);
  const deleteAction =
    onDelete && deleteDialog
      ? {
          label: 'Delete',
          tone: 'danger' as const,
          confirm: { confirmLabel: 'Delete', ...deleteDialog },
          run: onDelete,
        }
      : undefined;

  const openRow = (event: MouseEvent<HTMLTableRowElement>, href: string) => {
    if (event.button !== 0 || !isRowClickForRow(event)) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey) window.open(href, '_blank', 'noopener');
    else void navigate(href);
  };

  const hasActions = Boolean(editHref || onDelete || rowActions.length > 0);
  const columnCount = columns.length + (hasActions ? 1 : 0);
  const total = count ?? 0;
  const isEmpty = rows !== undefined && rows.length === 0 && (count === undefined || count === 0);

  let status = '';
  if (rows !== undefined && !isLoading) {
    if (isEmpty) status = search ? '0 results' : '';
    else if (count !== undefined && rows.length > 0) {
      // Worded unlike the visible range, so a page has one '1–10 of 23' to find.
      status = `${count === 1 ? '1 result' : `${count} results`}${lastPage > 1 ? `, page ${page} of ${lastPage}` : ''}`;
    }
  }

  const dialogTitle = target ? resolve(target.confirm.title, target.row) : '';
  const dialogMessage = target ? resolve(target.confirm.message, target.row) : '';

  return (
    <div className="data-table">
      {(searchLabel || toolbar || filters) && (
        <div className="data-table__toolbar">
          {searchLabel && (
            <search className="data-table__search">
              <form onSubmit={submitSearch}>
                <label className="field__label" htmlFor={searchId}>
                  {searchLabel}
                </label>
                <input
                  ref={searchRef}
                  id={searchId}
                  className="field__input data-table__search-input"
                  type="search"
                  autoComplete="off"
                  spellCheck={false}
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                />
              </form>
            </search>
          )}
          {filters && <div className="data-table__filters">{filters}</div>}
          {toolbar && <div className="data-table__toolbar-actions">{toolbar}</div>}
        </div>
      )}

      <p className="visually-hidden" role="status">
        {status}
      </p>

      {error && (
        <p className="data-table__error" role="alert">
          {error}
        </p>
      )}

      {(rows !== undefined || isLoading) && (
        <table
          ref={tableRef}
          className="data-table__table"
          aria-label={label}
          aria-busy={isLoading || undefined}
          tabIndex={-1}
        >
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={column.className}>
                  {column.header}
                </th>
              ))}
              {hasActions && (
                <th scope="col" className="data-table__actions-header">
                  Actions
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows === undefined ? (
              <tr className="data-table__message-row">
                <td colSpan={columnCount}>Loading…</td>
              </tr>
            ) : isEmpty ? (
              <tr className="data-table__message-row">
                <td colSpan={columnCount}>
                  {search ? (
                    <div className="data-table__empty">
                      <p>No results for “{search}”.</p>
                      {noResultsHint}
                      <button type="button" className="button button--secondary" onClick={clearSearch}>
                        Clear search
                      </button>
                    </div>
                  ) : (
                    <div className="data-table__empty">{emptyState}</div>
                  )}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                // A click on the row is a mouse shortcut only: its own link (editHref) opens it by keyboard
                // and screen reader.
                <tr
                  key={rowKey(row)}
                  className={rowHref ? 'data-table__row--link' : undefined}
                  onClick={rowHref ? (event) => openRow(event, rowHref(row)) : undefined}
                >
                  {columns.map((column, index) =>
                    index === 0 ? (
                      <th
                        key={column.header}
                        scope="row"
                        className={column.className}
                        data-label={column.header}
                      >
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.header} className={column.className} data-label={column.header}>
                        {column.cell(row)}
                      </td>
                    ),
                  )}
                  {hasActions && (
                    <td className="data-table__row-actions">
                      <div className="data-table__row-buttons">
                        {editHref && (
                          <Link className="button button--secondary button--small" to={editHref(row)}>
                            {editLabel}
                            <span className="visually-hidden"> {rowLabel(row)}</span>
                          </Link>
                        )}
                        {rowActions
                          .filter((action) => action.isShown?.(row) ?? true)
                          .map((action) => (
                            <button
                              key={action.label}
                              type="button"
                              className={`button button--small ${action.tone === 'danger' ? 'button--danger-secondary' : 'button--secondary'}`}
                              onClick={(event) =>
                                askFor(
                                  {
                                    row,
                                    label: action.label,
                                    tone: action.tone ?? 'default',
                                    confirm: { confirmLabel: action.label, ...action.confirm },
                                    run: action.run,
                                    refusalOf: action.refusalOf,
                                  },
                                  event.currentTarget,
                                )
                              }
                            >
                              {action.label}
                              <span className="visually-hidden"> {rowLabel(row)}</span>
                            </button>
                          ))}
                        {deleteAction && (canDelete?.(row) ?? true) && (
                          <button
                            type="button"
                            className="button button--danger-secondary button--small"
                            onClick={(event) => askFor({ row, ...deleteAction }, event.currentTarget)}
                          >
                            Delete<span className="visually-hidden"> {rowLabel(row)}</span>
                          </button>
                        )}
                      </div>
                    </td>
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      )}

      {rows !== undefined && total > 0 && (
        <DataTableFooter
          label={label}
          page={page}
          perPage={perPage}
          lastPage={lastPage}
          total={total}
          setPage={setPage}
          setPerPage={setPerPage}
        />
      )}

      {(deleteAction || rowActions.length > 0) && (
        <ConfirmDialog
          open={confirming}
          title={dialogTitle}
          message={dialogMessage}
          confirmLabel={target?.confirm.confirmLabel}
          confirmTone={target?.tone === 'danger' ? 'danger' : 'primary'}
          cancelLabel={target?.confirm.cancelLabel}
          busy={running}
          error={refusal}
          onConfirm={() => void confirmAction()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
