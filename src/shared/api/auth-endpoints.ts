import type { loginRequestSchema, loginResponseSchema, meResponseSchema } from '../auth';
import { defineEndpoint } from './endpoint';

/** The spec keeps the 'autorization' spelling. */
export const login = defineEndpoint<{
  body: typeof loginRequestSchema;
  response: typeof loginResponseSchema;
}>()({ method: 'POST', path: '/api/admin/autorization/login', access: 'public' });

export const logout = defineEndpoint()({
  method: 'PUT',
  path: '/api/admin/autorization/logout',
  access: 'admin',
  permission: 'account',
  status: 204,
});

export const logoutAll = defineEndpoint()({
  method: 'PUT',
  path: '/api/admin/autorization/logout_all',
  access: 'admin',
  permission: 'account',
  status: 204,
});

export const getMe = defineEndpoint<{ response: typeof meResponseSchema }>()({
  method: 'GET',
  path: '/api/admin/me',
  access: 'admin',
  permission: 'account',
});

/** Where the back office's endpoints live: the browser forgets every read under it when its admin signs out. */
const ADMIN_API_PREFIX = '/api/admin/';

export const isAdminApiPath = (path: string): boolean => path.startsWith(ADMIN_API_PREFIX);
