import type { FastifyInstance } from 'fastify';
import { type BlogResponse, type BlogsResponse, blogsQuerySchema } from '../../../shared/blog';
import { pageCount } from '../../../shared/pagination';
import { notFound } from '../../http/http-errors';
import { validate } from '../../http/validation';
import { findPublishedBlog, listPublishedBlogs } from './blog-repository';

/** Public reads of the blog (spec section 7): `GET /api/blogs` and `GET /api/blogs/{slugOrId}`. */
export async function blogPublicRoutes(app: FastifyInstance): Promise<void> {
  app.get('/blogs', async (request): Promise<BlogsResponse> => {
    const query = validate(blogsQuerySchema, request.query);
    const { items, count } = await listPublishedBlogs(app.db, query.page, query.per_page);
    return { blogs: items, pages: pageCount(count, query.per_page), count };
  });

  app.get<{ Params: { slugOrId: string } }>('/blogs/:slugOrId', async (request): Promise<BlogResponse> => {
    const slugOrId = request.params.slugOrId;
    const blog = slugOrId.length <= 200 ? await findPublishedBlog(app.db, slugOrId) : undefined;
    if (!blog) throw notFound('Article');
    return { blog };
  });
}
