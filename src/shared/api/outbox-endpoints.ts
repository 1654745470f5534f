import { outboxEmailParams, outboxQuerySchema, outboxResponseSchema, resendResponseSchema } from '../outbox';
import { defineEndpoint } from './endpoint';

export const listOutbox = defineEndpoint({
  method: 'GET',
  path: '/api/admin/emails',
  summary:
    'The e-mail outbox, newest first (page, per_page, status, search in the recipient or subject): to whom, the subject, its delivery state, tries, last error; never the body. Audited as a read',
  access: 'admin',
  query: outboxQuerySchema,
  response: outboxResponseSchema,
});

export const resendOutboxEmail = defineEndpoint({
  method: 'POST',
  path: '/api/admin/emails/:id/resend',
  summary:
    'Sends a failed e-mail again: it waits in the outbox with its tries counted afresh; any other state is a 409. Audited',
  access: 'admin',
  params: outboxEmailParams,
  response: resendResponseSchema,
});
