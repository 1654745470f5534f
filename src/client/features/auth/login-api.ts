import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { getMe, isAdminApiPath, login, logout, logoutAll } from '../../../shared/api/auth-endpoints';
import type { BodyInput, ResponseOf } from '../../../shared/api/endpoint';
import { signInSecondFactor } from '../../../shared/api/second-factor-endpoints';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { callEndpoint } from '../../lib/api-client';
import { clearAuthToken, setAuthToken } from '../../lib/auth-token';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { endpointQueryKey } from '../../lib/query-client';

/** `getMe` answers `{ admin_user }`; the login answer seeds it. */
const meQueryKey = endpointQueryKey(getMe);

type MeResponse = ResponseOf<typeof getMe>;

/** The signed-in admin, as the login answer seeded it or the server tells. */
export const useMe = () => useEndpointQuery(getMe);

/** Drops every cached back-office answer (patient data must not outlive the session). */
export function removeAdminQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => isAdminApiPath(String(query.queryKey[0])) });
}

type SignedIn = ResponseOf<typeof signInSecondFactor>['data'];

/**
 * After any way of signing in (a password, its second step, an invitation): forget the last session's reads and keep
 * the new one; `me` is read again for what only it tells (the second factor).
 */
export function rememberSignIn(queryClient: QueryClient, data: SignedIn): void {
  removeAdminQueries(queryClient);
  queryClient.setQueryData<MeResponse>(meQueryKey, { admin_user: data.admin_user });
  void queryClient.invalidateQueries({ queryKey: meQueryKey });
  setAuthToken(data.token.auth_token);
}

/**
 * Signs in with the password: signed in at once (the login page then leaves for /admin), or, with a second factor
 * set, the challenge the second step answers (the form asks for it).
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: BodyInput<typeof login>) => callEndpoint(login, { json: credentials }),
    onSuccess: ({ data }) => {
      if ('token' in data) rememberSignIn(queryClient, data);
    },
  });
}

/** The second step: a code (from the app, or a recovery code) or a passkey's assertion for the challenge. */
export function useSecondFactorSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInput<typeof signInSecondFactor>) =>
      callEndpoint(signInSecondFactor, { json: body }),
    onSuccess: ({ data }) => rememberSignIn(queryClient, data),
  });
}

/** Signs out: revokes the token on the server, and forgets it and the cached data even if that call fails. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => callEndpoint(logout),
    onSettled: () => {
      clearAuthToken();
      removeAdminQueries(queryClient);
      void navigate('/login', { replace: true });
    },
  });
}

/**
 * Signs out everywhere: revokes every token of the admin (other browsers and devices too), then leaves for
 * /login. Unlike `useLogout` a failed call keeps this session and says so, because the other sessions are
 * still signed in and the admin should know and try again.
 */
export function useLogoutEverywhere() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  return useMutation({
    mutationFn: () => callEndpoint(logoutAll),
    onSuccess: () => {
      clearAuthToken();
      removeAdminQueries(queryClient);
      void navigate('/login', { replace: true });
    },
    onError: (error) => notifyApiError(notify, error),
  });
}
