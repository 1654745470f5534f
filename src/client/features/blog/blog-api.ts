import { useQuery } from '@tanstack/react-query';
import type { BlogResponse, BlogsResponse } from '../../../shared/blog';
import { PUBLIC_BLOG_PER_PAGE } from '../../../shared/public-lists';
import type { ApiQueryKey } from '../../lib/query-client';

export const blogsQueryKey = (page: number): ApiQueryKey => [
  '/api/blogs',
  { page, per_page: PUBLIC_BLOG_PER_PAGE },
];
export const blogQueryKey = (slug: string): ApiQueryKey => [`/api/blogs/${encodeURIComponent(slug)}`];

export function useBlogs(page: number) {
  return useQuery<BlogsResponse>({ queryKey: blogsQueryKey(page) });
}

export function useBlog(slug: string) {
  return useQuery<BlogResponse>({ queryKey: blogQueryKey(slug) });
}
