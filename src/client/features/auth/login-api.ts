import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AdminUser, LoginRequest, LoginResponse } from '../../../shared/auth';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { apiRequest } from '../../lib/api-client';
import { clearAuthToken, setAuthToken } from '../../lib/auth-token';
import type { ApiQueryKey } from '../../lib/query-client';

export const LOGIN_PATH = '/api/admin/autorization/login';
export const LOGOUT_PATH = '/api/admin/autorization/logout';
export const LOGOUT_ALL_PATH = '/api/admin/autorization/logout_all';

/** `GET /api/admin/me` answers `{ admin_user }`; the login answer seeds it. */
export const meQueryKey: ApiQueryKey = ['/api/admin/me'];

export interface MeResponse {
  admin_user: AdminUser;
}

/** Drops every cached back-office answer (patient data must not outlive the session). */
export function removeAdminQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/admin') });
}

/** Signs in: stores the token and the admin user. The login page then leaves for /admin. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginRequest) =>
      apiRequest<LoginResponse>(LOGIN_PATH, { method: 'POST', json: credentials }),
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
    mutationFn: () => apiRequest<void>(LOGOUT_PATH, { method: 'PUT' }),
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
    mutationFn: () => apiRequest<void>(LOGOUT_ALL_PATH, { method: 'PUT' }),
    onSuccess: () => {
      clearAuthToken();
      removeAdminQueries(queryClient);
      void navigate('/login', { replace: true });
    },
    onError: (error) => notifyApiError(notify, error),
  });
}
