import type { AuthenticationResponseJSON, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { AdminUser } from '../../../shared/auth';
import type { Db } from '../../db/database';
import { hashSecretToken } from '../../security/secret-tokens';
import { auditChange, visitorActor } from '../audit/audit-log';
import type { AdminUserRow } from './admin-repository';
import { startSession, toAdminUser } from './auth-service';
import { clearLoginFailures, reserveLoginAttempt } from './login-throttle';
import {
  countChallengeFailure,
  countRecoveryCodesLeft,
  endChallenge,
  findAdminById,
  findLiveChallenge,
  isSpentRecoveryCode,
  passkeysOf,
  recordPasskeyUse,
  spendRecoveryCode,
} from './second-factor-repository';
import {
  appCodeOutcome,
  isAppCode,
  loadWebAuthn,
  normaliseRecoveryCode,
  type SecondFactorContext,
} from './second-factor-service';
import type { SessionTime } from './session-limits';

/** The sign-in's second step ends after this many wrong answers (the sign-in limiter counts them too). */
const MAX_WRONG_CODES = 5;

export type SecondFactorOutcome =
  | { kind: 'ok'; admin: AdminUser; token: string }
  /** `used`: a code that was right once, given again (the next one is the app's next code). */
  | { kind: 'wrong'; used: boolean }
  /** `tooMany`: this answer was the last wrong one allowed, and ended the challenge. */
  | { kind: 'ended'; tooMany?: boolean }
  | { kind: 'throttled'; retryAfterSeconds: number };

async function passkeyAnswers(
  db: Db,
  admin: AdminUserRow,
  expectedChallenge: string | null,
  response: unknown,
  context: SecondFactorContext,
): Promise<boolean> {
  const assertion = response as AuthenticationResponseJSON;
  const passkey = (await passkeysOf(db, admin.id)).find((row) => row.credentialId === assertion.id);
  if (!passkey || !expectedChallenge) return false;
  const verified = await (await loadWebAuthn())
    .verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge,
      expectedOrigin: context.rp.origin,
      expectedRPID: context.rp.rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.signCount,
        transports: passkey.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: false,
    })
    .catch(() => undefined);
  if (!verified?.verified) return false;
  await recordPasskeyUse(db, passkey.id, verified.authenticationInfo.newCounter, context.now);
  return true;
}

type AuthenticatorTransportFuture = NonNullable<
  Parameters<typeof verifyAuthenticationResponse>[0]['credential']['transports']
>[number];

/**
 * The second step: the challenge's staff member answers with an app code, a recovery code or a passkey. Each try
 * counts against the sign-in limits as a password does; a wrong answer is recorded, and the fifth ends the
 * challenge. A right one ends it too and signs in.
 */
export async function completeSecondFactor(
  db: Db,
  input: { challenge: string; code?: string; passkey?: unknown },
  client: { ip: string; userAgent?: string },
  context: SecondFactorContext,
  time?: SessionTime,
): Promise<SecondFactorOutcome> {
  const challenge = await findLiveChallenge(
    db,
    'second_factor',
    hashSecretToken(input.challenge),
    context.now,
  );
  const admin = challenge ? await findAdminById(db, challenge.adminUserId) : undefined;
  if (!challenge || !admin || admin.disabledAt) return { kind: 'ended' };
  const reservation = await reserveLoginAttempt(db, admin.email, client.ip);
  if (reservation.kind === 'throttled') return reservation;

  let method: 'totp' | 'recovery_code' | 'passkey' | undefined;
  let used = false;
  if (input.passkey !== undefined) {
    if (await passkeyAnswers(db, admin, challenge.webauthnChallenge, input.passkey, context))
      method = 'passkey';
  } else if (input.code !== undefined) {
    if (isAppCode(input.code)) {
      const outcome = await appCodeOutcome(db, admin, input.code, context.now);
      if (outcome === 'accepted') method = 'totp';
      used = outcome === 'used';
    } else if (admin.totpConfirmedAt) {
      const codeHash = hashSecretToken(normaliseRecoveryCode(input.code));
      if (await spendRecoveryCode(db, admin.id, codeHash, context.now)) method = 'recovery_code';
      else used = await isSpentRecoveryCode(db, admin.id, codeHash);
    }
  }

  if (!method) {
    const ended = await db.transaction(async (tx) => {
      await auditChange(tx, visitorActor(client.ip), 'second_factor_failed', 'admin_user', admin.id, {
        method: input.passkey !== undefined ? 'passkey' : 'code',
      });
      if ((await countChallengeFailure(tx, challenge.id)) < MAX_WRONG_CODES) return false;
      await endChallenge(tx, challenge.id, context.now);
      return true;
    });
    // The answer that ends the challenge says so: 'try again' would send the person to a step that is over.
    return ended ? { kind: 'ended', tooMany: true } : { kind: 'wrong', used };
  }

  const token = await db.transaction(async (tx) => {
    if (!(await endChallenge(tx, challenge.id, context.now))) return undefined;
    await clearLoginFailures(tx, admin.email, client.ip);
    if (method === 'recovery_code') {
      const left = await countRecoveryCodesLeft(tx, admin.id);
      await auditChange(
        tx,
        { kind: 'admin', adminUserId: admin.id, ip: client.ip },
        'recovery_code_used',
        'admin_user',
        admin.id,
        {
          recovery_codes_left: left,
        },
      );
    }
    return startSession(tx, admin, client, time);
  });
  if (!token) return { kind: 'ended' };
  return { kind: 'ok', admin: toAdminUser(admin), token };
}
