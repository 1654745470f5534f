import type { getBlog, listBlogs } from '../../../shared/api/blog-endpoints';
import { PUBLIC_BLOG_PER_PAGE } from '../../../shared/public-lists';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { endpointQueryKey } from '../../lib/endpoint-query-key';

const blogsQuery = (page: number) => ({ page, per_page: PUBLIC_BLOG_PER_PAGE });

export const blogsQueryKey = (page: number) =>
  endpointQueryKey<typeof listBlogs>('/api/blogs', { query: blogsQuery(page) });

/** The article of `/article/{slugOrId}`; an address that is neither a slug nor an id is the API's 404. */
export const blogQueryKey = (slug: string) =>
  endpointQueryKey<typeof getBlog>('/api/blogs/:slugOrId', { params: { slugOrId: slug } });

export const useBlogs = (page: number) =>
  useEndpointQuery<typeof listBlogs>('/api/blogs', { query: blogsQuery(page) });

export const useBlog = (slug: string) =>
  useEndpointQuery<typeof getBlog>('/api/blogs/:slugOrId', { params: { slugOrId: slug } });
