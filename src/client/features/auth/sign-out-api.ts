import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { getMe, logout, logoutAll } from '../../../shared/api/auth-endpoints';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { callEndpoint } from '../../lib/api-client';
import { clearAuthToken } from '../../lib/auth-token';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { isAdminQuery, removeAdminQueries } from './login-api';

// The signed-in side (who am I, signing out), apart from signing in: the sign-in page's first JavaScript carries none of it.

export const useMe = () => useEndpointQuery(getMe);

/** Signs out: revokes the token on the server, and forgets it and the cached data even if that call fails. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    // Reads still under way would come back refused once the token is revoked: they are dropped first.
    mutationFn: async () => {
      await queryClient.cancelQueries({ predicate: isAdminQuery });
      return callEndpoint(logout);
    },
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
