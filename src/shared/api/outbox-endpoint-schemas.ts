import { outboxEmailParams, outboxQuerySchema, outboxResponseSchema, resendResponseSchema } from '../outbox';
import { withSchemas } from './endpoint-schemas';
import * as admin from './outbox-admin-endpoints';

export const listOutbox = withSchemas(admin.listOutbox, {
  summary:
    'The e-mail outbox, newest first (page, per_page, status, search in the recipient or subject): to whom, the subject, its delivery state, tries, last error; never the body. Audited as a read',
  query: outboxQuerySchema,
  response: outboxResponseSchema,
});

export const resendOutboxEmail = withSchemas(admin.resendOutboxEmail, {
  summary:
    'Sends a failed e-mail again: it waits in the outbox with its tries counted afresh; any other state is a 409. Audited',
  params: outboxEmailParams,
  response: resendResponseSchema,
});
