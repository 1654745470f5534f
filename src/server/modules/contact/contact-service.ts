import { CONTACT_SUCCESS_MESSAGE, type ContactRequest } from '../../../shared/contact';
import type { Db } from '../../db/database';
import { composeEmail, type EmailContent } from '../email/email-template';
import { queueEmail } from '../email/outbox-repository';
import { insertContactMessage } from './contact-repository';

const CONTACT_EMAIL_SUBJECT = 'Message from the website contact form';

/**
 * The message to the clinic. The visitor's words stay out of the headers: an encoded word (=?UTF-8?B?…?=) typed
 * as a name would be decoded by mail programs into any subject the sender likes.
 */
function contactEmail(request: ContactRequest): EmailContent {
  return composeEmail(CONTACT_EMAIL_SUBJECT, [
    'A message from the contact form of the website:',
    {
      facts: [
        ['Name', request.name],
        ['E-mail', request.email],
        ['Phone', request.phone ?? 'not given'],
      ],
    },
    { quote: request.message },
    'Reply to this e-mail to answer the sender.',
  ]);
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
