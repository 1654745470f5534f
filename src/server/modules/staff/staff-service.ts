import { randomBytes } from 'node:crypto';
import type { InvitationFailureReason } from '../../../shared/audit';
import { clinic } from '../../../shared/clinic';
import {
  type AcceptInvitationRequest,
  INVITATION_HOURS,
  type InviteStaffRequest,
  type StaffMember,
  type StaffQuery,
  staffTexts,
  type UpdateStaffRequest,
} from '../../../shared/staff';
import { staffRoleLabels } from '../../../shared/staff-roles';
import type { Db } from '../../db/database';
import { conflict, fieldError, notFound, refused } from '../../domain-errors';
import { hashSecretToken, newSecretToken } from '../../security/secret-tokens';
import { type Actor, type AdminActor, auditChange, visitorActor } from '../audit/audit-log';
import {
  type AdminUserRow,
  findAdminByEmail,
  normaliseEmail,
  revokeAllTokensOf,
} from '../auth/admin-repository';
import { startSession } from '../auth/auth-service';
import {
  clearLoginFailures,
  INVITATION_LINK_ATTEMPTS,
  releaseLoginAttempt,
  reserveLoginAttempt,
} from '../auth/login-throttle';
import { hashPassword } from '../auth/password-hashing';
import { passwordProblem } from '../auth/password-rules';
import { endChallengesOf } from '../auth/second-factor-repository';
import type { SessionTime } from '../auth/session-limits';
import { composeEmail, type EmailContent } from '../email/email-template';
import { queueEmail } from '../email/outbox-repository';
import { clinicDateTime } from '../slots/clinic-time';
import {
  findInvitation,
  findStaffRow,
  insertInvitation,
  insertInvitedAccount,
  listStaffRows,
  lockAdministrators,
  lockStaffAccount,
  markInvitationAccepted,
  otherActiveAdministrators,
  revokeOpenInvitations,
  type StaffRow,
  updateStaffAccount,
} from './staff-repository';

const ENTITY = 'admin_user';
const INVITATION_MS = INVITATION_HOURS * 60 * 60 * 1000;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

function toStaffMember(row: StaffRow): StaffMember {
  const expiresAt = iso(row.invitationExpiresAt);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    second_factor: row.totpConfirmedAt !== null || Boolean(row.hasPasskey),
    last_sign_in_at: iso(row.lastSignInAt),
    disabled: row.disabledAt !== null,
    invitation:
      row.invited && expiresAt
        ? { status: Date.parse(expiresAt) > Date.now() ? 'pending' : 'expired', expires_at: expiresAt }
        : null,
  };
}

async function staffMember(db: Db, id: number): Promise<StaffMember> {
  const row = await findStaffRow(db, id);
  if (!row) throw notFound(staffTexts.notFound);
  return toStaffMember(row);
}

export async function listStaff(db: Db, query: StaffQuery) {
  const { items, pages, count } = await listStaffRows(db, query);
  return { staff: items.map(toStaffMember), pages, count };
}

/** The link's address: the token rides in the fragment, which browsers never send to a server or a log. */
const invitationLink = (publicUrl: string, token: string) => `${publicUrl}/login/invite#${token}`;

function invitationEmail(
  name: string,
  role: StaffMember['role'],
  link: string,
  expiresAt: Date,
): EmailContent {
  return composeEmail(`Your account at ${clinic.name}`, [
    `Hello ${name},`,
    `You have been given a staff account in the back office of ${clinic.name}, as ${staffRoleLabels[role]}. Choose your password to start:`,
    { link, text: 'Choose your password' },
    `The link works once, until ${clinicDateTime(expiresAt)} (Dublin time). If it has expired, ask an administrator to send a new one.`,
    'If you did not expect this e-mail, you can ignore it.',
  ]);
}

