import type { loginResponseSchema } from '../auth';
import type {
  passkeyAddSchema,
  passkeyIdParams,
  passkeyRegistrationOptionsResponseSchema,
  passkeyResponseSchema,
  recoveryCodesResponseSchema,
  removalProofSchema,
  secondFactorSignInSchema,
  secondFactorStatusResponseSchema,
  totpConfirmSchema,
  totpSetupResponseSchema,
} from '../second-factor';
import { defineEndpoint } from './endpoint';

/** The second step of a sign-in (public: the challenge the password step answered is the credential). */
export const signInSecondFactor = defineEndpoint<{
  body: typeof secondFactorSignInSchema;
  response: typeof loginResponseSchema;
}>()({ method: 'POST', path: '/api/admin/autorization/second_factor', access: 'public' });

export const getSecondFactorStatus = defineEndpoint<{
  response: typeof secondFactorStatusResponseSchema;
}>()({ method: 'GET', path: '/api/admin/account/second_factor', access: 'admin', permission: 'account' });

export const startTotpSetup = defineEndpoint<{ response: typeof totpSetupResponseSchema }>()({
  method: 'POST',
  path: '/api/admin/account/totp',
  access: 'admin',
  permission: 'account',
});

export const confirmTotp = defineEndpoint<{
  body: typeof totpConfirmSchema;
  response: typeof recoveryCodesResponseSchema;
}>()({ method: 'POST', path: '/api/admin/account/totp/confirm', access: 'admin', permission: 'account' });

export const removeTotp = defineEndpoint<{ body: typeof removalProofSchema }>()({
  method: 'DELETE',
  path: '/api/admin/account/totp',
  access: 'admin',
  permission: 'account',
  status: 204,
});

export const passkeyRegistrationOptions = defineEndpoint<{
  response: typeof passkeyRegistrationOptionsResponseSchema;
}>()({ method: 'POST', path: '/api/admin/account/passkeys/options', access: 'admin', permission: 'account' });

export const addPasskey = defineEndpoint<{
  body: typeof passkeyAddSchema;
  response: typeof passkeyResponseSchema;
}>()({
  method: 'POST',
  path: '/api/admin/account/passkeys',
  access: 'admin',
  permission: 'account',
  status: 201,
});

export const removePasskey = defineEndpoint<{
  params: typeof passkeyIdParams;
  body: typeof removalProofSchema;
}>()({
  method: 'DELETE',
  path: '/api/admin/account/passkeys/:id',
  access: 'admin',
  permission: 'account',
  status: 204,
});
