import { Navigate, useLocation, useParams } from 'react-router';
import { AdminRecordPage } from '../../components/admin-page/admin-record-page';
import { idFromParam } from '../../lib/admin-resource';
import type { RouteHandle } from '../../lib/route-handle';
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

function EditArticle({ id }: { id: number | undefined }) {
  const record = useAdminBlog(id);
  return (
    <AdminRecordPage
      record={record}
      missing={id === undefined}
      what="article"
      title="Edit article"
      notFoundTitle="Article not found"
      backTo="/admin/blog"
      backLabel="Back to the articles"
    >
      {/* Keyed by the saved version: the form starts from the stored values. */}
      {({ blog }) => <ArticleForm key={`${blog.id}-${blog.updated_at}`} blog={blog} />}
    </AdminRecordPage>
  );
}

/** /admin/article/create, /admin/article/{id}; /admin/article/edit without an id goes back to the list. */
export function Component() {
  const { id } = useParams();
  const { pathname } = useLocation();
  if (/\/article\/create\/?$/.test(pathname)) return <ArticleForm />;
  if (id === undefined) return <Navigate to="/admin/blog" replace />;
  return <EditArticle id={idFromParam(id)} />;
}
