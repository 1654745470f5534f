import type { FastifyInstance } from 'fastify';

/** Back-office calls: /api/admin/fee_categories and /api/admin/services (spec section 7). Registered under the guarded /api/admin scope. */
export async function feesAdminRoutes(_admin: FastifyInstance): Promise<void> {}
