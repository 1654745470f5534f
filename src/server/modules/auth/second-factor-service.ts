import { randomBytes } from 'node:crypto';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { Secret, TOTP } from 'otpauth';
import { clinic } from '../../../shared/clinic';
import type { Passkey, SecondFactorMethod } from '../../../shared/second-factor';
import { secondFactorTexts as texts } from '../../../shared/second-factor';
import type { Db } from '../../db/database';
import { conflict, limitReached, notFound, refused } from '../../domain-errors';
import { hashSecretToken, newSecretToken } from '../../security/secret-tokens';
import { type AdminActor, auditChange } from '../audit/audit-log';
import { type AdminUserRow, findAdminByEmail, normaliseEmail } from './admin-repository';
import { getClinicSettings } from './clinic-settings';
import { describeWait, releaseLoginAttempt, reserveLoginAttempt } from './login-throttle';
import { verifyPassword } from './password-hashing';
import {
  confirmTotpSecret,
  countRecoveryCodesLeft,
  deleteOldChallenges,
  deletePasskey,
  deletePasskeysOf,
  clearTotp as deleteTotp,
  endChallenge,
  findAdminById,
  hasPasskey,
  insertChallenge,
  insertPasskey,
  latestRegistrationChallenge,
  type PasskeyRow,
  passkeysOf,
  replaceRecoveryCodes,
  setPendingTotpSecret,
  spendRecoveryCode,
  takeTotpStep,
} from './second-factor-repository';

/**
 * Passkeys' library (and its CBOR, ASN.1 and COSE parsers) loads when a passkey is first added or asked for: a start
 * that never sees one (most do) keeps its memory.
 */
export const loadWebAuthn = () => import('@simplewebauthn/server');

/** A sign-in's second step lasts this long. */
const CHALLENGE_MS = 5 * 60 * 1000;
/** Adding a passkey must finish within this. */
const REGISTRATION_MS = 5 * 60 * 1000;
const RECOVERY_CODE_COUNT = 10;
/** RFC 6238's recommended 30-second step, 6 digits; one step either side allows for a clock a little off. */
const TOTP_PERIOD = 30;
const TOTP_WINDOW = 1;

/** Who the passkeys belong to: the site's host name and origin, from PUBLIC_URL. */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

function totpOf(secret: string, email: string): TOTP {
  return new TOTP({
    issuer: clinic.name,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

export const isAppCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

/** The 30-second step an app code matches at `now` (the current step or one either side), or undefined. */
function matchingStep(secret: string, email: string, code: string, now: Date): number | undefined {
  if (!isAppCode(code)) return undefined;
  const delta = totpOf(secret, email).validate({
    token: code.replace(/\s/g, ''),
    timestamp: now.getTime(),
    window: TOTP_WINDOW,
  });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD) + delta;
}

/** An app code accepted once: its step must be later than the last one accepted (RFC 6238 section 5.2). */
async function acceptAppCode(db: Db, admin: AdminUserRow, code: string, now: Date): Promise<boolean> {
  return (await appCodeOutcome(db, admin, code, now)) === 'accepted';
}

/** As `acceptAppCode`, telling a code that matched but was used already ('used') from one that never matched. */
export async function appCodeOutcome(
  db: Db,
  admin: AdminUserRow,
  code: string,
  now: Date,
): Promise<'accepted' | 'used' | 'wrong'> {
  if (!admin.totpSecret || !admin.totpConfirmedAt) return 'wrong';
  const step = matchingStep(admin.totpSecret, admin.email, code, now);
  if (step === undefined) return 'wrong';
  return (await takeTotpStep(db, admin.id, step)) ? 'accepted' : 'used';
}

/** Recovery codes are typed from paper: case, spaces and hyphens do not matter. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of 10 characters from a 31-letter alphabet (about 50 bits each), shown as `xxxxx-xxxxx`. */
function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const characters = [...randomBytes(10)].map(
      (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length] as string,
    );
    return `${characters.slice(0, 5).join('')}-${characters.slice(5).join('')}`;
  });
  return { codes, hashes: codes.map((code) => hashSecretToken(normaliseRecoveryCode(code))) };
}

