import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataTableProps } from './data-table';
import { useTableParams } from './use-table-params';

interface Article {
  id: number;
  title: string;
  created: string;
}

const articles: Article[] = [
  { id: 1, title: 'Pollen season', created: '01/03/2025' },
  { id: 2, title: 'Food allergy & children', created: '02/03/2025' },
];

type Props = Omit<DataTableProps<Article>, 'params' | 'columns' | 'rowKey' | 'rowLabel' | 'label'>;

function ArticleList(props: Props) {
  const params = useTableParams();
  return (
    <DataTable<Article>
      label="Articles"
      params={params}
      columns={[
        { header: 'Title', cell: (article) => article.title },
        { header: 'Time', cell: (article) => article.created, className: 'nowrap' },
      ]}
      rowKey={(article) => article.id}
      rowLabel={(article) => article.title}
      {...props}
    />
  );
}

function render(url: string, props: Partial<Props> = {}) {
  return renderToString(
    <MemoryRouter initialEntries={[url]}>
      <ArticleList
        rows={articles}
        pages={3}
        count={23}
        isLoading={false}
        emptyState={<p>No articles yet.</p>}
        searchLabel="Search articles"
        editHref={(article) => `/admin/article/${article.id}`}
        onDelete={async () => {}}
        deleteDialog={{ title: 'Delete this article?', message: 'This cannot be undone.' }}
        {...props}
      />
    </MemoryRouter>,
  );
}

