import type { AdminBlogResponse, AdminBlogsResponse } from '../../../shared/blog';
import {
  type AdminListParams,
  adminListQuery,
  type DeleteAdminRecordOptions,
  useAdminList,
  useAdminRecord,
  useDeleteAdminRecord,
  useSaveAdminRecord,
} from '../../lib/admin-resource-legacy';

const ADMIN_BLOGS = '/api/admin/blogs';
/** The back-office list and the public blog (list, articles, 'More From'). */
const REFRESH_PATHS = [ADMIN_BLOGS, '/api/blogs'];

/** The spec searches articles by `title`. */
export const useAdminBlogs = (params: AdminListParams) =>
  useAdminList<AdminBlogsResponse>(ADMIN_BLOGS, adminListQuery(params, 'title'));

export const useAdminBlog = (id: number | undefined) => useAdminRecord<AdminBlogResponse>(ADMIN_BLOGS, id);

const asIs = (body: FormData) => body;

/** Creates (no id) or updates an article from the form's multipart body (`articleBody`). */
export const useSaveArticle = (id: number | undefined) =>
  useSaveAdminRecord<FormData, AdminBlogResponse>(ADMIN_BLOGS, id, asIs, REFRESH_PATHS);

export const useDeleteArticle = (options?: DeleteAdminRecordOptions) =>
  useDeleteAdminRecord(ADMIN_BLOGS, REFRESH_PATHS, options);
