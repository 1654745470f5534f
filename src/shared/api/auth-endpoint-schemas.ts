import { loginRequestSchema, meResponseSchema, passwordLoginResponseSchema } from '../auth';
import * as api from './auth-endpoints';
import { withSchemas } from './endpoint-schemas';

export const login = withSchemas(api.login, {
  summary:
    'Signs in with e-mail and password; answers the admin and a bearer token, or, with a second factor set, the challenge of the second step (failures are throttled)',
  body: loginRequestSchema,
  /** An e-mail address and a password need a few hundred bytes; a sign-in page is a favourite target. */
  bodyLimit: 4 * 1024,
  response: passwordLoginResponseSchema,
});

export const logout = withSchemas(api.logout, { summary: 'Revokes the token of this request' });

export const logoutAll = withSchemas(api.logoutAll, {
  summary: 'Revokes every token of the signed-in admin (sign out everywhere)',
});

export const getMe = withSchemas(api.getMe, { summary: 'The signed-in admin', response: meResponseSchema });
