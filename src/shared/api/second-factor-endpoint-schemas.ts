import { loginResponseSchema } from '../auth';
import {
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
import { withSchemas } from './endpoint-schemas';
import * as api from './second-factor-endpoints';

/** A passkey's JSON is a few kilobytes at most. */
const webauthnBodyLimit = 16 * 1024;

export const signInSecondFactor = withSchemas(api.signInSecondFactor, {
  summary:
    'The second step of a sign-in: the challenge with an app code, a recovery code or a passkey assertion; answers as the login does (failures are throttled with it)',
  body: secondFactorSignInSchema,
  bodyLimit: webauthnBodyLimit,
  response: loginResponseSchema,
});

export const getSecondFactorStatus = withSchemas(api.getSecondFactorStatus, {
  summary: "The signed-in staff member's second factors: the app, recovery codes left, passkeys",
  response: secondFactorStatusResponseSchema,
});

export const startTotpSetup = withSchemas(api.startTotpSetup, {
  summary: 'Starts setting up an authenticator app: a new key, unconfirmed until a code from it is sent',
  response: totpSetupResponseSchema,
});

export const confirmTotp = withSchemas(api.confirmTotp, {
  summary: 'Confirms the app with a code from it; answers ten recovery codes, shown this once',
  body: totpConfirmSchema,
  bodyLimit: 4 * 1024,
  response: recoveryCodesResponseSchema,
});

export const removeTotp = withSchemas(api.removeTotp, {
  summary: 'Removes the authenticator app and its recovery codes (asks for the password or a code)',
  body: removalProofSchema,
  bodyLimit: 4 * 1024,
});

export const passkeyRegistrationOptions = withSchemas(api.passkeyRegistrationOptions, {
  summary: "Starts adding a passkey: the WebAuthn options for the browser's navigator.credentials.create",
  response: passkeyRegistrationOptionsResponseSchema,
});

export const addPasskey = withSchemas(api.addPasskey, {
  summary: "Adds a passkey from the browser's registration answer",
  body: passkeyAddSchema,
  bodyLimit: webauthnBodyLimit,
  response: passkeyResponseSchema,
});

export const removePasskey = withSchemas(api.removePasskey, {
  summary:
    'Removes one of the signed-in staff member’s passkeys (asks for the password or a code, as removing the app does)',
  params: passkeyIdParams,
  body: removalProofSchema,
  bodyLimit: 4 * 1024,
});
