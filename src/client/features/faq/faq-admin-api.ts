import type {
  createFaQuestion,
  deleteFaQuestion,
  getAdminFaQuestion,
  listAdminFaQuestions,
  updateFaQuestion,
} from '../../../shared/api/faq-admin-endpoints';
import type { FaqFormValues } from '../../../shared/faq';
import {
  type AdminListParams,
  adminListQuery,
  type DeleteAdminRecordOptions,
  useAdminList,
  useAdminRecord,
  useDeleteAdminRecord,
  useSaveAdminRecord,
} from '../../lib/admin-resource';

/** The back-office list and forms, and the public FAQ page. */
const REFRESH_PATHS = ['/api/fa_questions', '/api/admin/fa_questions'];

export const useAdminFaQuestions = (params: AdminListParams) =>
  useAdminList<typeof listAdminFaQuestions>('/api/admin/fa_questions', adminListQuery(params));

export const useAdminFaQuestion = (id: string) =>
  useAdminRecord<typeof getAdminFaQuestion>('/api/admin/fa_questions/:id', id);

/** The spec's multipart form: `title`, `answer`, `asHtml`. */
function faqFormData(values: FaqFormValues): FormData {
  const body = new FormData();
  body.append('title', values.title);
  body.append('answer', values.answer);
  body.append('asHtml', String(values.asHtml));
  return body;
}

/** Creates (no id) or updates a question. */
export const useSaveFaQuestion = (id: string | undefined) =>
  useSaveAdminRecord<typeof createFaQuestion, typeof updateFaQuestion, FaqFormValues>(
    { create: '/api/admin/fa_questions', update: '/api/admin/fa_questions/:id' },
    id,
    faqFormData,
    REFRESH_PATHS,
  );

export const useDeleteFaQuestion = (options?: DeleteAdminRecordOptions) =>
  useDeleteAdminRecord<typeof deleteFaQuestion>('/api/admin/fa_questions/:id', REFRESH_PATHS, options);
