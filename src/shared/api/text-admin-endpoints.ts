import type { dealtWithReplyResponseSchema, textReplyParams } from '../text-replies';
import { defineEndpoint } from './endpoint';

/** Marks a reply to a text (a request to cancel, or words to read) dealt with: it leaves the dashboard. */
export const dealWithTextReply = defineEndpoint<{
  params: typeof textReplyParams;
  response: typeof dealtWithReplyResponseSchema;
}>()({
  method: 'POST',
  path: '/api/admin/text_replies/:id/dealt_with',
  access: 'admin',
  permission: 'appointments_write',
});
