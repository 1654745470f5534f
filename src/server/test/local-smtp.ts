import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  /** The Message-ID header as sent, `<…>`. */
  messageId: string;
  to: string[];
  subject: string;
  raw: string;
}

/**
 * `up` accepts every message; `busy` answers every connection with 421 (service not available, try again
 * later) and closes it; `down` refuses connections (nothing listens on the port).
 */
type SmtpMode = 'up' | 'busy' | 'down';

export interface LocalSmtp {
  port: number;
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  /** Every message accepted, in the order they arrived. */
  received: ReceivedMail[];
  /** How many times each Message-ID arrived. */
  countsByMessageId(): Map<string, number>;
  /** Connections answered 421 while busy. */
  busyAnswers(): number;
  setMode(mode: SmtpMode): Promise<void>;
  /** The next message's DATA waits until `release()`: a mail server slow to take it. */
  holdNextMessage(): { reached: Promise<void>; release(): void };
  close(): Promise<void>;
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const match = head.match(new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im'));
  return match?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim() ?? '';
}

/**
 * A real local SMTP server for the tests of the outbox that a test can take down and bring back on the same
 * port. STARTTLS and AUTH are off (smtp-server's built-in certificate has expired). Recipients at @bounce.test
 * are refused for good (550), at @full.test for now (452).
 */
export async function startLocalSmtp(): Promise<LocalSmtp> {
  const received: ReceivedMail[] = [];
  let mode: SmtpMode = 'up';
  let busy = 0;
  let held: { reached: () => void; released: Promise<void> } | undefined;

  const newServer = () =>
    new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      closeTimeout: 1000,
      // A mailbox that does not exist is refused for good (550), a full one for now (452), as real servers do.
      onRcptTo(address, _session, callback) {
        if (address.address.endsWith('@bounce.test')) {
          callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
        } else if (address.address.endsWith('@full.test')) {
          callback(Object.assign(new Error('4.2.2 Mailbox full, try later'), { responseCode: 452 }));
        } else callback();
      },
      onConnect(_session, callback) {
        if (mode !== 'busy') return callback();
        busy += 1;
        callback(Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const wait = held;
          held = undefined;
          wait?.reached();
          void (wait?.released ?? Promise.resolve()).then(() => {
            const raw = Buffer.concat(chunks).toString('utf8');
            received.push({
              messageId: header(raw, 'Message-ID'),
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
              subject: header(raw, 'Subject'),
              raw,
            });
            callback();
          });
        });
      },
    });

  const listen = (server: SMTPServer, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.server.address() as AddressInfo).port);
      });
    });
  const stop = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

  let server: SMTPServer | undefined = newServer();
  const port = await listen(server, 0);

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    countsByMessageId() {
      const counts = new Map<string, number>();
      for (const mail of received) counts.set(mail.messageId, (counts.get(mail.messageId) ?? 0) + 1);
      return counts;
    },
    busyAnswers: () => busy,
    async setMode(next) {
      mode = next;
      if (next === 'down' && server) {
        const closing = server;
        server = undefined;
        await stop(closing);
      } else if (next !== 'down' && !server) {
        server = newServer();
        await listen(server, port);
      }
    },
    holdNextMessage() {
      let reached!: () => void;
      let release!: () => void;
      const reachedPromise = new Promise<void>((resolve) => {
        reached = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      held = { reached, released };
      return { reached: reachedPromise, release };
    },
    async close() {
      held?.reached();
      if (server) await stop(server);
      server = undefined;
    },
  };
}
