import { paginationQuerySchema } from './pagination';

export interface Blog {
  id: number;
  title: string;
  slug: string;
  /** Sanitised HTML. */
  content: string;
  /** ISO 8601. */
  created_at: string;
  /** ISO 8601. */
  published_at: string;
  video_url: string | null;
  icon: { url: string } | null;
  attachment: { url: string; name: string } | null;
}

export interface BlogsResponse {
  blogs: Blog[];
  pages: number;
  count: number;
}

export interface BlogResponse {
  blog: Blog;
}

/** The public blog list shows four articles a page (spec section 9). */
export const PUBLIC_BLOG_PER_PAGE = 4;

export const blogsQuerySchema = paginationQuerySchema.strict();
