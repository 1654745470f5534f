import {
  adminFeeCategoriesQuerySchema,
  adminFeeCategoriesResponseSchema,
  adminFeeCategoryResponseSchema,
  adminFeeServiceResponseSchema,
  adminFeeServicesQuerySchema,
  adminFeeServicesResponseSchema,
  adminFeeServiceUpdateResponseSchema,
  feeCategoriesQuerySchema,
  feeCategoriesResponseSchema,
  feeCategoryFormSchema,
  feeCategoryIdParams,
  feeServiceCreateSchema,
  feeServiceIdParams,
  feeServiceUpdateSchema,
} from '../fees';
import { withSchemas } from './endpoint-schemas';
import * as admin from './fees-admin-endpoints';
import * as api from './fees-endpoints';

export const listFeeCategories = withSchemas(api.listFeeCategories, {
  summary: 'The fee categories by position, each with its services and their prices (euro)',
  query: feeCategoriesQuerySchema,
  response: feeCategoriesResponseSchema,
});

export const listAdminFeeCategories = withSchemas(admin.listAdminFeeCategories, {
  summary: 'The fee categories with their services counted, searchable by title',
  query: adminFeeCategoriesQuerySchema,
  response: adminFeeCategoriesResponseSchema,
});

export const getAdminFeeCategory = withSchemas(admin.getAdminFeeCategory, {
  summary: 'One fee category',
  params: feeCategoryIdParams,
  response: adminFeeCategoryResponseSchema,
});

const feeCategoryForm = { envelope: 'fee_category' } as const;

export const createFeeCategory = withSchemas(admin.createFeeCategory, {
  summary: 'Adds a fee category, last (multipart or JSON: title)',
  body: feeCategoryFormSchema,
  form: feeCategoryForm,
  response: adminFeeCategoryResponseSchema,
});

export const updateFeeCategory = withSchemas(admin.updateFeeCategory, {
  summary: 'Renames a fee category',
  params: feeCategoryIdParams,
  body: feeCategoryFormSchema,
  form: feeCategoryForm,
  response: adminFeeCategoryResponseSchema,
});

export const deleteFeeCategory = withSchemas(admin.deleteFeeCategory, {
  summary: 'Deletes a fee category with its services and their prices',
  params: feeCategoryIdParams,
});

export const listAdminFeeServices = withSchemas(admin.listAdminFeeServices, {
  summary:
    'Fee services by position with their prices, of one category (category_id) or all, searchable by title',
  query: adminFeeServicesQuerySchema,
  response: adminFeeServicesResponseSchema,
});

export const getAdminFeeService = withSchemas(admin.getAdminFeeService, {
  summary: 'One fee service with its prices',
  params: feeServiceIdParams,
  response: adminFeeServiceResponseSchema,
});

const feeServiceForm = { envelope: 'service' } as const;

export const createFeeService = withSchemas(admin.createFeeService, {
  summary:
    'Adds a fee service, last in its category (multipart or JSON: title, fee_category_id, prices_attributes[n][description|amount])',
  body: feeServiceCreateSchema,
  form: feeServiceForm,
  response: adminFeeServiceResponseSchema,
});

export const updateFeeService = withSchemas(admin.updateFeeService, {
  summary:
    "Changes a fee service; prices_attributes lines add (no id), change (id) or remove (id, _destroy) price lines, others stay. A new amount of a line a bookable kind costs (Settings) gives that kind's future free slots the new price, in the same transaction; `repriced` says how many, per kind",
  params: feeServiceIdParams,
  body: feeServiceUpdateSchema,
  form: feeServiceForm,
  response: adminFeeServiceUpdateResponseSchema,
});

export const deleteFeeService = withSchemas(admin.deleteFeeService, {
  summary: 'Deletes a fee service and its prices',
  params: feeServiceIdParams,
});
