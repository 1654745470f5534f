import type { FastifyInstance } from 'fastify';
import { listOutbox, resendOutboxEmail } from '../../../shared/api/outbox-endpoint-schemas';
import { route } from '../../http/endpoint-route';
import { adminActorOf } from '../auth/admin-guard';
import { listStaffOutbox, resendFailedEmail } from './outbox-admin-service';

/** The e-mail outbox for staff (issue 21), under the guarded /api/admin scope. */
export async function outboxAdminRoutes(admin: FastifyInstance): Promise<void> {
  route(admin, listOutbox, async (request) =>
    listStaffOutbox(admin.db, adminActorOf(request), request.query),
  );
  route(admin, resendOutboxEmail, async (request) =>
    resendFailedEmail(admin.db, adminActorOf(request), request.params.id),
  );
}
