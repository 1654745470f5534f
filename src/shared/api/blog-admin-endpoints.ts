import type {
  adminBlogResponseSchema,
  adminBlogsQuerySchema,
  adminBlogsResponseSchema,
  articleIdParams,
  articleRequestSchema,
} from '../blog';
import { defineEndpoint } from './endpoint';

export const listAdminBlogs = defineEndpoint<{
  query: typeof adminBlogsQuerySchema;
  response: typeof adminBlogsResponseSchema;
}>()({ method: 'GET', path: '/api/admin/blogs', access: 'admin', permission: 'content' });

export const getAdminBlog = defineEndpoint<{
  params: typeof articleIdParams;
  response: typeof adminBlogResponseSchema;
}>()({ method: 'GET', path: '/api/admin/blogs/:id', access: 'admin', permission: 'content' });

export const createBlog = defineEndpoint<{
  body: typeof articleRequestSchema;
  response: typeof adminBlogResponseSchema;
}>()({ method: 'POST', path: '/api/admin/blogs', access: 'admin', permission: 'content', status: 201 });

export const updateBlog = defineEndpoint<{
  params: typeof articleIdParams;
  body: typeof articleRequestSchema;
  response: typeof adminBlogResponseSchema;
}>()({ method: 'PUT', path: '/api/admin/blogs/:id', access: 'admin', permission: 'content' });

export const deleteBlog = defineEndpoint<{ params: typeof articleIdParams }>()({
  method: 'DELETE',
  path: '/api/admin/blogs/:id',
  access: 'admin',
  permission: 'content',
  status: 204,
});
