import { loginRequestSchema, loginResponseSchema, meResponseSchema } from '../auth';
import { defineEndpoint } from './endpoint';

/** The spec keeps the 'autorization' spelling. */
export const login = defineEndpoint({
  method: 'POST',
  path: '/api/admin/autorization/login',
  summary: 'Signs in with e-mail and password; answers the admin and a bearer token (failures are throttled)',
  access: 'public',
  body: loginRequestSchema,
  /** An e-mail address and a password need a few hundred bytes; a sign-in page is a favourite target. */
  bodyLimit: 4 * 1024,
  response: loginResponseSchema,
});

export const logout = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/autorization/logout',
  summary: 'Revokes the token of this request',
  access: 'admin',
  status: 204,
});

export const logoutAll = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/autorization/logout_all',
  summary: 'Revokes every token of the signed-in admin (sign out everywhere)',
  access: 'admin',
  status: 204,
});

export const getMe = defineEndpoint({
  method: 'GET',
  path: '/api/admin/me',
  summary: 'The signed-in admin',
  access: 'admin',
  response: meResponseSchema,
});
