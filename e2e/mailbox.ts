import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, inject } from 'vitest';

/*
 * What the e2e server e-mailed, as the local mail server of e2e/global-setup.ts received it over SMTP: one JSON
 * file a message ({ to, raw }), read back with the subject and the plain-text part decoded.
 */

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
  /** The calendar invite (the text/calendar part), decoded, with its folded lines joined; '' when none. */
  calendar: string;
}

/** A header's value with its folded lines joined, or ''. */
function header(head: string, name: string): string {
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((each) => each.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/** `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words of a header, decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_word, _charset, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let index = 0; index < source.length; index += 1) {
    const hex = source.slice(index + 1, index + 3);
    if (source[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else bytes.push(...Buffer.from(source[index] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(head: string, body: string): string {
  const encoding = header(head, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

const split = (part: string): [head: string, body: string] => {
  const at = part.search(/\r?\n\r?\n/);
  if (at < 0) return [part, ''];
  const gap = part.slice(at).match(/^\r?\n\r?\n/)?.[0].length ?? 2;
  return [part.slice(0, at), part.slice(at + gap)];
};

/** The text/plain part of a message (the first one, however deep in its multiparts). */
function plainText(head: string, body: string): string {
  const type = header(head, 'Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) {
    return type === '' || type.toLowerCase().startsWith('text/plain') ? decodeBody(head, body) : '';
  }
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const [partHead, partBody] = split(part.replace(/^\r?\n/, ''));
    const text = plainText(partHead, partBody);
    if (text) return text;
  }
  return '';
}

/** The first part of `type` (e.g. text/calendar, whether inline or attached), decoded; '' when none. */
function partOfType(head: string, body: string, type: string): string {
  const contentType = header(head, 'Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!contentType.toLowerCase().startsWith('multipart/') || !boundary) {
    return contentType.toLowerCase().startsWith(type) ? decodeBody(head, body) : '';
  }
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const [partHead, partBody] = split(part.replace(/^\r?\n/, ''));
    const found = partOfType(partHead, partBody, type);
    if (found) return found;
  }
  return '';
}

function parseMail(message: { to: string[]; raw: string }): ReceivedMail {
  const [head, body] = split(message.raw);
  return {
    to: message.to,
    subject: decodeWords(header(head, 'Subject')),
    text: plainText(head, body).replace(/\r\n/g, '\n').trim(),
    calendar: partOfType(head, body, 'text/calendar').replace(/\r?\n[ \t]/g, ''),
  };
}

/** A calendar invite's property (`UID`, `SEQUENCE`, `STATUS`…), or undefined. */
export function calendarProperty(calendar: string, name: string): string | undefined {
  return new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, 'm').exec(calendar)?.[1]?.trim();
}

/** Every message received so far for `address`, oldest first. */
async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const dir = inject('mailDir');
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  const mails: ReceivedMail[] = [];
  for (const name of names) {
    const message = JSON.parse(await readFile(join(dir, name), 'utf8')) as { to: string[]; raw: string };
    if (message.to.some((to) => to.toLowerCase() === address.toLowerCase())) mails.push(parseMail(message));
  }
  return mails;
}

/**
 * Waits until `address` has received a message whose subject contains `subject`, and answers the newest such.
 * The server's outbox sends every 5 seconds: a busy machine may take a while.
 */
export function waitForMail(address: string, subject: string): Promise<ReceivedMail> {
  return waitForMailWhere(address, (mail) => mail.subject.includes(subject), `about '${subject}'`);
}

/** Waits until `address` has received a message that `matches`, and answers the newest such. */
export async function waitForMailWhere(
  address: string,
  matches: (mail: ReceivedMail) => boolean,
  description: string,
): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).filter(matches).at(-1);
        return found !== undefined;
      },
      { timeout: 45_000, interval: 500, message: `an e-mail to ${address} ${description}` },
    )
    .toBe(true);
  if (!found) throw new Error(`no e-mail to ${address} ${description}`);
  return found;
}
