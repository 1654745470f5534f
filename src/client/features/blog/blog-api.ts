import { getBlog, listBlogs } from '../../../shared/api/blog-endpoints';
import { PUBLIC_BLOG_PER_PAGE } from '../../../shared/public-lists';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { endpointQueryKey } from '../../lib/query-client';

const blogsQuery = (page: number) => ({ page, per_page: PUBLIC_BLOG_PER_PAGE });

export const blogsQueryKey = (page: number) => endpointQueryKey(listBlogs, { query: blogsQuery(page) });

/** The article of `/article/{slugOrId}`; an address that is neither a slug nor an id is the API's 404. */
export const blogQueryKey = (slug: string) => endpointQueryKey(getBlog, { params: { slugOrId: slug } });

export const useBlogs = (page: number) => useEndpointQuery(listBlogs, { query: blogsQuery(page) });

export const useBlog = (slug: string) => useEndpointQuery(getBlog, { params: { slugOrId: slug } });