describe('DataTable (server render)', () => {
  it('renders the labelled table, its headers and the cells with their data-labels', () => {
    const html = render('/admin/blog');
    expect(html).toContain('<table class="data-table__table" aria-label="Articles" tabindex="-1">');
    expect(html).toContain('<th scope="col">Title</th>');
    expect(html).toContain('<th scope="col" class="nowrap">Time</th>');
    expect(html).toContain('<th scope="col" class="data-table__actions-header">Actions</th>');
    expect(html).toContain('<th scope="row" data-label="Title">Pollen season</th>');
    expect(html).toContain('<td class="nowrap" data-label="Time">01/03/2025</td>');
    expect(html).toContain('Food allergy &amp; children');
    expect(html).not.toContain('style=');
  });

  it('has a labelled search box, Edit links and Delete buttons named after the row', () => {
    const html = render('/admin/blog?search=pollen');
    expect(html).toMatch(
      /<label class="field__label" for="([^"]+)">Search articles<\/label><input[^>]*id="\1"/,
    );
    expect(html).toMatch(/<input[^>]*type="search"[^>]*value="pollen"/);
    expect(html).toContain('href="/admin/article/1"');
    expect(html).toMatch(/Edit<span class="visually-hidden"> (<!-- -->)?Pollen season<\/span><\/a>/);
    expect(html).toMatch(
      /<button type="button" class="[^"]*">Delete<span class="visually-hidden"> (<!-- -->)?Pollen season/,
    );
    // The confirmation dialog is in the page, closed, named by its title and described by its message.
    expect(html).toMatch(/<dialog class="confirm-dialog" aria-labelledby="[^"]+" aria-describedby="[^"]+">/);
    expect(html).not.toMatch(/<dialog[^>]* open/);
  });

  it('renders the pagination: range, page size and page buttons with the current page', () => {
    const html = render('/admin/blog?page=2');
    expect(html).toContain('11–20 of 23');
    expect(html).toMatch(/<label for="([^"]+)">Rows per page<\/label><select id="\1"/);
    for (const size of [10, 25, 50]) expect(html).toContain(`<option value="${size}"`);
    expect(html).toMatch(/<option value="10" selected="">10<\/option>/);
    expect(html).toContain('<nav class="data-table__pagination" aria-label="Articles pages">');
    expect(html).toContain('aria-label="Page 2" aria-current="page"');
    expect(html).toMatch(/aria-label="Page 1"(?! aria-current)/);
    expect(html).toContain('aria-label="Page 3"');
    expect(html).toContain('Previous');
    expect(html).toContain('Next');
    expect(html).not.toContain('aria-disabled');
  });

  it('disables Previous on the first page and Next on the last', () => {
    expect(render('/admin/blog')).toMatch(/aria-disabled="true"><span aria-hidden="true">‹<\/span> Previous/);
    expect(render('/admin/blog?page=3', { rows: articles.slice(0, 1) })).toMatch(
      /aria-disabled="true">Next <span aria-hidden="true">›<\/span>/,
    );
    expect(render('/admin/blog?page=3', { rows: articles.slice(0, 1) })).toContain('21–23 of 23');
  });

  it('falls back to the defaults for bad paging values in the URL', () => {
    const html = render('/admin/blog?page=-4&per_page=7');
    expect(html).toContain('1–10 of 23');
    expect(html).toContain('aria-label="Page 1" aria-current="page"');
    expect(render('/admin/blog?per_page=25', { pages: 1 })).toContain('1–23 of 23');
  });

  it('shows the empty state without pagination when there are no rows', () => {
    const html = render('/admin/blog', { rows: [], pages: 0, count: 0 });
    expect(html).toContain('<p>No articles yet.</p>');
    expect(html).not.toContain('Rows per page');
    expect(html).not.toContain('data-table__pagination');
  });

  it('tells a search without results apart, with a button to clear it', () => {
    const html = render('/admin/blog?search=zebra', { rows: [], pages: 0, count: 0 });
    expect(html).toContain('No results for “<!-- -->zebra<!-- -->”.');
    expect(html).toContain('Clear search</button>');
    expect(html).not.toContain('No articles yet.');
  });

  it('marks the table busy while loading and shows errors as alerts', () => {
    expect(render('/admin/blog', { isLoading: true })).toContain('aria-busy="true"');
    expect(render('/admin/blog', { rows: undefined, isLoading: true })).toContain('Loading…');
    const failed = render('/admin/blog', { rows: undefined, error: 'The articles could not be loaded.' });
    expect(failed).toContain(
      '<p class="data-table__error" role="alert">The articles could not be loaded.</p>',
    );
    expect(failed).not.toContain('<table');
  });

  it('leaves out the search box and the actions column when not asked for', () => {
    const html = render('/admin/blog', { searchLabel: undefined, editHref: undefined, onDelete: undefined });
    expect(html).not.toContain('type="search"');
    expect(html).not.toContain('Actions');
    expect(html).not.toContain('<dialog');
  });

  it('names the row link as asked, adds row actions where they apply and leaves Delete out where it does not', () => {
    const html = render('/admin', {
      editLabel: 'Open',
      rowHref: (article) => `/admin/article/${article.id}`,
      rowActions: [
        {
          label: 'Refund',
          tone: 'danger',
          isShown: (article) => article.id === 2,
          confirm: { title: 'Make Refund ?', message: 'Sure?' },
          run: async () => {},
        },
      ],
      canDelete: (article) => article.id === 1,
    });
    expect(html).toMatch(/Open<span class="visually-hidden"> (<!-- -->)?Pollen season<\/span><\/a>/);
    expect(html).not.toContain('>Edit<');
    // The row opens on a click too (a mouse shortcut beside its link).
    expect(html).toContain('<tr class="data-table__row--link">');
    expect(html).toMatch(/Refund<span class="visually-hidden"> (<!-- -->)?Food allergy &amp; children/);
    expect(html).not.toMatch(/Refund<span class="visually-hidden"> (<!-- -->)?Pollen season/);
    expect(html).toMatch(/Delete<span class="visually-hidden"> (<!-- -->)?Pollen season/);
    expect(html).not.toMatch(/Delete<span class="visually-hidden"> (<!-- -->)?Food allergy/);
    expect(html).toContain('<dialog');
  });

  it('shows filters after the search box', () => {
    const html = render('/admin', {
      filters: <input type="checkbox" aria-label="Show cancelled and refunded" />,
    });
    expect(html).toMatch(
      /<\/search><div class="data-table__filters"><input type="checkbox" aria-label="Show cancelled and refunded"\/><\/div>/,
    );
    expect(render('/admin')).not.toContain('data-table__filters');
    expect(render('/admin')).not.toContain('data-table__row--link');
  });
});
