import type { blogAddressParams, blogResponseSchema, blogsQuerySchema, blogsResponseSchema } from '../blog';
import { defineEndpoint } from './endpoint';

export const listBlogs = defineEndpoint<{
  query: typeof blogsQuerySchema;
  response: typeof blogsResponseSchema;
}>()({ method: 'GET', path: '/api/blogs', access: 'public' });

export const getBlog = defineEndpoint<{
  params: typeof blogAddressParams;
  response: typeof blogResponseSchema;
}>()({ method: 'GET', path: '/api/blogs/:slugOrId', access: 'public' });
