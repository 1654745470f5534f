import {
  type AdminFeeCategoriesResponse,
  type AdminFeeCategoryResponse,
  type AdminFeeServiceResponse,
  type AdminFeeServicesResponse,
  centsToEuroText,
  type FeeServiceFormOutput,
} from '../../../shared/fees';
import {
  type AdminListParams,
  adminListQuery,
  type DeleteAdminRecordOptions,
  useAdminList,
  useAdminRecord,
  useDeleteAdminRecord,
  useSaveAdminRecord,
} from '../../lib/admin-resource-legacy';
import { feeCategoriesQueryKey } from './fees-api';

const CATEGORIES = '/api/admin/fee_categories';
const SERVICES = '/api/admin/services';
/** After any change: the admin lists and records of fees, and the public fee list (home and /fees). */
const REFRESH_PATHS = [feeCategoriesQueryKey()[0], CATEGORIES, SERVICES];

export const useAdminFeeCategories = (params: AdminListParams) =>
  useAdminList<AdminFeeCategoriesResponse>(CATEGORIES, adminListQuery(params));

export const useAdminFeeCategory = (id: number | undefined) =>
  useAdminRecord<AdminFeeCategoryResponse>(CATEGORIES, id);

export const useAdminFeeServices = (categoryId: number, params: AdminListParams) =>
  useAdminList<AdminFeeServicesResponse>(SERVICES, { category_id: categoryId, ...adminListQuery(params) });

export const useAdminFeeService = (id: number | undefined) =>
  useAdminRecord<AdminFeeServiceResponse>(SERVICES, id);

function feeCategoryFormData(title: string): FormData {
  const formData = new FormData();
  formData.append('fee_category[title]', title);
  return formData;
}

export const useSaveFeeCategory = (id: number | undefined) =>
  useSaveAdminRecord<string, AdminFeeCategoryResponse>(CATEGORIES, id, feeCategoryFormData, REFRESH_PATHS);

export const useDeleteFeeCategory = (options?: DeleteAdminRecordOptions) =>
  useDeleteAdminRecord(CATEGORIES, REFRESH_PATHS, options);

export interface SaveFeeServiceInput {
  values: FeeServiceFormOutput;
  /** Saved price lines removed in the form: sent with `_destroy`. */
  removedPriceIds: number[];
}

/**
 * The multipart body of `POST`/`PUT /api/admin/services` (spec section 7). The form's lines come first,
 * in its order, so the server's `prices_attributes.{n}` errors point at the form's fields; the removed
 * lines follow.
 */
export function serviceFormData(categoryId: number, isNew: boolean, input: SaveFeeServiceInput): FormData {
  const formData = new FormData();
  formData.append('service[title]', input.values.title);
  if (isNew) formData.append('service[fee_category_id]', String(categoryId));
  const lines = input.values.prices_attributes;
  lines.forEach((line, index) => {
    if (line.kind !== 'save') return;
    const name = (field: string) => `service[prices_attributes][${index}][${field}]`;
    if (line.id !== undefined) formData.append(name('id'), String(line.id));
    formData.append(name('description'), line.description);
    formData.append(name('amount'), centsToEuroText(line.amountCents));
  });
  input.removedPriceIds.forEach((id, offset) => {
    const index = lines.length + offset;
    formData.append(`service[prices_attributes][${index}][id]`, String(id));
    formData.append(`service[prices_attributes][${index}][_destroy]`, 'true');
  });
  return formData;
}

export const useSaveFeeService = (categoryId: number, serviceId: number | undefined) =>
  useSaveAdminRecord<SaveFeeServiceInput, AdminFeeServiceResponse>(
    SERVICES,
    serviceId,
    (input) => serviceFormData(categoryId, serviceId === undefined, input),
    REFRESH_PATHS,
  );

export const useDeleteFeeService = (options?: DeleteAdminRecordOptions) =>
  useDeleteAdminRecord(SERVICES, REFRESH_PATHS, options);
