import { z } from 'zod';
import { recordIdParams } from './api/common-schemas';
import { adminListQuerySchema } from './pagination';

/**
 * The e-mail outbox as staff see it (issue 21): every message the site queued, newest first, with its delivery
 * (waiting, being sent, sent, or given up after its tries) and the last error, so staff can tell a patient whether
 * their e-mail went, and send a failed one again once the mail server is fixed.
 */
export const outboxStatuses = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/** How staff read each delivery state. */
export const outboxStatusLabels: Record<OutboxStatus, string> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

export const outboxTexts = {
  resent: 'The e-mail will be sent again in a moment.',
  notResendable: 'Only an e-mail that failed can be sent again.',
  notFound: 'E-mail not found',
} as const;

export const outboxQuerySchema = adminListQuerySchema
  .extend({
    /** Only the messages in this state. */
    status: z.enum(outboxStatuses, { error: 'status must be pending, sending, sent or failed' }).optional(),
  })
  .strict();
export type OutboxQuery = z.output<typeof outboxQuerySchema>;

/** A queued message without its body: to whom, what, its delivery. */
const outboxEmailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(outboxStatuses),
  /** How often it was tried. */
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** When it is tried next (waiting ones). */
  next_attempt_at: z.string().nullable(),
  /** The appointment or self-referral it is about, when it is about one. */
  appointment_id: z.number().int().nullable(),
  referral_id: z.number().int().nullable(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

export const outboxResponseSchema = z.object({
  emails: z.array(outboxEmailSchema),
  pages: z.number().int(),
  count: z.number().int(),
  /** How many have failed in all (the menu and the screen point at them). */
  failed: z.number().int(),
});
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;

export const outboxEmailParams = recordIdParams('E-mail');

export const resendResponseSchema = z.object({ message: z.string(), email: outboxEmailSchema });
