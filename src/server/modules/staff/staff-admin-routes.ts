import type { FastifyInstance } from 'fastify';
import {
  acceptInvitation,
  inviteStaff,
  listStaff,
  resendInvitation,
  updateStaff,
} from '../../../shared/api/staff-endpoint-schemas';
import { staffTexts } from '../../../shared/staff';
import { route } from '../../http/endpoint-route';
import { HttpError } from '../../http/http-errors';
import { adminActorOf } from '../auth/admin-guard';
import { toAdminUser } from '../auth/auth-service';
import { describeWait } from '../auth/login-throttle';
import { sessionTimeOf } from '../auth/session-limits';
import {
  acceptInvitation as accept,
  changeStaff,
  inviteStaff as invite,
  listStaff as list,
  resendInvitation as resend,
} from './staff-service';

/**
 * Staff accounts under `/api/admin/staff` (administrators), and the invitee's one public call, which sets their
 * password from the link and answers as sign-in does.
 */
export async function staffAdminRoutes(admin: FastifyInstance): Promise<void> {
  const db = admin.db;
  const publicUrl = admin.config.publicUrl;

  route(admin, listStaff, async ({ query }) => list(db, query));

  route(admin, inviteStaff, async (request) => ({
    staff_member: await invite(db, adminActorOf(request), request.body, publicUrl),
  }));

  route(admin, updateStaff, async (request) => ({
    staff_member: await changeStaff(db, adminActorOf(request), request.params.id, request.body),
  }));

  route(admin, resendInvitation, async (request) => ({
    staff_member: await resend(db, adminActorOf(request), request.params.id, publicUrl),
  }));

  route(
    admin,
    acceptInvitation,
    async (request, reply) => {
      const outcome = await accept(
        db,
        request.body,
        { ip: request.ip, userAgent: request.headers['user-agent'] },
        sessionTimeOf(admin),
      );
      if (outcome.kind === 'throttled') {
        reply.header('retry-after', outcome.retryAfterSeconds);
        throw new HttpError(
          429,
          'sign_in_throttled',
          staffTexts.invitationThrottled(describeWait(outcome.retryAfterSeconds)),
        );
      }
      reply.header('cache-control', 'no-store');
      return { data: { admin_user: toAdminUser(outcome.admin), token: { auth_token: outcome.token } } };
    },
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );
}