/** A new link for an account (replacing any open one), its e-mail queued, in the caller's transaction. */
async function sendInvitation(
  tx: Db,
  actor: AdminActor,
  account: { id: number; name: string; email: string; role: StaffMember['role'] },
  publicUrl: string,
): Promise<void> {
  const { token, hash } = newSecretToken();
  const expiresAt = new Date(Date.now() + INVITATION_MS);
  await revokeOpenInvitations(tx, account.id);
  await insertInvitation(tx, {
    adminUserId: account.id,
    tokenHash: hash,
    invitedBy: actor.adminUserId,
    expiresAt,
  });
  const email = invitationEmail(account.name, account.role, invitationLink(publicUrl, token), expiresAt);
  await queueEmail(tx, { to: account.email, subject: email.subject, text: email.text, html: email.html });
}

/** A hash no password matches (nobody knows the random text), checked as slowly as a real one. */
async function unusablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}

/**
 * Makes an account for an invitee, without a password they could use, and e-mails them a link to choose one: the
 * account, the link, the e-mail and the audit entry in one transaction.
 */
export async function inviteStaff(
  db: Db,
  actor: AdminActor,
  request: InviteStaffRequest,
  publicUrl: string,
): Promise<StaffMember> {
  const passwordHash = await unusablePasswordHash();
  return db.transaction(async (tx) => {
    const created = await insertInvitedAccount(tx, { ...request, passwordHash });
    if (!created) {
      const existing = await findAdminByEmail(tx, request.email);
      const invited = existing && (await staffMember(tx, existing.id)).invitation !== null;
      const message = invited ? staffTexts.emailInvited : staffTexts.emailTaken;
      throw conflict('staff_email_taken', message, fieldError('email', message));
    }
    await sendInvitation(
      tx,
      actor,
      { id: created.id, ...request, email: normaliseEmail(request.email) },
      publicUrl,
    );
    await auditChange(tx, actor, 'staff_invited', ENTITY, created.id, { role: request.role });
    return staffMember(tx, created.id);
  });
}

/**
 * A new link for someone who has not accepted yet (the old one stops working); never for a disabled account,
 * whose link would be refused anyway.
 */
export async function resendInvitation(
  db: Db,
  actor: AdminActor,
  id: number,
  publicUrl: string,
): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    const account = await lockStaffAccount(tx, id);
    if (!account) throw notFound(staffTexts.notFound);
    const current = await staffMember(tx, id);
    if (!current.invitation) throw conflict('invitation_not_pending', staffTexts.notPending);
    if (current.disabled) throw conflict('staff_disabled', staffTexts.disabledNoInvitation);
    await sendInvitation(
      tx,
      actor,
      { id, name: account.name ?? account.email, email: account.email, role: account.role },
      publicUrl,
    );
    await auditChange(tx, actor, 'staff_invited', ENTITY, id, { role: account.role, again: true });
    return staffMember(tx, id);
  });
}

/**
 * A role changed, an account disabled (every session of it ends at once) or enabled again. The last enabled
 * administrator can be neither demoted nor disabled, whoever asks (oneself too), so the clinic keeps one.
 */
export async function changeStaff(
  db: Db,
  actor: AdminActor,
  id: number,
  request: UpdateStaffRequest,
): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    if (request.role !== undefined || request.disabled === true) await lockAdministrators(tx);
    const account = await lockStaffAccount(tx, id);
    if (!account) throw notFound(staffTexts.notFound);
    const newRole = request.role !== undefined && request.role !== account.role ? request.role : undefined;
    const disabling = request.disabled === true && account.disabledAt === null;
    const enabling = request.disabled === false && account.disabledAt !== null;
    const losesAdministrator =
      account.role === 'administrator' && account.disabledAt === null && (disabling || newRole !== undefined);
    if (losesAdministrator && (await otherActiveAdministrators(tx, id)) === 0)
      throw conflict('last_administrator', staffTexts.lastAdministrator);
    if (newRole) {
      await updateStaffAccount(tx, id, { role: newRole });
      await auditChange(tx, actor, 'role_changed', ENTITY, id, { from: account.role, to: newRole });
    }
    if (disabling) {
      await updateStaffAccount(tx, id, { disabledAt: new Date() });
      const revoked = await revokeAllTokensOf(tx, id);
      // A sign-in halfway through (its password given, its code not yet) ends with the sessions.
      await endChallengesOf(tx, id, new Date());
      await auditChange(tx, actor, 'account_disabled', ENTITY, id, { revoked_tokens: revoked });
    }
    if (enabling) {
      await updateStaffAccount(tx, id, { disabledAt: null });
      await auditChange(tx, actor, 'account_enabled', ENTITY, id);
    }
    return staffMember(tx, id);
  });
}

