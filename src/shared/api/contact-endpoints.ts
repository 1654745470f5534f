import type { contactRequestSchema, contactResponseSchema } from '../contact';
import { defineEndpoint } from './endpoint';

export const sendContactMessage = defineEndpoint<{
  body: typeof contactRequestSchema;
  response: typeof contactResponseSchema;
}>()({ method: 'POST', path: '/api/contact_us', access: 'public', status: 201 });
