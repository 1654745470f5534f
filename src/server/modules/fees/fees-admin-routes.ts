import type { FastifyInstance } from 'fastify';
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
} from '../../../shared/api/fees-endpoint-schemas';
import { notFound } from '../../domain-errors';
import { route } from '../../http/endpoint-route';
import type { FormLimits } from '../../http/multipart-form';
import { adminActorOf } from '../auth/admin-guard';
import {
  feeCategoryExists,
  findAdminFeeCategory,
  findAdminFeeService,
  listAdminFeeCategories as listCategories,
  listAdminFeeServices as listServices,
} from './fees-admin-repository';
import {
  createFeeCategory as addCategory,
  createFeeService as addService,
  changeFeeCategory,
  changeFeeService,
  removeFeeCategory,
  removeFeeService,
} from './fees-service';

/** A title and up to 50 price lines of four short fields each; no file. */
const FEE_FORM_LIMITS: FormLimits = { files: 0, fields: 210, fieldSize: 4 * 1024 };

/** Back-office calls: /api/admin/fee_categories and /api/admin/services (spec section 7), under the guarded /api/admin scope. */
export async function feesAdminRoutes(admin: FastifyInstance): Promise<void> {
  const db = admin.db;

  route(admin, listAdminFeeCategories, async ({ query }) => {
    const { items, pages, count } = await listCategories(db, query);
    return { fee_categories: items, pages, count };
  });

  route(admin, getAdminFeeCategory, async ({ params }) => {
    const category = await findAdminFeeCategory(db, params.id);
    if (!category) throw notFound('Fee category not found');
    return { fee_category: category };
  });

  route(
    admin,
    createFeeCategory,
    async (request) => ({ fee_category: await addCategory(db, adminActorOf(request), request.body.title) }),
    { formLimits: FEE_FORM_LIMITS },
  );

  route(
    admin,
    updateFeeCategory,
    async (request) => ({
      fee_category: await changeFeeCategory(db, adminActorOf(request), request.params.id, request.body.title),
    }),
    { formLimits: FEE_FORM_LIMITS },
  );

  route(admin, deleteFeeCategory, async (request) => {
    await removeFeeCategory(db, adminActorOf(request), request.params.id);
    return undefined;
  });

  route(admin, listAdminFeeServices, async ({ query }) => {
    if (query.category_id !== undefined && !(await feeCategoryExists(db, query.category_id)))
      throw notFound('Fee category not found');
    const { items, pages, count } = await listServices(db, { ...query, categoryId: query.category_id });
    return { services: items, pages, count };
  });

  route(admin, getAdminFeeService, async ({ params }) => {
    const service = await findAdminFeeService(db, params.id);
    if (!service) throw notFound('Fee service not found');
    return { service };
  });

  route(
    admin,
    createFeeService,
    async (request) => ({ service: await addService(db, adminActorOf(request), request.body) }),
    { formLimits: FEE_FORM_LIMITS },
  );

  route(
    admin,
    updateFeeService,
    async (request) => changeFeeService(db, adminActorOf(request), request.params.id, request.body),
    { formLimits: FEE_FORM_LIMITS },
  );

  route(admin, deleteFeeService, async (request) => {
    await removeFeeService(db, adminActorOf(request), request.params.id);
    return undefined;
  });
}
