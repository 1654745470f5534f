import { contactRequestSchema, contactResponseSchema } from '../contact';
import { defineEndpoint } from './endpoint';

export const sendContactMessage = defineEndpoint({
  method: 'POST',
  path: '/api/contact_us',
  summary: 'Stores a message from the contact form and queues an e-mail to the clinic',
  access: 'public',
  body: contactRequestSchema,
  status: 201,
  response: contactResponseSchema,
});
