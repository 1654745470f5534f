import {
  ARTICLE_CONTENT_MAX,
  ARTICLE_TITLE_MAX,
  ARTICLE_VIDEO_URL_MAX,
  adminBlogResponseSchema,
  adminBlogsQuerySchema,
  adminBlogsResponseSchema,
  articleIdParams,
  articleRequestSchema,
  blogAddressParams,
  blogResponseSchema,
  blogsQuerySchema,
  blogsResponseSchema,
} from '../blog';
import * as admin from './blog-admin-endpoints';
import * as api from './blog-endpoints';
import { jsonBodyLimit, withSchemas } from './endpoint-schemas';

export const listBlogs = withSchemas(api.listBlogs, {
  summary: 'Published articles as cards (with an excerpt), newest published first',
  query: blogsQuerySchema,
  response: blogsResponseSchema,
});

export const getBlog = withSchemas(api.getBlog, {
  summary: 'One published article, by its slug or its id',
  params: blogAddressParams,
  response: blogResponseSchema,
});

export const listAdminBlogs = withSchemas(admin.listAdminBlogs, {
  summary: 'Every article, scheduled ones too, newest created first; searchable by title',
  query: adminBlogsQuerySchema,
  response: adminBlogsResponseSchema,
});

export const getAdminBlog = withSchemas(admin.getAdminBlog, {
  summary: 'One article, published or not, with its stored files',
  params: articleIdParams,
  response: adminBlogResponseSchema,
});

const articleForm = { envelope: 'blog', files: ['icon', 'attachment'] } as const;

/** An article sent as JSON carries its whole HTML: about 590 KB at most, far above the default. */
const articleBodyLimit = jsonBodyLimit(ARTICLE_TITLE_MAX + ARTICLE_CONTENT_MAX + ARTICLE_VIDEO_URL_MAX);

export const createBlog = withSchemas(admin.createBlog, {
  summary:
    'Adds an article (multipart: blog[title], blog[content], blog[video_url], blog[published_at], blog[icon], blog[attachment])',
  body: articleRequestSchema,
  form: articleForm,
  bodyLimit: articleBodyLimit,
  response: adminBlogResponseSchema,
});

export const updateBlog = withSchemas(admin.updateBlog, {
  summary:
    'Changes an article (its slug stays); a file left out is kept, remove_icon/remove_attachment drop one',
  params: articleIdParams,
  body: articleRequestSchema,
  form: articleForm,
  bodyLimit: articleBodyLimit,
  response: adminBlogResponseSchema,
});

export const deleteBlog = withSchemas(admin.deleteBlog, {
  summary: 'Deletes an article and its files',
  params: articleIdParams,
});
