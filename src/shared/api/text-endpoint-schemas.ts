import { webhookResponseSchema } from '../payments';
import { withSchemas } from './endpoint-schemas';
import * as api from './text-endpoints';

export const twilioStatusWebhook = withSchemas(api.twilioStatusWebhook, {
  summary:
    "Twilio's status callback of a text (delivered, undelivered, failed with its error code), form-encoded and signed with TWILIO_AUTH_TOKEN (X-Twilio-Signature); each status of a message once",
  rawBody: true,
  response: webhookResponseSchema,
});

export const twilioInboundWebhook = withSchemas(api.twilioInboundWebhook, {
  summary:
    'A reply to a text, as Twilio posts it (form-encoded, signed: X-Twilio-Signature): STOP withdraws consent to texts, C or CANCEL asks staff to call about the appointment, anything else is shown to staff; each message once',
  rawBody: true,
  response: webhookResponseSchema,
});
