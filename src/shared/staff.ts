import { z } from 'zod';
import { pagedListSchema, recordIdParams } from './api/common-schemas';
import { NAME_LENGTHS } from './name-lengths';
import { adminListQuerySchema } from './pagination';
import { PASSWORD_LENGTH } from './password-length';
import { staffRoles } from './staff-roles';
import { isOneLine, texts } from './validation-texts';

/**
 * Staff accounts (issue 31, `/admin/staff`, administrators only): the list, an invitation by e-mail, a role
 * changed, an account disabled or enabled; and the invitee's password set from the link's token.
 */

/** How long an invitation's link works. */
export const INVITATION_HOURS = 72;

export const staffTexts = {
  nameRequired: 'Name is required',
  emailRequired: 'E-mail is required',
  emailInvalid: 'Enter an e-mail address such as name@example.ie',
  roleRequired: 'Choose a role',
  emailTaken: 'Someone with this e-mail address has an account already.',
  emailInvited:
    'This person has been invited already and has not accepted yet: use Send invitation again in the list below.',
  lastAdministrator:
    'This is the last administrator who can sign in: make someone else an administrator first, so the clinic is never left without one.',
  notFound: 'Staff member not found',
  notPending: 'This person has accepted their invitation already; they sign in with their password.',
  disabledNoInvitation:
    'This account is disabled, so its invitation link would not work: enable the account first, then send the invitation again.',
  invitationInvalid:
    'This invitation link is not valid or has been used already. Ask an administrator to send you a new one.',
  invitationExpired: `This invitation link has expired (links work for ${INVITATION_HOURS} hours). Ask an administrator to send you a new one.`,
  invitationThrottled: (wait: string) =>
    `Too many invitation links that did not work were tried from here. Please wait ${wait} and try again, or ask an administrator to send you a new link.`,
  passwordRequired: 'Choose a password',
  passwordsDiffer: 'The two passwords are not the same',
  tooShort: `At least ${PASSWORD_LENGTH.min} characters`,
  tooLong: `At most ${PASSWORD_LENGTH.max} characters`,
} as const;

/** An invitation not accepted yet: still good, or past its 72 hours. */
const invitationStateSchema = z.object({
  status: z.enum(['pending', 'expired']),
  /** ISO 8601. */
  expires_at: z.string(),
});

const staffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  role: z.enum(staffRoles),
  /** An authenticator app confirmed, or any passkey. */
  second_factor: z.boolean(),
  /** ISO 8601, or null for never. */
  last_sign_in_at: z.string().nullable(),
  disabled: z.boolean(),
  /** Set while the person has not accepted their invitation; null once they have (or never had one). */
  invitation: invitationStateSchema.nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffQuerySchema = adminListQuerySchema.strict();
export type StaffQuery = z.output<typeof staffQuerySchema>;

export const staffListResponseSchema = pagedListSchema('staff', staffMemberSchema);

export const staffMemberResponseSchema = z.object({ staff_member: staffMemberSchema });

export const staffIdParams = recordIdParams('Staff member');

const roleSchema = z.enum(staffRoles, { error: staffTexts.roleRequired });

/** The invite form and `POST /api/admin/staff`. */
export const inviteStaffRequestSchema = z
  .object({
    name: z
      .string({ error: staffTexts.nameRequired })
      .trim()
      .min(1, { error: staffTexts.nameRequired, abort: true })
      .refine(isOneLine, { error: texts.notAllowedCharacters, abort: true })
      .refine((name) => [...name].length >= NAME_LENGTHS.full.min, texts.tooShort)
      .refine((name) => [...name].length <= NAME_LENGTHS.full.max, texts.tooLong),
    email: z
      .string({ error: staffTexts.emailRequired })
      .trim()
      .min(1, staffTexts.emailRequired)
      .max(254, staffTexts.emailInvalid)
      .email(staffTexts.emailInvalid),
    role: roleSchema,
  })
  .strict();
export type InviteStaffRequest = z.infer<typeof inviteStaffRequestSchema>;

/** `PUT /api/admin/staff/{id}`: a new role, disabled or enabled, or both. */
export const updateStaffRequestSchema = z
  .object({
    role: roleSchema.optional(),
    disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
  })
  .strict();
export type UpdateStaffRequest = z.infer<typeof updateStaffRequestSchema>;

/**
 * A new password's length as the server counts it (characters, not UTF-16 units); whether it is common only the
 * server can tell.
 */
export const newPasswordSchema = z
  .string({ error: staffTexts.passwordRequired })
  .min(1, staffTexts.passwordRequired)
  .refine((value) => [...value].length >= PASSWORD_LENGTH.min, staffTexts.tooShort)
  .refine((value) => [...value].length <= PASSWORD_LENGTH.max, staffTexts.tooLong);

/** `POST /api/admin/autorization/invitation`: the link's token and the chosen password. */
export const acceptInvitationRequestSchema = z
  .object({
    token: z
      .string({ error: staffTexts.invitationInvalid })
      .min(1, staffTexts.invitationInvalid)
      .max(200, staffTexts.invitationInvalid),
    password: newPasswordSchema,
  })
  .strict();
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;
