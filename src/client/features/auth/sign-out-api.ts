import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { getMe, logout, logoutAll } from '../../../shared/api/auth-endpoints';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { callEndpoint } from '../../lib/api-client';
import { clearAuthToken, getAuthToken } from '../../lib/auth-token';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { isAdminQuery, removeAdminQueries } from './login-api';

// The signed-in side (who am I, signing out), apart from signing in: the sign-in page's first JavaScript carries none of it.

export const useMe = () => useEndpointQuery(getMe);

/**
 * Signs out: forgets the token and the cached data here first, so the back office closes and no read starts
 * that the revoked token would have refused, then revokes the token on the server (a failed call signs out too).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const token = getAuthToken();
      await queryClient.cancelQueries({ predicate: isAdminQuery });
      clearAuthToken();
      removeAdminQueries(queryClient);
      void navigate('/login', { replace: true });
      if (token) await callEndpoint(logout, { bearer: token });
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
