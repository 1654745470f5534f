import { Link } from 'react-router';
import type { AdminBlogSummary } from '../../../shared/blog';
import { texts } from '../../../shared/validation-texts';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { useTableParams } from '../../components/data-table/use-table-params';
import type { RouteHandle } from '../../lib/route-handle';
import { useAdminBlogs, useDeleteArticle } from './admin-blog-api';
import { formatAdminDate, formatAdminDateTime, isScheduled } from './admin-blog-format';
import { formatArticleDate } from './blog-format';
import './admin-blog.css';

export const handle: RouteHandle = {
  head: () => ({ title: 'Blog – Back office', description: 'The clinic’s blog articles.', noindex: true }),
};

const columns: DataTableColumn<AdminBlogSummary>[] = [
  {
    header: 'Title',
    className: 'admin-blog__title-cell',
    cell: (blog) => (
      <>
        <span className="admin-blog__title">{blog.title}</span>
        {isScheduled(blog.published_at) ? (
          <span className="admin-blog__scheduled">
            Scheduled<span className="visually-hidden">:</span> {formatAdminDateTime(blog.published_at)}
          </span>
        ) : (
          <span className="admin-blog__published">
            Published <time dateTime={blog.published_at}>{formatArticleDate(blog.published_at)}</time>
          </span>
        )}
      </>
    ),
  },
  {
    header: 'Time',
    className: 'admin-blog__time-cell',
    cell: (blog) => <time dateTime={blog.created_at}>{formatAdminDate(blog.created_at)}</time>,
  },
];

/**
 * /admin/blog: every article, searched by title, ten a page: under its title the date the public site shows
 * (published, or scheduled), and the spec's Time column (the created date).
 */
export function Component() {
  const params = useTableParams();
  const list = useAdminBlogs(params);
  const remove = useDeleteArticle({ notice: texts.notices.articleDeleted });

  return (
    <>
      <div className="admin-page__header">
        <h1 className="admin-page__title">Blog</h1>
      </div>
      <DataTable
        label="Articles"
        params={params}
        columns={columns}
        rows={list.data?.blogs}
        rowKey={(blog) => blog.id}
        rowLabel={(blog) => blog.title}
        pages={list.data?.pages}
        count={list.data?.count}
        isLoading={list.isPending || list.isPlaceholderData}
        error={list.isError ? list.error.message : undefined}
        searchLabel="Search by title"
        editHref={(blog) => `/admin/article/${blog.id}`}
        onDelete={remove}
        deleteDialog={{
          title: 'Delete this article?',
          message: (blog) => (
            <>
              “{blog.title}” and its cover image and PDF will be removed from the website. This cannot be
              undone.
            </>
          ),
        }}
        emptyState={
          <>
            <p>There are no articles yet.</p>
            <Link className="button button--primary" to="/admin/article/create">
              Add the first article
            </Link>
          </>
        }
        toolbar={
          <Link className="button button--primary" to="/admin/article/create">
            Add article
          </Link>
        }
      />
    </>
  );
}