async function accountOf(db: Db, adminUserId: number): Promise<AdminUserRow> {
  const admin = await findAdminById(db, adminUserId);
  if (!admin) throw notFound('No such account.');
  return admin;
}

/** Whether a staff member has a confirmed app or a passkey. */
async function hasSecondFactor(db: Db, admin: AdminUserRow): Promise<boolean> {
  return Boolean(admin.totpConfirmedAt) || hasPasskey(db, admin.id);
}

/** `me`'s part: whether a second factor is set, and whether the clinic requires one. */
export async function secondFactorSummary(db: Db, adminUserId: number) {
  const admin = await accountOf(db, adminUserId);
  const [enabled, settings] = await Promise.all([hasSecondFactor(db, admin), getClinicSettings(db)]);
  return { enabled, required: settings.requireSecondFactor };
}

/**
 * Whether the clinic requires a second factor that this staff member has not set up (the admin guard then opens
 * only the set-up calls). Reads the cached settings first, so a clinic that does not require one pays nothing.
 */
export async function missesRequiredSecondFactor(db: Db, admin: AdminUserRow): Promise<boolean> {
  if (admin.totpConfirmedAt) return false;
  if (!(await getClinicSettings(db)).requireSecondFactor) return false;
  return !(await hasPasskey(db, admin.id));
}

