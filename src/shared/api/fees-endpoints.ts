import {
  adminFeeCategoriesQuerySchema,
  adminFeeCategoriesResponseSchema,
  adminFeeCategoryResponseSchema,
  adminFeeServiceResponseSchema,
  adminFeeServicesQuerySchema,
  adminFeeServicesResponseSchema,
  feeCategoriesQuerySchema,
  feeCategoriesResponseSchema,
  feeCategoryFormSchema,
  feeCategoryIdParams,
  feeServiceCreateSchema,
  feeServiceIdParams,
  feeServiceUpdateSchema,
} from '../fees';
import { defineEndpoint } from './endpoint';

export const listFeeCategories = defineEndpoint({
  method: 'GET',
  path: '/api/fee_categories',
  summary: 'The fee categories by position, each with its services and their prices (euro)',
  access: 'public',
  query: feeCategoriesQuerySchema,
  response: feeCategoriesResponseSchema,
});

export const listAdminFeeCategories = defineEndpoint({
  method: 'GET',
  path: '/api/admin/fee_categories',
  summary: 'The fee categories with their services counted, searchable by title',
  access: 'admin',
  query: adminFeeCategoriesQuerySchema,
  response: adminFeeCategoriesResponseSchema,
});

export const getAdminFeeCategory = defineEndpoint({
  method: 'GET',
  path: '/api/admin/fee_categories/:id',
  summary: 'One fee category',
  access: 'admin',
  params: feeCategoryIdParams,
  response: adminFeeCategoryResponseSchema,
});

const feeCategoryForm = { envelope: 'fee_category' } as const;

export const createFeeCategory = defineEndpoint({
  method: 'POST',
  path: '/api/admin/fee_categories',
  summary: 'Adds a fee category, last (multipart or JSON: title)',
  access: 'admin',
  body: feeCategoryFormSchema,
  form: feeCategoryForm,
  status: 201,
  response: adminFeeCategoryResponseSchema,
});

export const updateFeeCategory = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/fee_categories/:id',
  summary: 'Renames a fee category',
  access: 'admin',
  params: feeCategoryIdParams,
  body: feeCategoryFormSchema,
  form: feeCategoryForm,
  response: adminFeeCategoryResponseSchema,
});

export const deleteFeeCategory = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/fee_categories/:id',
  summary: 'Deletes a fee category with its services and their prices',
  access: 'admin',
  params: feeCategoryIdParams,
  status: 204,
});

export const listAdminFeeServices = defineEndpoint({
  method: 'GET',
  path: '/api/admin/services',
  summary:
    'Fee services by position with their prices, of one category (category_id) or all, searchable by title',
  access: 'admin',
  query: adminFeeServicesQuerySchema,
  response: adminFeeServicesResponseSchema,
});

export const getAdminFeeService = defineEndpoint({
  method: 'GET',
  path: '/api/admin/services/:id',
  summary: 'One fee service with its prices',
  access: 'admin',
  params: feeServiceIdParams,
  response: adminFeeServiceResponseSchema,
});

const feeServiceForm = { envelope: 'service' } as const;

export const createFeeService = defineEndpoint({
  method: 'POST',
  path: '/api/admin/services',
  summary:
    'Adds a fee service, last in its category (multipart or JSON: title, fee_category_id, prices_attributes[n][description|amount])',
  access: 'admin',
  body: feeServiceCreateSchema,
  form: feeServiceForm,
  status: 201,
  response: adminFeeServiceResponseSchema,
});

export const updateFeeService = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/services/:id',
  summary:
    'Changes a fee service; prices_attributes lines add (no id), change (id) or remove (id, _destroy) price lines, others stay',
  access: 'admin',
  params: feeServiceIdParams,
  body: feeServiceUpdateSchema,
  form: feeServiceForm,
  response: adminFeeServiceResponseSchema,
});

export const deleteFeeService = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/services/:id',
  summary: 'Deletes a fee service and its prices',
  access: 'admin',
  params: feeServiceIdParams,
  status: 204,
});
