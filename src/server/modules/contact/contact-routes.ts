import type { FastifyInstance } from 'fastify';
import { clinic } from '../../../shared/clinic';
import {
  CONTACT_SUCCESS_MESSAGE,
  type ContactRequest,
  type ContactResponse,
  contactRequestSchema,
} from '../../../shared/contact';
import { contactMessages } from '../../db/schema';
import { validate } from '../../http/validation';
import { queueEmail } from '../email/outbox-repository';

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

/** `POST /api/contact_us` (spec 2.3): stores the message and queues an e-mail to the clinic, atomically. */
export async function contactRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/contact_us',
    { config: { rateLimit: { max: 5, timeWindow: '1 minute' } } },
    async (request, reply): Promise<ContactResponse> => {
      const body = validate(contactRequestSchema, request.body);
      const clinicEmail = app.config.clinicEmail || clinic.email;
      const email = contactEmail(body);
      await app.db.transaction(async (tx) => {
        const emailOutboxId = await queueEmail(tx, {
          to: clinicEmail,
          replyTo: body.email,
          subject: email.subject,
          text: email.text,
          html: email.html,
        });
        await tx.insert(contactMessages).values({
          name: body.name,
          email: body.email,
          phone: body.phone ?? null,
          message: body.message,
          emailOutboxId,
        });
      });
      reply.code(201);
      return { message: CONTACT_SUCCESS_MESSAGE };
    },
  );
}
