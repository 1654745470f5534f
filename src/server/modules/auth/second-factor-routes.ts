import type { FastifyInstance } from 'fastify';
import {
  addPasskey,
  confirmTotp,
  getSecondFactorStatus,
  passkeyRegistrationOptions,
  removePasskey,
  removeTotp,
  signInSecondFactor,
  startTotpSetup,
} from '../../../shared/api/second-factor-endpoint-schemas';
import { secondFactorTexts } from '../../../shared/second-factor';
import { route } from '../../http/endpoint-route';
import { HttpError } from '../../http/http-errors';
import { adminActorOf, currentAdmin } from './admin-guard';
import { describeWait } from './login-throttle';
import {
  addPasskey as addPasskeyOf,
  confirmTotpSetup,
  relyingPartyOf,
  removePasskey as removePasskeyOf,
  removeTotpApp,
  secondFactorStatus,
  startPasskeyRegistration,
  startTotpSetup as startTotpSetupOf,
} from './second-factor-service';
import { completeSecondFactor } from './second-factor-sign-in';
import { sessionTimeOf } from './session-limits';

/**
 * Two-step sign-in under `/api/admin`: the sign-in's second step (public: its challenge is the credential) and the
 * account's own app and passkeys. The account calls stay open to a staff member who must still set one up.
 */
export async function secondFactorRoutes(admin: FastifyInstance): Promise<void> {
  const db = admin.db;
  const rp = relyingPartyOf(admin.config.publicUrl);
  const setUp = { config: { secondFactorSetup: true } };

  route(
    admin,
    signInSecondFactor,
    async (request, reply) => {
      const { challenge, code, passkey } = request.body;
      if (code === undefined && passkey === undefined)
        throw new HttpError(422, 'invalid_input', secondFactorTexts.codeRequired, {
          code: [secondFactorTexts.codeRequired],
        });
      const outcome = await completeSecondFactor(
        db,
        { challenge, code, passkey },
        { ip: request.ip, userAgent: request.headers['user-agent'] },
        { rp, now: admin.clock() },
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
      if (outcome.kind === 'ended')
        throw new HttpError(
          401,
          'second_factor_challenge_ended',
          outcome.tooMany ? secondFactorTexts.tooManyWrongCodes : secondFactorTexts.challengeEnded,
        );
      if (outcome.kind === 'wrong')
        throw new HttpError(
          401,
          'second_factor_wrong',
          outcome.used ? secondFactorTexts.usedCode : secondFactorTexts.wrongCode,
        );
      reply.header('cache-control', 'no-store');
      return { data: { admin_user: outcome.admin, token: { auth_token: outcome.token } } };
    },
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );

  route(admin, getSecondFactorStatus, (request) => secondFactorStatus(db, currentAdmin(request).id), setUp);

  route(admin, startTotpSetup, (request) => startTotpSetupOf(db, currentAdmin(request).id), setUp);

  route(
    admin,
    confirmTotp,
    async (request) => ({
      recovery_codes: await confirmTotpSetup(db, adminActorOf(request), request.body.code, admin.clock()),
    }),
    setUp,
  );

  route(
    admin,
    removeTotp,
    async (request) => {
      await removeTotpApp(db, adminActorOf(request), request.body, admin.clock());
      return undefined;
    },
    // A password is checked here: a stolen session should not get to guess it quickly.
    { config: { secondFactorSetup: true, rateLimit: { max: 10, timeWindow: '1 minute' } } },
  );

  route(
    admin,
    passkeyRegistrationOptions,
    async (request) => ({
      options: await startPasskeyRegistration(db, currentAdmin(request).id, rp, admin.clock()),
    }),
    setUp,
  );

  route(
    admin,
    addPasskey,
    async (request) => ({
      passkey: await addPasskeyOf(db, adminActorOf(request), request.body, rp, admin.clock()),
    }),
    setUp,
  );

  route(
    admin,
    removePasskey,
    async (request) => {
      await removePasskeyOf(db, adminActorOf(request), request.params.id, request.body, admin.clock());
      return undefined;
    },
    { config: { secondFactorSetup: true, rateLimit: { max: 10, timeWindow: '1 minute' } } },
  );
}
