import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type AdminFeeCategoriesResponse,
  type AdminFeeCategoryResponse,
  type AdminFeeServiceResponse,
  type AdminFeeServicesResponse,
  centsToEuroText,
  type FeeServiceFormOutput,
} from '../../../shared/fees';
import { apiRequest } from '../../lib/api-client';
import { invalidateApiPaths } from '../../lib/invalidate-api-paths';
import type { ApiQueryKey } from '../../lib/query-client';
import { feeCategoriesQueryKey } from './fees-api';

const CATEGORIES = '/api/admin/fee_categories';
const SERVICES = '/api/admin/services';

interface ListParams {
  page: number;
  perPage: number;
  search: string;
}

const listQuery = ({ page, perPage, search }: ListParams) => ({
  page,
  per_page: perPage,
  search: search || undefined,
});

export function useAdminFeeCategories(params: ListParams) {
  const queryKey: ApiQueryKey = [CATEGORIES, listQuery(params)];
  return useQuery<AdminFeeCategoriesResponse>({ queryKey, placeholderData: keepPreviousData });
}

export function useAdminFeeCategory(id: number | undefined) {
  return useQuery<AdminFeeCategoryResponse>({
    queryKey: [`${CATEGORIES}/${id}`] satisfies ApiQueryKey,
    enabled: id !== undefined,
  });
}

export function useAdminFeeServices(categoryId: number, params: ListParams) {
  const queryKey: ApiQueryKey = [SERVICES, { category_id: categoryId, ...listQuery(params) }];
  return useQuery<AdminFeeServicesResponse>({ queryKey, placeholderData: keepPreviousData });
}

export function useAdminFeeService(id: number | undefined) {
  return useQuery<AdminFeeServiceResponse>({
    queryKey: [`${SERVICES}/${id}`] satisfies ApiQueryKey,
    enabled: id !== undefined,
  });
}

/** A record id from the address, or undefined when it cannot be one (the page then shows 'not found'). */
export function idFromParam(param: string | undefined): number | undefined {
  if (!param || !/^\d{1,10}$/.test(param)) return undefined;
  const id = Number(param);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

/** After any change: the admin lists and records of fees, and the public fee list (home and /fees). */
function refreshFees(queryClient: QueryClient) {
  const [publicPath] = feeCategoriesQueryKey();
  return invalidateApiPaths(queryClient, [publicPath, CATEGORIES, SERVICES]);
}

export function useSaveFeeCategory(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => {
      const formData = new FormData();
      formData.append('fee_category[title]', title);
      return apiRequest<AdminFeeCategoryResponse>(id === undefined ? CATEGORIES : `${CATEGORIES}/${id}`, {
        method: id === undefined ? 'POST' : 'PUT',
        formData,
      });
    },
    onSuccess: () => refreshFees(queryClient),
  });
}

export function useDeleteFeeCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`${CATEGORIES}/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: [`${CATEGORIES}/${id}`] });
      return refreshFees(queryClient);
    },
  });
}

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

export function useSaveFeeService(categoryId: number, serviceId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveFeeServiceInput) =>
      apiRequest<AdminFeeServiceResponse>(serviceId === undefined ? SERVICES : `${SERVICES}/${serviceId}`, {
        method: serviceId === undefined ? 'POST' : 'PUT',
        formData: serviceFormData(categoryId, serviceId === undefined, input),
      }),
    onSuccess: () => refreshFees(queryClient),
  });
}

export function useDeleteFeeService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`${SERVICES}/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: [`${SERVICES}/${id}`] });
      return refreshFees(queryClient);
    },
  });
}
