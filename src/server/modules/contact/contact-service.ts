import { CONTACT_SUCCESS_MESSAGE, type ContactRequest } from '../../../shared/contact';
import type { Db } from '../../db/database';
import { queueEmail } from '../email/outbox-repository';
import { insertContactMessage } from './contact-repository';

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** One line in the body's table: control characters (CR/LF) become spaces. */
const oneLine = (value: string) => value.replace(/\p{Cc}+/gu, ' ').trim();

export const CONTACT_EMAIL_SUBJECT = 'Message from the website contact form';

/** The message to the clinic, as text and as escaped HTML. */
export function contactEmail(request: ContactRequest): { subject: string; text: string; html: string } {
  const fields: [string, string][] = [
    ['Name', request.name],
    ['E-mail', request.email],
    ['Phone', request.phone ?? 'not given'],
  ];
  const text = [
    'A message from the contact form of the website:',
    '',
    ...fields.map(([label, value]) => `${label}: ${oneLine(value)}`),
    '',
    request.message,
    '',
    'Reply to this e-mail to answer the sender.',
  ].join('\n');
  const html = [
    '<p>A message from the contact form of the website:</p>',
    '<table>',
    ...fields.map(
      ([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(oneLine(value))}</td></tr>`,
    ),
    '</table>',
    `<p>${escapeHtml(request.message).replace(/\r?\n/g, '<br>')}</p>`,
    '<p>Reply to this e-mail to answer the sender.</p>',
  ].join('\n');
  // The visitor's words stay out of the headers: an encoded word (=?UTF-8?B?…?=) typed as a name would be
  // decoded by mail programs into any subject the sender likes.
  return { subject: CONTACT_EMAIL_SUBJECT, text, html };
}

/**
 * Stores a message from the contact form and queues its e-mail to `clinicEmail` in one transaction: the
 * message is never kept without its e-mail, nor the e-mail sent without the message.
 */
export async function sendContactMessage(
  db: Db,
  clinicEmail: string,
  request: ContactRequest,
): Promise<string> {
  const email = contactEmail(request);
  await db.transaction(async (tx) => {
    const emailOutboxId = await queueEmail(tx, {
      to: clinicEmail,
      replyTo: request.email,
      subject: email.subject,
      text: email.text,
      html: email.html,
    });
    await insertContactMessage(tx, {
      name: request.name,
      email: request.email,
      phone: request.phone ?? null,
      message: request.message,
      emailOutboxId,
    });
  });
  return CONTACT_SUCCESS_MESSAGE;
}
