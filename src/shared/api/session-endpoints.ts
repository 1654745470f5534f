import type { accountSessionParams, accountSessionsResponseSchema } from '../sessions';
import { defineEndpoint } from './endpoint';

export const listAccountSessions = defineEndpoint<{ response: typeof accountSessionsResponseSchema }>()({
  method: 'GET',
  path: '/api/admin/account/sessions',
  access: 'admin',
  permission: 'account',
});

export const endAccountSession = defineEndpoint<{ params: typeof accountSessionParams }>()({
  method: 'DELETE',
  path: '/api/admin/account/sessions/:id',
  access: 'admin',
  permission: 'account',
  status: 204,
});
