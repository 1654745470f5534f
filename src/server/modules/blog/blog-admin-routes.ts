import type { FastifyInstance } from 'fastify';
import {
  createBlog,
  deleteBlog,
  getAdminBlog,
  listAdminBlogs,
  updateBlog,
} from '../../../shared/api/blog-endpoint-schemas';
import { notFound } from '../../domain-errors';
import { route } from '../../http/endpoint-route';
import type { FormLimits } from '../../http/multipart-form';
import { adminActorOf } from '../auth/admin-guard';
import { findAdminBlog, listAdminBlogs as listArticles } from './blog-admin-repository';
import { changeArticle, createArticle, removeArticle } from './blog-admin-service';

/** An icon and a PDF; the HTML content may hold 200,000 characters of up to 4 bytes each. */
const ARTICLE_FORM_LIMITS: FormLimits = { files: 2, fields: 10, fieldSize: 1024 * 1024 };

/** Back-office calls: /api/admin/blogs (spec section 7), under the guarded /api/admin scope. */
export async function blogAdminRoutes(admin: FastifyInstance): Promise<void> {
  const db = admin.db;

  route(admin, listAdminBlogs, async ({ query }) => {
    const { items, pages, count } = await listArticles(db, {
      ...query,
      title: query.title || query.search || undefined,
    });
    return { blogs: items, pages, count };
  });

  route(admin, getAdminBlog, async ({ params }) => {
    const blog = await findAdminBlog(db, params.id);
    if (!blog) throw notFound('Article not found');
    return { blog };
  });

  route(
    admin,
    createBlog,
    async (request) => ({ blog: await createArticle(db, adminActorOf(request), request.body) }),
    { formLimits: ARTICLE_FORM_LIMITS },
  );

  route(
    admin,
    updateBlog,
    async (request) => ({
      blog: await changeArticle(db, adminActorOf(request), request.params.id, request.body),
    }),
    { formLimits: ARTICLE_FORM_LIMITS },
  );

  route(admin, deleteBlog, async (request) => {
    await removeArticle(db, adminActorOf(request), request.params.id);
    return undefined;
  });
}
