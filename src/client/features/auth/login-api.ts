import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { getMe, login, logout, logoutAll } from '../../../shared/api/auth-endpoints';
import type { BodyInput, ResponseOf } from '../../../shared/api/endpoint';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { apiRequest } from '../../lib/api-client';
import { clearAuthToken, setAuthToken } from '../../lib/auth-token';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { endpointQueryKey } from '../../lib/endpoint-query-key';

export const LOGIN_PATH: (typeof login)['path'] = '/api/admin/autorization/login';
export const LOGOUT_PATH: (typeof logout)['path'] = '/api/admin/autorization/logout';
export const LOGOUT_ALL_PATH: (typeof logoutAll)['path'] = '/api/admin/autorization/logout_all';

/** `GET /api/admin/me` answers `{ admin_user }`; the login answer seeds it. */
export const meQueryKey = endpointQueryKey<typeof getMe>('/api/admin/me');

export type MeResponse = ResponseOf<typeof getMe>;

/** The signed-in admin, as the login answer seeded it or the server tells. */
export const useMe = () => useEndpointQuery<typeof getMe>('/api/admin/me');

/** Drops every cached back-office answer (patient data must not outlive the session). */
export function removeAdminQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/admin') });
}

/** Signs in: stores the token and the admin user. The login page then leaves for /admin. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: BodyInput<typeof login>) =>
      apiRequest<ResponseOf<typeof login>>(LOGIN_PATH, { method: 'POST', json: credentials }),
    onSuccess: ({ data }) => {
      removeAdminQueries(queryClient);
      queryClient.setQueryData<MeResponse>(meQueryKey, { admin_user: data.admin_user });
      setAuthToken(data.token.auth_token);
    },
  });
}

/** Signs out: revokes the token on the server, and forgets it and the cached data even if that call fails. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest<ResponseOf<typeof logout>>(LOGOUT_PATH, { method: 'PUT' }),
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
    mutationFn: () => apiRequest<ResponseOf<typeof logoutAll>>(LOGOUT_ALL_PATH, { method: 'PUT' }),
    onSuccess: () => {
      clearAuthToken();
      removeAdminQueries(queryClient);
      void navigate('/login', { replace: true });
    },
    onError: (error) => notifyApiError(notify, error),
  });
}