export type AcceptOutcome =
  | { kind: 'ok'; admin: AdminUserRow; token: string }
  | { kind: 'throttled'; retryAfterSeconds: number };

/** Why a link is no good now (unknown, used, replaced, expired, of a disabled account), or undefined. */
function linkFailure(
  invitation: Awaited<ReturnType<typeof findInvitation>>,
  account: { disabledAt: Date | null } | undefined,
  now: Date,
): InvitationFailureReason | undefined {
  if (!invitation || !account) return 'unknown';
  if (invitation.acceptedAt) return 'used';
  if (invitation.revokedAt) return 'replaced';
  if (invitation.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (account.disabledAt) return 'disabled';
  return undefined;
}

/**
 * The invitee's password from the link's token: checked against the rules, the link used up (good once), the
 * password set and a session started, in one transaction. A token unknown, used, replaced, expired or of a
 * disabled account changes nothing, and is recorded (why, never the token) as a failed sign-in is: each such try
 * counts against this address's sign-in limits (`INVITATION_LINK_ATTEMPTS`), so a script cannot fill the log, and
 * a refused try is neither checked nor recorded.
 */
export async function acceptInvitation(
  db: Db,
  request: AcceptInvitationRequest,
  client: { ip: string; userAgent?: string },
  time: SessionTime,
): Promise<AcceptOutcome> {
  const reservation = await reserveLoginAttempt(db, INVITATION_LINK_ATTEMPTS, client.ip, {
    acrossAddresses: false,
  });
  if (reservation.kind === 'throttled') return reservation;
  const refuseLink = async (adminUserId: number | null, reason: InvitationFailureReason) => {
    await auditChange(db, visitorActor(client.ip), 'invitation_failed', ENTITY, adminUserId, { reason });
    return reason === 'expired'
      ? refused('invitation_expired', staffTexts.invitationExpired)
      : refused('invitation_invalid', staffTexts.invitationInvalid);
  };

  const invitation = await findInvitation(db, hashSecretToken(request.token));
  const invitee = invitation && (await findStaffRow(db, invitation.adminUserId));
  const failure = linkFailure(invitation, invitee, time.now);
  if (failure || !invitation || !invitee)
    throw await refuseLink(invitation?.adminUserId ?? null, failure ?? 'unknown');
  const problem = await passwordProblem(request.password, { email: invitee.email });
  if (problem) {
    // A good link with a password that breaks the rules is no failed try.
    await releaseLoginAttempt(db, reservation.id);
    throw refused('password_refused', problem, fieldError('password', problem));
  }
  const passwordHash = await hashPassword(request.password);
  const outcome = await db.transaction(async (tx): Promise<AcceptOutcome | InvitationFailureReason> => {
    const account = await lockStaffAccount(tx, invitation.adminUserId);
    if (!account || account.disabledAt) return 'disabled';
    // Accepted at the same moment through another tab: this one lost.
    if (!(await markInvitationAccepted(tx, invitation.id))) return 'used';
    await updateStaffAccount(tx, account.id, { passwordHash });
    await clearLoginFailures(tx, INVITATION_LINK_ATTEMPTS, client.ip);
    const actor: Actor = { kind: 'admin', adminUserId: account.id, ip: client.ip };
    await auditChange(tx, actor, 'invitation_accepted', ENTITY, account.id);
    const token = await startSession(tx, { ...account, passwordHash }, client, time);
    return { kind: 'ok', admin: account, token };
  });
  if (typeof outcome === 'string') throw await refuseLink(invitation.adminUserId, outcome);
  return outcome;
}
