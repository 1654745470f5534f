import type { webhookResponseSchema } from '../payments';
import { defineEndpoint } from './endpoint';

/** Twilio's status callback of a text it was given (signed: X-Twilio-Signature); no browser calls it. */
export const twilioStatusWebhook = defineEndpoint<{ response: typeof webhookResponseSchema }>()({
  method: 'POST',
  path: '/api/webhooks/twilio/status',
  access: 'public',
});

/** A text a person sent the clinic's number, as Twilio posts it (signed: X-Twilio-Signature). */
export const twilioInboundWebhook = defineEndpoint<{ response: typeof webhookResponseSchema }>()({
  method: 'POST',
  path: '/api/webhooks/twilio/inbound',
  access: 'public',
});
