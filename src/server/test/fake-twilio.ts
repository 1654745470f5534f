import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

/**
 * A local fake of the one Twilio endpoint the server uses, for the official SDK pointed at it (TWILIO_API_URL, or
 * `apiUrl` of the provider's settings): `POST /2010-04-01/Accounts/{sid}/Messages.json` with the account's Basic
 * sign-in, answering the message Twilio would (`SM…` id, status `queued`). A test can make the next send fail as
 * Twilio refuses (400 with error 21211, a number that cannot receive texts) or fails (503). `statusCallback` signs a
 * status callback with the SDK's own helper, as Twilio signs it.
 */
export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  /** Every message taken, in order. */
  sent: { sid: string; to: string; from: string; body: string; statusCallback?: string }[];
  failNext(kind: 'invalid_number' | 'unavailable'): void;
  close(): Promise<void>;
}

export const TWILIO_TEST_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const TWILIO_TEST_TOKEN = 'test-auth-token-0123456789';

async function readBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const sent: FakeTwilio['sent'] = [];
  const failures: ('invalid_number' | 'unavailable')[] = [];
  let count = 0;
  const expectedAuth = `Basic ${Buffer.from(`${TWILIO_TEST_SID}:${TWILIO_TEST_TOKEN}`).toString('base64')}`;
  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      if (request.method !== 'POST' || path !== `/2010-04-01/Accounts/${TWILIO_TEST_SID}/Messages.json`) {
        answer(response, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
        return;
      }
      if (request.headers.authorization !== expectedAuth) {
        answer(response, 401, { code: 20003, message: 'Authenticate', status: 401 });
        return;
      }
      const body = await readBody(request);
      const failure = failures.shift();
      if (failure === 'unavailable') {
        answer(response, 503, { code: 20503, message: 'Service unavailable', status: 503 });
        return;
      }
      if (failure === 'invalid_number') {
        answer(response, 400, {
          code: 21211,
          message: `The 'To' number ${body.get('To')} is not a valid phone number.`,
          status: 400,
        });
        return;
      }
      count += 1;
      const sid = `SM${String(count).padStart(32, '0')}`;
      const message = {
        sid,
        to: body.get('To') ?? '',
        from: body.get('From') ?? '',
        body: body.get('Body') ?? '',
        statusCallback: body.get('StatusCallback') ?? undefined,
      };
      sent.push(message);
      answer(response, 201, {
        sid,
        account_sid: TWILIO_TEST_SID,
        to: message.to,
        from: message.from,
        body: message.body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        date_created: new Date().toUTCString(),
        uri: `/2010-04-01/Accounts/${TWILIO_TEST_SID}/Messages/${sid}.json`,
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid: TWILIO_TEST_SID,
    authToken: TWILIO_TEST_TOKEN,
    sent,
    failNext: (kind) => failures.push(kind),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A webhook request as Twilio sends it: form-encoded, signed over `url` and the fields with the auth token. */
export function signedTwilioRequest(
  url: string,
  fields: Record<string, string>,
  authToken = TWILIO_TEST_TOKEN,
) {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, url, fields),
    },
  };
}
