import { type Query, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { getMe, isAdminApiPath, login } from '../../../shared/api/auth-endpoints';
import type { BodyInput, ResponseOf } from '../../../shared/api/endpoint';
import type { signInSecondFactor } from '../../../shared/api/second-factor-endpoints';
import { callEndpoint } from '../../lib/api-client';
import { setAuthToken } from '../../lib/auth-token';
import { endpointQueryKey } from '../../lib/query-client';

/** `getMe` answers `{ admin_user }`; the login answer seeds it. */
const meQueryKey = endpointQueryKey(getMe);

type MeResponse = ResponseOf<typeof getMe>;

export const isAdminQuery = (query: Query) => isAdminApiPath(String(query.queryKey[0]));

/** Drops every cached back-office answer (patient data must not outlive the session). */
export function removeAdminQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: isAdminQuery });
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
