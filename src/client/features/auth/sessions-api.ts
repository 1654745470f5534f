import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { endAccountSession, listAccountSessions } from '../../../shared/api/session-endpoints';
import { callEndpoint } from '../../lib/api-client';
import { clearAuthToken } from '../../lib/auth-token';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { removeAdminQueries } from './login-api';

/** One's own live sessions, read afresh each time the page is shown (others end by themselves). */
export const useAccountSessions = () => useEndpointQuery(listAccountSessions, {}, { staleTime: 0 });

/**
 * Ends one of one's sessions; ending this browser's own signs out here as well (the token is forgotten and the
 * cached data with it). The list is read again after.
 */
export function useEndSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (session: { id: number; current: boolean }) =>
      callEndpoint(endAccountSession, { params: { id: session.id } }),
    onSuccess: (_answer, session) => {
      if (!session.current) return;
      clearAuthToken();
      removeAdminQueries(queryClient);
      void navigate('/login', { replace: true });
    },
    onSettled: (_answer, _error, session) => {
      if (session.current) return;
      return queryClient.invalidateQueries({
        predicate: ({ queryKey }) => queryKey[0] === listAccountSessions.path,
      });
    },
  });
}
