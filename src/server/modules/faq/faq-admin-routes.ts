import type { FastifyInstance } from 'fastify';

/** Back-office calls: /api/admin/fa_questions (spec section 7). Registered under the guarded /api/admin scope. */
export async function faqAdminRoutes(_admin: FastifyInstance): Promise<void> {}
