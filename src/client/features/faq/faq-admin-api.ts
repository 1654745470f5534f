import {
  createFaQuestion,
  deleteFaQuestion,
  getAdminFaQuestion,
  listAdminFaQuestions,
  updateFaQuestion,
} from '../../../shared/api/faq-admin-endpoints';
import { listFaQuestions } from '../../../shared/api/faq-endpoints';
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
const REFRESH = [listFaQuestions, listAdminFaQuestions];

export const useAdminFaQuestions = (params: AdminListParams) =>
  useAdminList(listAdminFaQuestions, adminListQuery(params));

export const useAdminFaQuestion = (id: string) => useAdminRecord(getAdminFaQuestion, id);

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
  useSaveAdminRecord({ create: createFaQuestion, update: updateFaQuestion }, id, faqFormData, REFRESH);

export const useDeleteFaQuestion = (options?: DeleteAdminRecordOptions) =>
  useDeleteAdminRecord(deleteFaQuestion, REFRESH, options);
