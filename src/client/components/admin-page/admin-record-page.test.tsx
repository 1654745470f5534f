import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { AdminRecordPage } from './admin-record-page';

function render(record: { data: { title: string } | undefined; error: Error | null }, missing = false) {
  return renderToString(
    <MemoryRouter>
      <AdminRecordPage
        record={record}
        missing={missing}
        what="article"
        title="Edit article"
        notFoundTitle="Article not found"
        backTo="/admin/blog"
        backLabel="Back to the articles"
      >
        {(article) => <form aria-label="Article">{article.title}</form>}
      </AdminRecordPage>
    </MemoryRouter>,
  ).replaceAll('<!-- -->', '');
}

describe('AdminRecordPage', () => {
  it('shows the form once the record is read, and keeps it when a later refresh fails', () => {
    expect(render({ data: { title: 'Pollen' }, error: null })).toBe(
      '<form aria-label="Article">Pollen</form>',
    );
    expect(
      render({ data: { title: 'Pollen' }, error: new ApiError(500, { error_messages: 'x' }) }),
    ).toContain('<form');
  });

  it('says it is loading, under the screen’s header', () => {
    const html = render({ data: undefined, error: null });
    expect(html).toContain('Back to the articles');
    expect(html).toContain('<h1 class="admin-page__title">Edit article</h1>');
    expect(html).toContain('<p role="status">Loading the article…</p>');
  });

  it('says the record does not exist for a 404 or an address naming no record', () => {
    for (const html of [
      render({ data: undefined, error: new ApiError(404, { error_messages: 'Not found' }) }),
      render({ data: undefined, error: null }, true),
    ]) {
      expect(html).toContain('<h1 class="admin-page__title">Article not found</h1>');
      expect(html).toContain('This article does not exist. It may have been deleted.');
    }
  });

  it('shows any other error’s text', () => {
    const html = render({ data: undefined, error: new ApiError(500, { error_messages: 'Try it later.' }) });
    expect(html).toContain('<h1 class="admin-page__title">Edit article</h1>');
    expect(html).toContain('<p role="alert">Try it later.</p>');
  });
});
