import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  getTextsConfig,
  twilioInboundWebhook,
  twilioStatusWebhook,
} from '../../../shared/api/text-endpoint-schemas';
import { textTexts } from '../../../shared/texts';
import { textStatusEvents } from '../../db/schema';
import { route } from '../../http/endpoint-route';
import { HttpError } from '../../http/http-errors';
import { applyTextStatus } from './text-outbox-repository';
import type { TextProvider } from './text-provider';
import { receiveReply } from './text-replies';

/** A webhook's form is small: Twilio's are well under a kilobyte or two. */
const WEBHOOK_BODY_LIMIT = 16 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS provider, or none: texts not set up (no text is sent, the webhooks answer 404). */
    textProvider: TextProvider | undefined;
  }
}

/** The form fields of a signed body: each field once (a repeated one is not Twilio's). */
function formFields(body: unknown): Record<string, string> | undefined {
  if (typeof body !== 'string') return undefined;
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (Object.hasOwn(fields, name)) return undefined;
    fields[name] = value;
  }
  return fields;
}

/**
 * The signed fields of a webhook request, or a refusal: 404 when texts are not set up, 403 when the signature is
 * missing or does not sign this URL (the site's PUBLIC_URL and the path, as Twilio was given it) and these fields.
 */
function signedFields(scope: FastifyInstance, request: FastifyRequest): Record<string, string> {
  const provider = scope.textProvider;
  if (!provider) throw new HttpError(404, 'webhook_disabled', textTexts.webhookOff);
  const fields = formFields(request.body);
  const signature = request.headers['x-twilio-signature'];
  const url = `${scope.config.publicUrl}${request.url}`;
  if (!fields || typeof signature !== 'string' || !provider.isSigned(url, fields, signature)) {
    throw new HttpError(403, 'webhook_signature_invalid', textTexts.signatureMissing);
  }
  return fields;
}

const field = (fields: Record<string, string>, name: string): string => {
  const value = fields[name]?.trim();
  if (!value) throw new HttpError(400, 'webhook_unreadable', `${name} is missing.`);
  return value;
};

/**
 * Twilio's webhooks (issue 34): a text's status callbacks, and replies. Both read Twilio's form-encoded body as
 * text, check its signature, and take each message (and each status of it) once: a replay is refused (409) with
 * nothing changed, a status for a message never sent 404.
 */
export async function textWebhookRoutes(api: FastifyInstance) {
  api.removeContentTypeParser('application/x-www-form-urlencoded');
  api.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  route(api, getTextsConfig, async () => ({ set_up: Boolean(api.textProvider) }));

  route(api, twilioStatusWebhook, async (request) => {
    const fields = signedFields(api, request);
    const providerId = field(fields, 'MessageSid');
    const status = field(fields, 'MessageStatus').toLowerCase();
    const code = fields.ErrorCode?.trim();
    const reason = code
      ? `Twilio error ${code}${fields.ErrorMessage ? `: ${fields.ErrorMessage}` : ''}`
      : undefined;
    await api.db.transaction(async (tx) => {
      const [event] = await tx
        .insert(textStatusEvents)
        .values({ providerId, status })
        .onConflictDoNothing()
        .returning({ status: textStatusEvents.status });
      if (!event) throw new HttpError(409, 'webhook_replayed', textTexts.replayed);
      const text = await applyTextStatus(tx, providerId, status, reason, api.clock());
      if (!text) throw new HttpError(404, 'text_not_found', textTexts.unknownMessage);
    });
    return { received: true };
  });

  // Answered in the provider's own form (TwiML): a request to cancel is told the clinic will call, anything else
  // gets no text back (a STOP is answered by Twilio itself).
  route(api, twilioInboundWebhook, async (request, httpReply) => {
    const fields = signedFields(api, request);
    const reply = await receiveReply(
      api.db,
      { providerId: field(fields, 'MessageSid'), from: field(fields, 'From'), body: fields.Body ?? '' },
      api.clock(),
    );
    if (!reply) throw new HttpError(409, 'webhook_replayed', textTexts.replayed);
    const answer = (api.textProvider as TextProvider).answerInbound(
      reply.action === 'cancel_request' ? textTexts.cancelRequestAnswer : undefined,
    );
    return httpReply.type(answer.contentType).send(answer.body);
  });
}
