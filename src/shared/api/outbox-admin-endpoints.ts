import type {
  outboxEmailParams,
  outboxQuerySchema,
  outboxResponseSchema,
  resendResponseSchema,
} from '../outbox';
import { defineEndpoint } from './endpoint';

export const listOutbox = defineEndpoint<{
  query: typeof outboxQuerySchema;
  response: typeof outboxResponseSchema;
}>()({ method: 'GET', path: '/api/admin/emails', access: 'admin', permission: 'outbox' });

export const resendOutboxEmail = defineEndpoint<{
  params: typeof outboxEmailParams;
  response: typeof resendResponseSchema;
}>()({ method: 'POST', path: '/api/admin/emails/:id/resend', access: 'admin', permission: 'outbox' });
