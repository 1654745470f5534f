import type { FastifyInstance } from 'fastify';
import { getMe, login, logout, logoutAll } from '../../../shared/api/auth-endpoint-schemas';
import { texts } from '../../../shared/validation-texts';
import { route } from '../../http/endpoint-route';
import { HttpError, unauthorized } from '../../http/http-errors';
import { adminActorOf, currentAdmin } from './admin-guard';
import { logoutEverywhere, login as signIn, logout as signOut } from './auth-service';
import { describeWait } from './login-throttle';
import { sessionTimeOf } from './session-limits';

/**
 * Sign-in, sign-out and the current admin, under `/api/admin`. Sign-in is the one public admin route
 * (its definition's `access`); its attempts are throttled per e-mail and address in `login_attempts`,
 * and every address is held to 30 requests a minute besides.
 */
export async function authRoutes(admin: FastifyInstance): Promise<void> {
  const db = admin.db;

  route(
    admin,
    login,
    async (request, reply) => {
      const outcome = await signIn(
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
          `Too many failed sign-in attempts. Please wait ${describeWait(outcome.retryAfterSeconds)} and try again.`,
        );
      }
      if (outcome.kind === 'invalid') throw new HttpError(401, 'sign_in_failed', texts.signIn.failed);
      reply.header('cache-control', 'no-store');
      return { data: { admin_user: outcome.admin, token: { auth_token: outcome.token } } };
    },
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );

  route(admin, logout, async (request) => {
    if (!request.authToken) throw unauthorized();
    await signOut(db, adminActorOf(request), request.authToken);
    return undefined;
  });

  route(admin, logoutAll, async (request) => {
    await logoutEverywhere(db, adminActorOf(request));
    return undefined;
  });

  route(admin, getMe, async (request) => ({ admin_user: currentAdmin(request) }));
}
