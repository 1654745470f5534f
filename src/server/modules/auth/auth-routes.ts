import type { FastifyInstance } from 'fastify';
import { getMe, login, logout, logoutAll } from '../../../shared/api/auth-endpoint-schemas';
import { texts } from '../../../shared/validation-texts';
import { route } from '../../http/endpoint-route';
import { HttpError, unauthorized } from '../../http/http-errors';
import { adminActorOf, currentAdmin } from './admin-guard';
import { logoutEverywhere, login as signIn, logout as signOut } from './auth-service';
import { describeWait } from './login-throttle';
import { relyingPartyOf, secondFactorSummary } from './second-factor-service';
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
        { rp: relyingPartyOf(admin.config.publicUrl), now: admin.clock() },
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
      if (outcome.kind === 'second_factor') return { data: { second_factor: outcome.challenge } };
      return { data: { admin_user: outcome.admin, token: { auth_token: outcome.token } } };
    },
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );

  const setUp = { config: { secondFactorSetup: true } };

  route(
    admin,
    logout,
    async (request) => {
      if (!request.authToken) throw unauthorized();
      await signOut(db, adminActorOf(request), request.authToken);
      return undefined;
    },
    setUp,
  );

  route(
    admin,
    logoutAll,
    async (request) => {
      await logoutEverywhere(db, adminActorOf(request));
      return undefined;
    },
    setUp,
  );

  route(
    admin,
    getMe,
    async (request) => {
      const me = currentAdmin(request);
      return {
        admin_user: { id: me.id, email: me.email, name: me.name, role: me.role },
        second_factor: await secondFactorSummary(db, me.id),
      };
    },
    setUp,
  );
}
