import { contactRequestSchema, contactResponseSchema } from '../contact';
import * as api from './contact-endpoints';
import { withSchemas } from './endpoint-schemas';

export const sendContactMessage = withSchemas(api.sendContactMessage, {
  summary: 'Stores a message from the contact form and queues an e-mail to the clinic',
  body: contactRequestSchema,
  response: contactResponseSchema,
});
