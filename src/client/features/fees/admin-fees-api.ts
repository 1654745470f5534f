import {
  createFeeCategory,
  createFeeService,
  deleteFeeCategory,
  deleteFeeService,
  getAdminFeeCategory,
  getAdminFeeService,
  listAdminFeeCategories,
  listAdminFeeServices,
  updateFeeCategory,
  updateFeeService,
} from '../../../shared/api/fees-admin-endpoints';
import { listFeeCategories } from '../../../shared/api/fees-endpoints';
import { centsToEuroText, type FeeServiceFormOutput } from '../../../shared/fees';
import {
  type AdminListParams,
  adminListQuery,
  type DeleteAdminRecordOptions,
  useAdminList,
  useAdminRecord,
  useDeleteAdminRecord,
  useSaveAdminRecord,
} from '../../lib/admin-resource';

/** After any change: the admin lists and records of fees, and the public fee list (home and /fees). */
const REFRESH = [listFeeCategories, listAdminFeeCategories, listAdminFeeServices];

export const useAdminFeeCategories = (params: AdminListParams) =>
  useAdminList(listAdminFeeCategories, adminListQuery(params));

export const useAdminFeeCategory = (id: number | undefined) => useAdminRecord(getAdminFeeCategory, id);

export const useAdminFeeServices = (categoryId: number, params: AdminListParams) =>
  useAdminList(listAdminFeeServices, {
    category_id: categoryId,
    ...adminListQuery(params),
  });

export const useAdminFeeService = (id: number | undefined) => useAdminRecord(getAdminFeeService, id);

function feeCategoryFormData(title: string): FormData {
  const formData = new FormData();
  formData.append('fee_category[title]', title);
  return formData;
}

export const useSaveFeeCategory = (id: number | undefined) =>
  useSaveAdminRecord(
    { create: createFeeCategory, update: updateFeeCategory },
    id,
    feeCategoryFormData,
    REFRESH,
  );

export const useDeleteFeeCategory = (options?: DeleteAdminRecordOptions) =>
  useDeleteAdminRecord(deleteFeeCategory, REFRESH, options);

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
  useSaveAdminRecord(
    { create: createFeeService, update: updateFeeService },
    serviceId,
    (input: SaveFeeServiceInput) => serviceFormData(categoryId, serviceId === undefined, input),
    REFRESH,
  );

export const useDeleteFeeService = (options?: DeleteAdminRecordOptions) =>
  useDeleteAdminRecord(deleteFeeService, REFRESH, options);