function passkeyOf(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function secondFactorStatus(db: Db, adminUserId: number) {
  const admin = await accountOf(db, adminUserId);
  return {
    totp: Boolean(admin.totpConfirmedAt),
    recovery_codes_left: admin.totpConfirmedAt ? await countRecoveryCodesLeft(db, admin.id) : 0,
    passkeys: (await passkeysOf(db, admin.id)).map(passkeyOf),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The authenticator app

/** A new key for the app, stored unconfirmed until `confirmTotpSetup`. */
export async function startTotpSetup(db: Db, adminUserId: number) {
  const admin = await accountOf(db, adminUserId);
  if (admin.totpConfirmedAt) throw conflict('second_factor_exists', texts.alreadySetUp);
  const secret = new Secret({ size: 20 }).base32;
  await setPendingTotpSecret(db, admin.id, secret);
  return { secret, otpauth_url: totpOf(secret, admin.email).toString() };
}

/** Confirms the app with a code from it; answers the ten recovery codes (only their hashes are kept). */
export async function confirmTotpSetup(
  db: Db,
  actor: AdminActor,
  code: string,
  now: Date,
): Promise<string[]> {
  const admin = await accountOf(db, actor.adminUserId);
  if (admin.totpConfirmedAt) throw conflict('second_factor_exists', texts.alreadySetUp);
  if (!admin.totpSecret) throw conflict('second_factor_missing', texts.noAppToConfirm);
  const step = matchingStep(admin.totpSecret, admin.email, code, now);
  if (step === undefined) throw refused('second_factor_wrong', texts.wrongCode, { code: [texts.wrongCode] });
  const { codes, hashes } = newRecoveryCodes();
  await db.transaction(async (tx) => {
    if (!(await confirmTotpSecret(tx, admin.id, step, now)))
      throw conflict('second_factor_exists', texts.alreadySetUp);
    await replaceRecoveryCodes(tx, admin.id, hashes);
    await auditChange(tx, actor, 'second_factor_added', 'admin_user', admin.id, { method: 'totp' });
  });
  return codes;
}

/** What removing a second factor asks for: the password, or a code from the app or a recovery code. */
export interface RemovalProof {
  password?: string;
  code?: string;
}

/**
 * That the person removing a second factor is its owner, not someone holding their session: the password or a
 * code (from the app, or a recovery code). A stolen session must not get to guess either faster than a sign-in may:
 * each try counts against the sign-in limits of this account and address, and a wrong one is audited.
 */
async function proveOwner(
  db: Db,
  actor: AdminActor,
  admin: AdminUserRow,
  proof: RemovalProof,
  now: Date,
  removing: 'the app' | 'a passkey',
): Promise<void> {
  if (!proof.password && !proof.code)
    throw refused('second_factor_wrong', texts.removeNeedsProof, { password: [texts.removeNeedsProof] });
  const reservation = await reserveLoginAttempt(db, admin.email, actor.ip);
  if (reservation.kind === 'throttled')
    throw limitReached('sign_in_throttled', texts.tooManyTries(describeWait(reservation.retryAfterSeconds)));
  const proven = proof.password
    ? await verifyPassword(proof.password, admin.passwordHash)
    : proof.code
      ? (await acceptAppCode(db, admin, proof.code, now)) ||
        (await spendRecoveryCode(db, admin.id, hashSecretToken(normaliseRecoveryCode(proof.code)), now))
      : false;
  if (!proven) {
    await auditChange(db, actor, 'second_factor_failed', 'admin_user', admin.id, {
      while: `removing ${removing}`,
    });
    const field = proof.password ? 'password' : 'code';
    const message = proof.password ? texts.wrongPassword : texts.wrongCode;
    throw refused('second_factor_wrong', message, { [field]: [message] });
  }
  await releaseLoginAttempt(db, reservation.id);
}

/** Removes the app and its recovery codes; asks for the password or a code (`proveOwner`) once it is confirmed. */
export async function removeTotpApp(
  db: Db,
  actor: AdminActor,
  proof: RemovalProof,
  now: Date,
): Promise<void> {
  const admin = await accountOf(db, actor.adminUserId);
  if (!admin.totpSecret) throw conflict('second_factor_missing', texts.noApp);
  if (admin.totpConfirmedAt) await proveOwner(db, actor, admin, proof, now, 'the app');
  await db.transaction(async (tx) => {
    await deleteTotp(tx, admin.id);
    if (admin.totpConfirmedAt)
      await auditChange(tx, actor, 'second_factor_removed', 'admin_user', admin.id, { method: 'totp' });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Passkeys

export async function startPasskeyRegistration(
  db: Db,
  adminUserId: number,
  rp: RelyingParty,
  now: Date,
): Promise<WebauthnOptionsJson> {
  const admin = await accountOf(db, adminUserId);
  const existing = await passkeysOf(db, admin.id);
  const options = await (await loadWebAuthn()).generateRegistrationOptions({
    rpName: clinic.name,
    rpID: rp.rpID,
    userName: admin.email,
    userDisplayName: admin.name ?? admin.email,
    userID: new TextEncoder().encode(`staff-${admin.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports,
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await insertChallenge(db, {
    purpose: 'passkey_registration',
    adminUserId: admin.id,
    tokenHash: newSecretToken().hash,
    webauthnChallenge: options.challenge,
    expiresAt: new Date(now.getTime() + REGISTRATION_MS),
  });
  return asJson(options);
}

export async function addPasskey(
  db: Db,
  actor: AdminActor,
  input: { name?: string; response: unknown },
  rp: RelyingParty,
  now: Date,
): Promise<Passkey> {
  const challenge = await latestRegistrationChallenge(db, actor.adminUserId, now);
  if (!challenge?.webauthnChallenge) throw refused('passkey_failed', texts.passkeyStartAgain);
  const verified = await (await loadWebAuthn())
    .verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: challenge.webauthnChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    })
    .catch(() => undefined);
  if (!verified?.verified) throw refused('passkey_failed', texts.passkeyFailed);
  const { credential } = verified.registrationInfo;
  return db.transaction(async (tx) => {
    if (!(await endChallenge(tx, challenge.id, now)))
      throw refused('passkey_failed', texts.passkeyStartAgain);
    const count = (await passkeysOf(tx, actor.adminUserId)).length;
    const row = await insertPasskey(tx, {
      adminUserId: actor.adminUserId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      signCount: credential.counter,
      transports: credential.transports ?? [],
      name: input.name ?? `Passkey ${count + 1}`,
    });
    if (!row) throw refused('passkey_failed', texts.passkeyFailed);
    await auditChange(tx, actor, 'second_factor_added', 'admin_user', actor.adminUserId, {
      method: 'passkey',
    });
    return passkeyOf(row);
  });
}

/** Removes one of one's passkeys; asks for the same proof as removing the app (`proveOwner`). */
export async function removePasskey(
  db: Db,
  actor: AdminActor,
  id: number,
  proof: RemovalProof,
  now: Date,
): Promise<void> {
  const admin = await accountOf(db, actor.adminUserId);
  if (!(await passkeysOf(db, admin.id)).some((passkey) => passkey.id === id))
    throw notFound(texts.passkeyNotFound);
  await proveOwner(db, actor, admin, proof, now, 'a passkey');
  await db.transaction(async (tx) => {
    if (!(await deletePasskey(tx, actor.adminUserId, id))) throw notFound(texts.passkeyNotFound);
    await auditChange(tx, actor, 'second_factor_removed', 'admin_user', actor.adminUserId, {
      method: 'passkey',
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Signing in

/** WebAuthn options as JSON the answer's schema takes (an object with a challenge, whatever else it holds). */
type WebauthnOptionsJson = { challenge: string } & Record<string, unknown>;
const asJson = (options: { challenge: string }): WebauthnOptionsJson => ({ ...options });

export interface SignInChallenge {
  challenge: string;
  methods: SecondFactorMethod[];
  passkey?: WebauthnOptionsJson;
}

export interface SecondFactorContext {
  rp: RelyingParty;
  now: Date;
}

/**
 * After a password that matched: when the staff member has a second factor, the challenge of the second step
 * (stored as its token's hash, 5 minutes), otherwise undefined (signed in at once, as the spec's login has it).
 */
export async function secondFactorChallengeFor(
  db: Db,
  admin: AdminUserRow,
  client: { ip: string; userAgent?: string },
  context: SecondFactorContext,
): Promise<SignInChallenge | undefined> {
  const passkeys = await passkeysOf(db, admin.id);
  if (!admin.totpConfirmedAt && passkeys.length === 0) return undefined;
  const methods: SecondFactorMethod[] = admin.totpConfirmedAt ? ['totp', 'recovery_code'] : [];
  const passkey = passkeys.length
    ? await (await loadWebAuthn()).generateAuthenticationOptions({
        rpID: context.rp.rpID,
        allowCredentials: passkeys.map((row) => ({ id: row.credentialId, transports: row.transports })),
        userVerification: 'preferred',
      })
    : undefined;
  if (passkey) methods.push('passkey');
  const { token, hash } = newSecretToken();
  await deleteOldChallenges(db, new Date(context.now.getTime() - 24 * 60 * 60 * 1000));
  await insertChallenge(db, {
    purpose: 'second_factor',
    adminUserId: admin.id,
    tokenHash: hash,
    webauthnChallenge: passkey?.challenge,
    expiresAt: new Date(context.now.getTime() + CHALLENGE_MS),
    ip: client.ip,
    userAgent: client.userAgent,
  });
  return { challenge: token, methods, ...(passkey ? { passkey: asJson(passkey) } : {}) };
}

/**
 * `npm run admin -- reset-second-factor`: removes a locked-out staff member's app, recovery codes and passkeys,
 * so the password alone signs in again (and, where the clinic requires one, leads to setting one up).
 */
export async function resetSecondFactor(db: Db, email: string): Promise<{ passkeys: number; app: boolean }> {
  const admin = await findAdminByEmail(db, email);
  if (!admin) throw new Error(`No admin with the e-mail ${normaliseEmail(email)}.`);
  return db.transaction(async (tx) => {
    await deleteTotp(tx, admin.id);
    const passkeys = await deletePasskeysOf(tx, admin.id);
    const app = Boolean(admin.totpConfirmedAt);
    if (app || passkeys > 0)
      await auditChange(tx, { kind: 'system' }, 'second_factor_removed', 'admin_user', admin.id, {
        method: 'reset',
      });
    return { passkeys, app };
  });
}
