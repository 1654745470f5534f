import { z } from 'zod';
import { recordIdParams } from './api/common-schemas';
import { textReplyActions } from './texts';

/**
 * Replies to the clinic's texts that wait for staff (issue 34): a request to cancel (C or CANCEL: call the patient)
 * or anything else to read, until a staff member marks it dealt with. A STOP needs nothing: it withdrew the consent.
 */
export const textReplyTexts = {
  dealtWith: 'The reply is marked dealt with.',
  notFound: 'No such reply.',
  alreadyDealtWith: 'Someone has already marked this reply dealt with.',
  stopNeedsNothing: 'A STOP reply withdrew the consent by itself: there is nothing to deal with.',
} as const;

export const textReplyParams = recordIdParams('Reply');

export const dealtWithReplyResponseSchema = z.object({
  message: z.string(),
  text_reply: z.object({ id: z.number().int(), dealt_with_at: z.string() }),
});

/** A reply waiting for staff, as the dashboard lists it: who sent it (the phone when no booking is known). */
export const openTextReplySchema = z.object({
  id: z.number().int(),
  action: z.enum(textReplyActions),
  /** The words of a reply that is neither STOP nor a request to cancel. */
  body: z.string().nullable(),
  from: z.string(),
  received_at: z.string(),
  appointment_id: z.number().int().nullable(),
  patient_name: z.string().nullable(),
});
export type OpenTextReply = z.infer<typeof openTextReplySchema>;
