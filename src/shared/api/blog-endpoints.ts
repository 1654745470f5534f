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
import { defineEndpoint, jsonBodyLimit } from './endpoint';

export const listBlogs = defineEndpoint({
  method: 'GET',
  path: '/api/blogs',
  summary: 'Published articles as cards (with an excerpt), newest published first',
  access: 'public',
  query: blogsQuerySchema,
  response: blogsResponseSchema,
});

export const getBlog = defineEndpoint({
  method: 'GET',
  path: '/api/blogs/:slugOrId',
  summary: 'One published article, by its slug or its id',
  access: 'public',
  params: blogAddressParams,
  response: blogResponseSchema,
});

export const listAdminBlogs = defineEndpoint({
  method: 'GET',
  path: '/api/admin/blogs',
  summary: 'Every article, scheduled ones too, newest created first; searchable by title',
  access: 'admin',
  query: adminBlogsQuerySchema,
  response: adminBlogsResponseSchema,
});

export const getAdminBlog = defineEndpoint({
  method: 'GET',
  path: '/api/admin/blogs/:id',
  summary: 'One article, published or not, with its stored files',
  access: 'admin',
  params: articleIdParams,
  response: adminBlogResponseSchema,
});

const articleForm = { envelope: 'blog', files: ['icon', 'attachment'] } as const;

/** An article sent as JSON carries its whole HTML: about 590 KB at most, far above the default. */
const articleBodyLimit = jsonBodyLimit(ARTICLE_TITLE_MAX + ARTICLE_CONTENT_MAX + ARTICLE_VIDEO_URL_MAX);

export const createBlog = defineEndpoint({
  method: 'POST',
  path: '/api/admin/blogs',
  summary:
    'Adds an article (multipart: blog[title], blog[content], blog[video_url], blog[published_at], blog[icon], blog[attachment])',
  access: 'admin',
  body: articleRequestSchema,
  form: articleForm,
  bodyLimit: articleBodyLimit,
  status: 201,
  response: adminBlogResponseSchema,
});

export const updateBlog = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/blogs/:id',
  summary:
    'Changes an article (its slug stays); a file left out is kept, remove_icon/remove_attachment drop one',
  access: 'admin',
  params: articleIdParams,
  body: articleRequestSchema,
  form: articleForm,
  bodyLimit: articleBodyLimit,
  response: adminBlogResponseSchema,
});

export const deleteBlog = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/blogs/:id',
  summary: 'Deletes an article and its files',
  access: 'admin',
  params: articleIdParams,
  status: 204,
});
