import type { FastifyInstance } from 'fastify';
import { getBlog, listBlogs } from '../../../shared/api/blog-endpoint-schemas';
import { notFound } from '../../domain-errors';
import { route } from '../../http/endpoint-route';
import { findPublishedBlog, listPublishedBlogs } from './blog-repository';

/** Public reads of the blog (spec section 7): `GET /api/blogs` and `GET /api/blogs/{slugOrId}`. */
export async function blogPublicRoutes(api: FastifyInstance): Promise<void> {
  route(api, listBlogs, async ({ query }) => {
    const { items, pages, count } = await listPublishedBlogs(api.db, query);
    return { blogs: items, pages, count };
  });

  route(api, getBlog, async ({ params }) => {
    const blog = await findPublishedBlog(api.db, params.slugOrId);
    if (!blog) throw notFound('Article not found');
    return { blog };
  });
}
