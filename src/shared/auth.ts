import { z } from 'zod';
import { PASSWORD_LENGTH } from './password-length';
import { meSecondFactorSchema, secondFactorChallengeSchema } from './second-factor';
import { staffRoles } from './staff-roles';
import { texts } from './validation-texts';

const t = texts.signIn;

/**
 * Sign-in form and `POST /api/admin/autorization/login` body: the spec's 'Too Short!' under 5 characters (accounts
 * made before the 8-character rule still sign in), 'Too Long!' past the longest password one can set.
 */
export const loginRequestSchema = z
  .object({
    email: z
      .string({ error: t.required })
      .trim()
      .min(1, t.required)
      .max(254, t.invalidEmail)
      .email(t.invalidEmail),
    password: z
      .string({ error: t.required })
      .min(1, t.required)
      .min(5, t.tooShort)
      .max(PASSWORD_LENGTH.max, t.tooLong),
  })
  .strict();

export type LoginRequest = z.infer<typeof loginRequestSchema>;

const adminUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  /** What the back office shows them: the menu and screens their role may use (`staff-roles.ts`). */
  role: z.enum(staffRoles),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const loginResponseSchema = z.object({
  data: z.object({ admin_user: adminUserSchema, token: z.object({ auth_token: z.string() }) }),
});

/**
 * `POST /api/admin/autorization/login`: signed in (the answer above), or, for a staff member with a second factor,
 * no token yet but the challenge its second step answers.
 */
export const passwordLoginResponseSchema = z.union([
  loginResponseSchema,
  z.object({ data: z.object({ second_factor: secondFactorChallengeSchema }) }),
]);

/** `GET /api/admin/me`: the signed-in admin, and whether a second factor is set and required. */
export const meResponseSchema = z.object({
  admin_user: adminUserSchema,
  second_factor: meSecondFactorSchema.optional(),
});
