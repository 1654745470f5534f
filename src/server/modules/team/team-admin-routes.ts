import type { FastifyInstance } from 'fastify';

/** Back-office calls: /api/admin/team_members (spec section 7). Registered under the guarded /api/admin scope. */
export async function teamAdminRoutes(_admin: FastifyInstance): Promise<void> {}
