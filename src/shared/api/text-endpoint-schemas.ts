import { webhookResponseSchema } from '../payments';
import { dealtWithReplyResponseSchema, textReplyParams } from '../text-replies';
import { textsConfigResponseSchema } from '../texts-config';
import { withSchemas } from './endpoint-schemas';
import * as admin from './text-admin-endpoints';
import * as api from './text-endpoints';

export const getTextsConfig = withSchemas(api.getTextsConfig, {
  summary:
    'Whether texts are set up (`{ set_up }`: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM given). The booking and wait-list forms ask for consent to texts only then',
  response: textsConfigResponseSchema,
});

export const twilioStatusWebhook = withSchemas(api.twilioStatusWebhook, {
  summary:
    "Twilio's status callback of a text (delivered, undelivered, failed with its error code), form-encoded and signed with TWILIO_AUTH_TOKEN (X-Twilio-Signature); each status of a message once",
  rawBody: true,
  response: webhookResponseSchema,
});

export const twilioInboundWebhook = withSchemas(api.twilioInboundWebhook, {
  summary:
    'A reply to a text, as Twilio posts it (form-encoded, signed: X-Twilio-Signature): STOP withdraws consent to texts, C or CANCEL asks staff to call about the appointment (and is texted back that the clinic will call), anything else is shown to staff; each message once. Answered in TwiML (text/xml), as Twilio reads it',
  rawBody: true,
  response: webhookResponseSchema,
});

export const dealWithTextReply = withSchemas(admin.dealWithTextReply, {
  summary:
    "Marks a patient's reply to a text dealt with, by the signed-in staff member, now: a request to cancel (C or CANCEL) once they have phoned the patient, or words read. It leaves the dashboard and the appointment's screen says who dealt with it and when; audited without its words. 404 not_found; 409 reply_dealt_with when someone marked it already, reply_needs_nothing for a STOP",
  params: textReplyParams,
  response: dealtWithReplyResponseSchema,
});
