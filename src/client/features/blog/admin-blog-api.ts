import type {
  createBlog,
  deleteBlog,
  getAdminBlog,
  listAdminBlogs,
  updateBlog,
} from '../../../shared/api/blog-admin-endpoints';
import {
  type AdminListParams,
  adminListQuery,
  type DeleteAdminRecordOptions,
  useAdminList,
  useAdminRecord,
  useDeleteAdminRecord,
  useSaveAdminRecord,
} from '../../lib/admin-resource';

/** The back-office list and the public blog (list, articles, 'More From'). */
const REFRESH_PATHS = ['/api/admin/blogs', '/api/blogs'];

/** The spec searches articles by `title`. */
export const useAdminBlogs = (params: AdminListParams) =>
  useAdminList<typeof listAdminBlogs>('/api/admin/blogs', adminListQuery(params, 'title'));

export const useAdminBlog = (id: number | undefined) =>
  useAdminRecord<typeof getAdminBlog>('/api/admin/blogs/:id', id);

const asIs = (body: FormData) => body;

/** Creates (no id) or updates an article from the form's multipart body (`articleBody`). */
export const useSaveArticle = (id: number | undefined) =>
  useSaveAdminRecord<typeof createBlog, typeof updateBlog, FormData>(
    { create: '/api/admin/blogs', update: '/api/admin/blogs/:id' },
    id,
    asIs,
    REFRESH_PATHS,
  );

export const useDeleteArticle = (options?: DeleteAdminRecordOptions) =>
  useDeleteAdminRecord<typeof deleteBlog>('/api/admin/blogs/:id', REFRESH_PATHS, options);
