import type {
  adminFeeCategoriesQuerySchema,
  adminFeeCategoriesResponseSchema,
  adminFeeCategoryResponseSchema,
  adminFeeServiceResponseSchema,
  adminFeeServicesQuerySchema,
  adminFeeServicesResponseSchema,
  adminFeeServiceUpdateResponseSchema,
  feeCategoryFormSchema,
  feeCategoryIdParams,
  feeServiceCreateSchema,
  feeServiceIdParams,
  feeServiceUpdateSchema,
} from '../fees';
import { defineEndpoint } from './endpoint';

export const listAdminFeeCategories = defineEndpoint<{
  query: typeof adminFeeCategoriesQuerySchema;
  response: typeof adminFeeCategoriesResponseSchema;
}>()({ method: 'GET', path: '/api/admin/fee_categories', access: 'admin', permission: 'content' });

export const getAdminFeeCategory = defineEndpoint<{
  params: typeof feeCategoryIdParams;
  response: typeof adminFeeCategoryResponseSchema;
}>()({ method: 'GET', path: '/api/admin/fee_categories/:id', access: 'admin', permission: 'content' });

export const createFeeCategory = defineEndpoint<{
  body: typeof feeCategoryFormSchema;
  response: typeof adminFeeCategoryResponseSchema;
}>()({
  method: 'POST',
  path: '/api/admin/fee_categories',
  access: 'admin',
  permission: 'content',
  status: 201,
});

export const updateFeeCategory = defineEndpoint<{
  params: typeof feeCategoryIdParams;
  body: typeof feeCategoryFormSchema;
  response: typeof adminFeeCategoryResponseSchema;
}>()({ method: 'PUT', path: '/api/admin/fee_categories/:id', access: 'admin', permission: 'content' });

export const deleteFeeCategory = defineEndpoint<{ params: typeof feeCategoryIdParams }>()({
  method: 'DELETE',
  path: '/api/admin/fee_categories/:id',
  access: 'admin',
  permission: 'content',
  status: 204,
});

export const listAdminFeeServices = defineEndpoint<{
  query: typeof adminFeeServicesQuerySchema;
  response: typeof adminFeeServicesResponseSchema;
}>()({ method: 'GET', path: '/api/admin/services', access: 'admin', permission: 'content' });

export const getAdminFeeService = defineEndpoint<{
  params: typeof feeServiceIdParams;
  response: typeof adminFeeServiceResponseSchema;
}>()({ method: 'GET', path: '/api/admin/services/:id', access: 'admin', permission: 'content' });

export const createFeeService = defineEndpoint<{
  body: typeof feeServiceCreateSchema;
  response: typeof adminFeeServiceResponseSchema;
}>()({ method: 'POST', path: '/api/admin/services', access: 'admin', permission: 'content', status: 201 });

export const updateFeeService = defineEndpoint<{
  params: typeof feeServiceIdParams;
  body: typeof feeServiceUpdateSchema;
  response: typeof adminFeeServiceUpdateResponseSchema;
}>()({ method: 'PUT', path: '/api/admin/services/:id', access: 'admin', permission: 'content' });

export const deleteFeeService = defineEndpoint<{ params: typeof feeServiceIdParams }>()({
  method: 'DELETE',
  path: '/api/admin/services/:id',
  access: 'admin',
  permission: 'content',
  status: 204,
});
