import type { FastifyInstance } from 'fastify';
import { type LoginResponse, loginRequestSchema } from '../../../shared/auth';
import { texts } from '../../../shared/validation-texts';
import { HttpError } from '../../http/http-errors';
import { validate } from '../../http/validation';
import { recordAudit } from '../audit/audit-log';
import { currentAdmin } from './admin-guard';
import { login, logout, logoutEverywhere } from './auth-service';
import { describeWait } from './login-throttle';

/** Sign-in, sign-out and the current admin, under `/api/admin` (the spec keeps the 'autorization' spelling). */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/autorization/login',
    { config: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply): Promise<LoginResponse> => {
      const credentials = validate(loginRequestSchema, request.body);
      const outcome = await login(app.db, credentials, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      if (outcome.kind === 'throttled') {
        reply.header('retry-after', outcome.retryAfterSeconds);
        throw new HttpError(
          429,
          `Too many failed sign-in attempts. Please wait ${describeWait(outcome.retryAfterSeconds)} and try again.`,
        );
      }
      if (outcome.kind === 'invalid') throw new HttpError(401, texts.signIn.failed);
      reply.header('cache-control', 'no-store');
      return { data: { admin_user: outcome.admin, token: { auth_token: outcome.token } } };
    },
  );

  app.put('/autorization/logout', async (request, reply) => {
    const admin = currentAdmin(request);
    await logout(app.db, request.authToken!);
    await recordAudit(app.db, {
      adminUserId: admin.id,
      action: 'logout',
      entity: 'admin_user',
      entityId: admin.id,
      ip: request.ip,
    });
    return reply.code(204).send();
  });

  app.put('/autorization/logout_all', async (request, reply) => {
    const admin = currentAdmin(request);
    const revoked = await logoutEverywhere(app.db, admin.id);
    await recordAudit(app.db, {
      adminUserId: admin.id,
      action: 'logout_all',
      entity: 'admin_user',
      entityId: admin.id,
      details: { revoked_tokens: revoked },
      ip: request.ip,
    });
    return reply.code(204).send();
  });

  app.get('/me', async (request) => ({ admin_user: currentAdmin(request) }));
}
