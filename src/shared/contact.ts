import { z } from 'zod';
import { NAME_LENGTHS } from './name-lengths';
import { phoneIssueText } from './phone';
import { hasHiddenCharacter, texts } from './validation-texts';

export const CONTACT_SUCCESS_MESSAGE =
  'Thank you, your message has been sent. We will reply within two working days.';

const requiredText = (min: number, max: number) =>
  z
    .string({ error: texts.required })
    .trim()
    .min(1, { error: texts.required, abort: true })
    .min(min, texts.tooShort)
    .max(max, texts.tooLong);

/** The contact form and `POST /api/contact_us` body (spec 2.3, texts of sections 5 and 8). */
export const contactRequestSchema = z
  .object({
    name: requiredText(NAME_LENGTHS.full.min, NAME_LENGTHS.full.max).refine(
      (name) => !hasHiddenCharacter(name),
      texts.notAllowedCharacters,
    ),
    email: z
      .string({ error: texts.required })
      .trim()
      .min(1, { error: texts.required, abort: true })
      .max(254, texts.mailInvalid)
      .email(texts.mailInvalid),
    /** Optional: an empty field means no phone; one given follows the rule of every form (`./phone`). */
    phone: z
      .string({ error: texts.phoneInvalid })
      .trim()
      .superRefine((value, context) => {
        const message = value === '' ? undefined : phoneIssueText(value);
        if (message !== undefined) context.addIssue({ code: 'custom', message });
      })
      .optional()
      .transform((value) => value || undefined),
    message: requiredText(10, 2000),
  })
  .strict();

export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequest = z.output<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ message: z.string() });
