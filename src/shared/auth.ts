import { z } from 'zod';
import { texts } from './validation-texts';

const t = texts.signIn;

/** Sign-in form and `POST /api/admin/autorization/login` body. */
export const loginRequestSchema = z
  .object({
    email: z
      .string({ error: t.required })
      .trim()
      .min(1, t.required)
      .max(254, t.invalidEmail)
      .email(t.invalidEmail),
    password: z.string({ error: t.required }).min(1, t.required).min(5, t.tooShort).max(12, t.tooLong),
  })
  .strict();

export type LoginRequest = z.infer<typeof loginRequestSchema>;

export interface AdminUser {
  id: number;
  email: string;
  name: string | null;
}

export interface LoginResponse {
  data: { admin_user: AdminUser; token: { auth_token: string } };
}
