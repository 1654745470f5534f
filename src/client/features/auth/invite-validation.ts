import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { newPasswordSchema, staffTexts } from '../../../shared/staff';

/** The invitation form: a new password, typed twice the same. */
const invitePasswordSchema = z
  .object({ password: newPasswordSchema, repeat: z.string() })
  .refine((values) => values.password === values.repeat, {
    path: ['repeat'],
    message: staffTexts.passwordsDiffer,
  });

/** Loaded when the form is first used (see `lazyResolver`). */
export const inviteResolver = zodResolver(invitePasswordSchema);
