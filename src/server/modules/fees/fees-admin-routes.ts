import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type AdminFeeCategoriesResponse,
  type AdminFeeCategoryResponse,
  type AdminFeeServiceResponse,
  type AdminFeeServicesResponse,
  adminFeeCategoriesQuerySchema,
  adminFeeServicesQuerySchema,
  feeCategoryFormSchema,
  feeServiceCreateSchema,
  feeServiceUpdateSchema,
} from '../../../shared/fees';
import { pageCount } from '../../../shared/pagination';
import { notFound } from '../../http/http-errors';
import { type FormLimits, readForm } from '../../http/multipart-form';
import { validate } from '../../http/validation';
import { auditAdminChange } from '../audit/audit-log';
import {
  createFeeCategory,
  deleteFeeCategory,
  deleteFeeService,
  findAdminFeeCategory,
  findAdminFeeService,
  listAdminFeeCategories,
  listAdminFeeServices,
  saveFeeService,
  updateFeeCategory,
} from './fees-admin-repository';

type WithId = { Params: { id: string } };

/** A record id from the path; anything else is a record that does not exist. */
function recordId(request: FastifyRequest<WithId>, what: string): number {
  const text = request.params.id;
  const id = /^\d{1,10}$/.test(text) ? Number(text) : 0;
  if (id < 1 || id > 2_147_483_647) throw notFound(what);
  return id;
}

/** A title and up to 50 price lines of four short fields each; no file. */
const FEE_FORM_LIMITS: FormLimits = { files: 0, fields: 210, fieldSize: 4 * 1024 };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The form's fields, sent bare (`title`) or inside their Rails envelope (`fee_category[title]`,
 * `service[...]`). `prices_attributes` sent as a hash (`{ "0": {...} }`, as Rails also accepts) becomes a list.
 */
async function formBody(request: FastifyRequest, envelope: string): Promise<unknown> {
  const { fields } = await readForm(request, FEE_FORM_LIMITS);
  const inner = fields[envelope];
  const body = isPlainObject(inner) && Object.keys(fields).length === 1 ? inner : fields;
  const prices = body.prices_attributes;
  if (isPlainObject(prices)) {
    const keys = Object.keys(prices).sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
    return { ...body, prices_attributes: keys.map((key) => prices[key]) };
  }
  return body;
}

/** Back-office calls: /api/admin/fee_categories and /api/admin/services (spec section 7). Registered under the guarded /api/admin scope. */
export async function feesAdminRoutes(admin: FastifyInstance): Promise<void> {
  admin.get('/fee_categories', async (request): Promise<AdminFeeCategoriesResponse> => {
    const query = validate(adminFeeCategoriesQuerySchema, request.query);
    const { items, count } = await listAdminFeeCategories(admin.db, {
      page: query.page,
      perPage: query.per_page,
      search: query.search,
    });
    return { fee_categories: items, pages: pageCount(count, query.per_page), count };
  });

  admin.post('/fee_categories', async (request, reply): Promise<AdminFeeCategoryResponse> => {
    const { title } = validate(feeCategoryFormSchema, await formBody(request, 'fee_category'));
    const category = await createFeeCategory(admin.db, title);
    await auditAdminChange(request, 'create', 'fee_category', category.id, { fields: ['title'] });
    reply.code(201);
    return { fee_category: category };
  });

  admin.get<WithId>('/fee_categories/:id', async (request): Promise<AdminFeeCategoryResponse> => {
    const category = await findAdminFeeCategory(admin.db, recordId(request, 'Fee category'));
    if (!category) throw notFound('Fee category');
    return { fee_category: category };
  });

  admin.put<WithId>('/fee_categories/:id', async (request): Promise<AdminFeeCategoryResponse> => {
    const id = recordId(request, 'Fee category');
    const { title } = validate(feeCategoryFormSchema, await formBody(request, 'fee_category'));
    const before = await findAdminFeeCategory(admin.db, id);
    const category = before && (await updateFeeCategory(admin.db, id, title));
    if (!before || !category) throw notFound('Fee category');
    await auditAdminChange(request, 'update', 'fee_category', id, {
      fields: before.title === title ? [] : ['title'],
    });
    return { fee_category: category };
  });

  admin.delete<WithId>('/fee_categories/:id', async (request, reply) => {
    const id = recordId(request, 'Fee category');
    const category = await deleteFeeCategory(admin.db, id);
    if (!category) throw notFound('Fee category');
    await auditAdminChange(request, 'delete', 'fee_category', id, {
      title: category.title,
      services_deleted: category.services_count,
    });
    return reply.code(204).send();
  });

  admin.get('/services', async (request): Promise<AdminFeeServicesResponse> => {
    const query = validate(adminFeeServicesQuerySchema, request.query);
    if (query.category_id !== undefined && !(await findAdminFeeCategory(admin.db, query.category_id)))
      throw notFound('Fee category');
    const { items, count } = await listAdminFeeServices(admin.db, {
      page: query.page,
      perPage: query.per_page,
      search: query.search,
      categoryId: query.category_id,
    });
    return { services: items, pages: pageCount(count, query.per_page), count };
  });

  admin.post('/services', async (request, reply): Promise<AdminFeeServiceResponse> => {
    const input = validate(feeServiceCreateSchema, await formBody(request, 'service'));
    const saved = await saveFeeService(admin.db, undefined, {
      title: input.title,
      categoryId: input.fee_category_id,
      prices: input.prices_attributes,
    });
    if (!saved) throw new Error('a created service was not found');
    await auditAdminChange(request, 'create', 'fee_service', saved.service.id, saved.changes);
    reply.code(201);
    return { service: saved.service };
  });

  admin.get<WithId>('/services/:id', async (request): Promise<AdminFeeServiceResponse> => {
    const service = await findAdminFeeService(admin.db, recordId(request, 'Fee service'));
    if (!service) throw notFound('Fee service');
    return { service };
  });

  admin.put<WithId>('/services/:id', async (request): Promise<AdminFeeServiceResponse> => {
    const id = recordId(request, 'Fee service');
    const input = validate(feeServiceUpdateSchema, await formBody(request, 'service'));
    const saved = await saveFeeService(admin.db, id, {
      title: input.title,
      categoryId: input.fee_category_id,
      prices: input.prices_attributes,
    });
    if (!saved) throw notFound('Fee service');
    await auditAdminChange(request, 'update', 'fee_service', id, saved.changes);
    return { service: saved.service };
  });

  admin.delete<WithId>('/services/:id', async (request, reply) => {
    const id = recordId(request, 'Fee service');
    const service = await deleteFeeService(admin.db, id);
    if (!service) throw notFound('Fee service');
    await auditAdminChange(request, 'delete', 'fee_service', id, {
      title: service.title,
      fee_category_id: service.fee_category_id,
      prices_deleted: service.prices.length,
    });
    return reply.code(204).send();
  });
}
