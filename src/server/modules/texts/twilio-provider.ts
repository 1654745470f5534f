import type { Twilio as TwilioClient } from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { type SentText, type TextProvider, TextProviderError, type TextRequest } from './text-provider';

/** TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM; `apiUrl` (tests only) sends every call to a local fake. */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The sender: an E.164 number or an alphanumeric sender id. */
  from: string;
  apiUrl?: string;
}

type TwilioSdk = typeof import('twilio');

/** Loaded at the first use: the SDK costs a start about as much as Stripe's. */
export async function loadTwilioSdk(): Promise<TwilioSdk> {
  return (await import('twilio')).default as unknown as TwilioSdk;
}

/** How long a call to Twilio may take before it counts as failed (tried again later). */
const TWILIO_TIMEOUT_MS = 15_000;

/**
 * The SDK's own HTTP client, with every request sent to `apiUrl` instead of https://*.twilio.com: the tests' fake
 * of the few endpoints used answers it, so the SDK's request building and answer reading are what is tested.
 */
function redirectedClient(sdk: TwilioSdk, apiUrl: string): RequestClient {
  const base = apiUrl.replace(/\/+$/, '');
  class Redirected extends sdk.RequestClient {
    override request<TData>(opts: RequestClient.RequestOptions<TData>) {
      return super.request({ ...opts, uri: opts.uri.replace(/^https:\/\/[a-z0-9.-]+\.twilio\.com/, base) });
    }
  }
  return new Redirected({ timeout: TWILIO_TIMEOUT_MS });
}

/**
 * Whether Twilio's refusal is for good: a 4xx answer (an invalid or unreachable number, a number that replied
 * STOP to Twilio, a message too long) would be given again; a 429, a 5xx or no answer is worth a later try.
 */
function isPermanent(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
}

export function createTwilioProvider(settings: TwilioSettings, sdk: TwilioSdk): TextProvider {
  const client: TwilioClient = sdk(settings.accountSid, settings.authToken, {
    ...(settings.apiUrl
      ? { httpClient: redirectedClient(sdk, settings.apiUrl) }
      : { timeout: TWILIO_TIMEOUT_MS }),
  });
  return {
    name: 'twilio',
    async send(request: TextRequest): Promise<SentText> {
      try {
        const message = await client.messages.create({
          to: request.to,
          from: settings.from,
          body: request.body,
          statusCallback: request.statusCallbackUrl,
        });
        return { id: message.sid, status: message.status };
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        const text = error instanceof Error ? error.message : String(error);
        throw new TextProviderError(
          typeof code === 'number' ? `Twilio ${code}: ${text}` : text,
          isPermanent(error),
        );
      }
    },
    isSigned(url, params, signature) {
      if (!signature) return false;
      return sdk.validateRequest(settings.authToken, signature, url, params);
    },
    answerInbound(message) {
      const answer = new sdk.twiml.MessagingResponse();
      if (message) answer.message(message);
      return { contentType: 'text/xml; charset=utf-8', body: answer.toString() };
    },
  };
}
