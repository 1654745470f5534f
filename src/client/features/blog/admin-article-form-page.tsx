import { Link, Navigate, useLocation, useParams } from 'react-router';
import type { RouteHandle } from '../../app/route-handle';
import { RecordNotFound } from '../../components/admin-page/record-not-found';
import { idFromParam } from '../../lib/admin-resource';
import { isNotFoundError } from '../../lib/api-client';
import { ArticleForm } from './admin-article-form';
import { useAdminBlog } from './admin-blog-api';
import './admin-blog.css';

export const handle: RouteHandle = {
  head: ({ params }) => ({
    title: params.id ? 'Edit article – Back office' : 'Add article – Back office',
    description: 'Write a blog article.',
    noindex: true,
  }),
};

function NotFound() {
  return (
    <>
      <h1 className="admin-page__title">Article not found</h1>
      <RecordNotFound what="article" backTo="/admin/blog" backLabel="Back to the articles" />
    </>
  );
}

function EditArticle({ id }: { id: number }) {
  const { data, isPending, isError, error } = useAdminBlog(id);
  if (isPending)
    return (
      <>
        <h1 className="admin-page__title">Edit article</h1>
        <p role="status">Loading the article…</p>
      </>
    );
  if (isError) {
    if (isNotFoundError(error)) return <NotFound />;
    return (
      <>
        <h1 className="admin-page__title">Edit article</h1>
        <p role="alert">{error.message}</p>
        <p>
          <Link to="/admin/blog">Back to the articles</Link>
        </p>
      </>
    );
  }
  // Keyed by the saved version: the form starts from the stored values.
  return <ArticleForm key={`${data.blog.id}-${data.blog.updated_at}`} blog={data.blog} />;
}

/** /admin/article/create, /admin/article/{id}; /admin/article/edit without an id goes back to the list. */
export function Component() {
  const { id } = useParams();
  const { pathname } = useLocation();
  if (/\/article\/create\/?$/.test(pathname)) return <ArticleForm />;
  if (id === undefined) return <Navigate to="/admin/blog" replace />;
  const recordId = idFromParam(id);
  if (recordId === undefined) return <NotFound />;
  return <EditArticle id={recordId} />;
}
