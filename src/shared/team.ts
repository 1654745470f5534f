import { z } from 'zod';
import {
  formFlagSchema,
  optionalFormFileSchema,
  pagedListSchema,
  recordIdParams,
  storedFileSchema,
} from './api/common-schemas';
import { adminListQuerySchema, paginationQuerySchema } from './pagination';
import { MEDICAL_COUNCIL_NUMBER_PATTERN, medicalCouncilNumberText } from './receipts';
import { isOneLine, texts } from './validation-texts';
import { videoLinkProblem, videoLinkTexts } from './way-out';

const teamMemberSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  user_type: z.string(),
  description: z.string(),
  order: z.number().int(),
  logo_url: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** A member in the public list: what the Our Team cards show, and the order (spec section 7). */
const teamMemberSummarySchema = teamMemberSchema.omit({ description: true });
export type TeamMemberSummary = z.infer<typeof teamMemberSummarySchema>;

export const teamMembersResponseSchema = pagedListSchema('team_members', teamMemberSummarySchema);

/** The back office's list: whole members. */
export const adminTeamMembersResponseSchema = pagedListSchema('team_members', teamMemberSchema);

export const teamMemberResponseSchema = z.object({ team_member: teamMemberSchema });
export type TeamMemberResponse = z.infer<typeof teamMemberResponseSchema>;

export const teamMembersQuerySchema = paginationQuerySchema.strict();
export const teamMemberIdParams = recordIdParams('Team member');

// ---------------------------------------------------------------------------------------------------
// Back office: /api/admin/team_members

/**
 * A team member as the back office reads it: with the stored photo's name, for the form's file field, and their Irish
 * Medical Council registration number (receipts name it), if any.
 */
const adminTeamMemberSchema = teamMemberSchema.extend({
  logo: storedFileSchema.nullable(),
  medical_council_number: z.string().nullable(),
  /** The consultant's standing video consultation link (https), used by their video appointments without one. */
  video_link: z.string().nullable(),
});
export type AdminTeamMember = z.infer<typeof adminTeamMemberSchema>;

export const adminTeamMemberResponseSchema = z.object({ team_member: adminTeamMemberSchema });

export const adminTeamMembersQuerySchema = adminListQuerySchema.strict();

export const TEAM_MEMBER_LIMITS = { fullName: 100, userType: 100, description: 5000, order: 9999 } as const;

const teamMemberTexts = {
  fullNameRequired: 'Full name is required',
  descriptionRequired: 'Description is required',
  userTypeRequired: 'User type is required',
  orderRequired: 'Order is required',
  orderInvalid: `Order must be a whole number from 0 to ${TEAM_MEMBER_LIMITS.order}.`,
} as const;

/** Multipart bodies carry line breaks as CRLF (as browsers send them); they are stored as LF. */
const requiredText = (required: string, max: number) =>
  z
    .string({ error: required })
    .overwrite((value) => value.replace(/\r\n?/g, '\n'))
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, texts.tooLong);

/** A required text field of one line: no line break, tab or invisible character (`isOneLine`). */
const requiredLine = (required: string, max: number) =>
  requiredText(required, max).refine(isOneLine, texts.notAllowedCharacters);

/** A whole number 0–9999, typed in a number input (a string) or sent as a JSON number. */
const orderSchema = z
  .union([z.string(), z.number()], { error: teamMemberTexts.orderRequired })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .pipe(
    z
      .string()
      .min(1, { error: teamMemberTexts.orderRequired, abort: true })
      .regex(/^\d{1,9}$/, { error: teamMemberTexts.orderInvalid, abort: true })
      .transform(Number)
      .pipe(z.number().max(TEAM_MEMBER_LIMITS.order, teamMemberTexts.orderInvalid)),
  );

/** The team member form and the text fields of `POST`/`PUT /api/admin/team_members` (spec section 5). */
export const teamMemberFormSchema = z
  .object({
    full_name: requiredLine(teamMemberTexts.fullNameRequired, TEAM_MEMBER_LIMITS.fullName),
    user_type: requiredLine(teamMemberTexts.userTypeRequired, TEAM_MEMBER_LIMITS.userType),
    description: requiredText(teamMemberTexts.descriptionRequired, TEAM_MEMBER_LIMITS.description),
    order: orderSchema,
    /** Empty clears it; left out of a change keeps it. */
    medical_council_number: z
      .string({ error: medicalCouncilNumberText })
      .trim()
      .refine((value) => value === '' || MEDICAL_COUNCIL_NUMBER_PATTERN.test(value), medicalCouncilNumberText)
      .transform((value) => value || null)
      .optional(),
    /** Empty clears it; left out of a change keeps it. */
    video_link: z
      .string({ error: videoLinkTexts.notHttps })
      .trim()
      .refine((value) => value === '' || !videoLinkProblem(value), {
        error: (issue) => videoLinkProblem(String(issue.input)) ?? videoLinkTexts.notHttps,
      })
      .transform((value) => value || null)
      .optional(),
  })
  .strict();

export type TeamMemberFormValues = z.output<typeof teamMemberFormSchema>;

/** What the API reads: the form's fields, the photo, and `remove_logo` ('true' removes the stored photo). */
export const teamMemberRequestSchema = teamMemberFormSchema
  .extend({ logo: optionalFormFileSchema, remove_logo: formFlagSchema('remove_logo') })
  .strict();

export type TeamMemberRequest = z.output<typeof teamMemberRequestSchema>;
