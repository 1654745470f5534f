import type { webhookResponseSchema } from '../payments';
import type { textsConfigResponseSchema } from '../texts-config';
import { defineEndpoint } from './endpoint';

/** Whether texts are set up (Twilio's keys given): the booking and wait-list forms offer texts only then. */
export const getTextsConfig = defineEndpoint<{ response: typeof textsConfigResponseSchema }>()({
  method: 'GET',
  path: '/api/texts/config',
  access: 'public',
});

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
