import type { FastifyInstance } from 'fastify';

/** Back-office calls: /api/admin/blogs (spec section 7). Registered under the guarded /api/admin scope. */
export async function blogAdminRoutes(_admin: FastifyInstance): Promise<void> {}
