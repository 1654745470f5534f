import type { FaQuestionResponse, FaQuestionsResponse, FaqFormValues } from '../../../shared/faq';
import {
  type AdminListParams,
  adminListQuery,
  type DeleteAdminRecordOptions,
  useAdminList,
  useAdminRecord,
  useDeleteAdminRecord,
  useSaveAdminRecord,
} from '../../lib/admin-resource-legacy';

const ADMIN_PATH = '/api/admin/fa_questions';
/** The back-office list and forms, and the public FAQ page. */
const REFRESH_PATHS = ['/api/fa_questions', ADMIN_PATH];

export const useAdminFaQuestions = (params: AdminListParams) =>
  useAdminList<FaQuestionsResponse>(ADMIN_PATH, adminListQuery(params));

export const useAdminFaQuestion = (id: string) => useAdminRecord<FaQuestionResponse>(ADMIN_PATH, id);

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
  useSaveAdminRecord<FaqFormValues, FaQuestionResponse>(ADMIN_PATH, id, faqFormData, REFRESH_PATHS);

export const useDeleteFaQuestion = (options?: DeleteAdminRecordOptions) =>
  useDeleteAdminRecord(ADMIN_PATH, REFRESH_PATHS, options);
