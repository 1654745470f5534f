import {
  createBlog,
  deleteBlog,
  getAdminBlog,
  listAdminBlogs,
  updateBlog,
} from '../../../shared/api/blog-admin-endpoints';
import { listBlogs } from '../../../shared/api/blog-endpoints';
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
const REFRESH = [listAdminBlogs, listBlogs];

/** The spec searches articles by `title`. */
export const useAdminBlogs = (params: AdminListParams) =>
  useAdminList(listAdminBlogs, adminListQuery(params, 'title'));

export const useAdminBlog = (id: number | undefined) => useAdminRecord(getAdminBlog, id);

const asIs = (body: FormData) => body;

/** Creates (no id) or updates an article from the form's multipart body (`articleBody`). */
export const useSaveArticle = (id: number | undefined) =>
  useSaveAdminRecord({ create: createBlog, update: updateBlog }, id, asIs, REFRESH);

export const useDeleteArticle = (options?: DeleteAdminRecordOptions) =>
  useDeleteAdminRecord(deleteBlog, REFRESH, options);
