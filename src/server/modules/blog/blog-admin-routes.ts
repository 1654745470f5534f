import type { FastifyInstance } from 'fastify';
import {
  type AdminBlogResponse,
  type AdminBlogsResponse,
  adminBlogsQuerySchema,
  articleRequestSchema,
} from '../../../shared/blog';
import { pageCount } from '../../../shared/pagination';
import { notFound } from '../../http/http-errors';
import { type FormLimits, readForm } from '../../http/multipart-form';
import { validate } from '../../http/validation';
import { auditAdminChange } from '../audit/audit-log';
import { findAdminBlog, listAdminBlogs } from './blog-admin-repository';
import { articleUploads, createArticle, removeArticle, saveArticle } from './blog-admin-service';

const MAX_ID = 2_147_483_647;

/** An icon and a PDF; the HTML content may hold 200,000 characters of up to 4 bytes each. */
const ARTICLE_FORM_LIMITS: FormLimits = { files: 2, fields: 10, fieldSize: 1024 * 1024 };

/** The id of `/blogs/{id}`; anything else is a missing article. */
function articleId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > MAX_ID) throw notFound('Article');
  return id;
}

async function answerArticle(admin: FastifyInstance, id: number): Promise<AdminBlogResponse> {
  const blog = await findAdminBlog(admin.db, id);
  if (!blog) throw notFound('Article');
  return { blog };
}

type IdRoute = { Params: { id: string } };

/** Back-office calls: /api/admin/blogs (spec section 7). Registered under the guarded /api/admin scope. */
export async function blogAdminRoutes(admin: FastifyInstance): Promise<void> {
  admin.get('/blogs', async (request): Promise<AdminBlogsResponse> => {
    const query = validate(adminBlogsQuerySchema, request.query);
    const title = query.title || query.search || undefined;
    const { items, count } = await listAdminBlogs(admin.db, {
      page: query.page,
      perPage: query.per_page,
      title,
    });
    return { blogs: items, pages: pageCount(count, query.per_page), count };
  });

  admin.post('/blogs', async (request, reply): Promise<AdminBlogResponse> => {
    const { fields, files } = await readForm(request, ARTICLE_FORM_LIMITS);
    const form = validate(articleRequestSchema, fields).blog;
    const row = await createArticle(admin.db, form, articleUploads(files));
    await auditAdminChange(request, 'create', 'blog', row.id, { slug: row.slug });
    reply.code(201);
    return answerArticle(admin, row.id);
  });

  admin.get<IdRoute>('/blogs/:id', async (request) => answerArticle(admin, articleId(request.params.id)));

  admin.put<IdRoute>('/blogs/:id', async (request): Promise<AdminBlogResponse> => {
    const id = articleId(request.params.id);
    const { fields, files } = await readForm(request, ARTICLE_FORM_LIMITS);
    const form = validate(articleRequestSchema, fields).blog;
    const { changed } = await saveArticle(admin.db, id, form, articleUploads(files));
    await auditAdminChange(request, 'update', 'blog', id, { changed });
    return answerArticle(admin, id);
  });

  admin.delete<IdRoute>('/blogs/:id', async (request, reply) => {
    const id = articleId(request.params.id);
    const row = await removeArticle(admin.db, id);
    await auditAdminChange(request, 'delete', 'blog', id, { slug: row.slug, title: row.title });
    return reply.code(204).send();
  });
}
