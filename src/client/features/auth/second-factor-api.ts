import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getMe } from '../../../shared/api/auth-endpoints';
import type { BodyInput } from '../../../shared/api/endpoint';
import {
  addPasskey,
  confirmTotp,
  getSecondFactorStatus,
  passkeyRegistrationOptions,
  removePasskey,
  removeTotp,
  startTotpSetup,
} from '../../../shared/api/second-factor-endpoints';
import { getClinicSettings, updateClinicSettings } from '../../../shared/api/settings-admin-endpoints';
import { callEndpoint } from '../../lib/api-client';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { endpointQueryKey } from '../../lib/query-client';

export const useSecondFactorStatus = () => useEndpointQuery(getSecondFactorStatus);

/**
 * After any change to one's second factors: the account page's view and `me` (which the layout's lead follows). Not
 * waited for: the caller's own success step (showing the recovery codes) runs first, while its form is still there.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: endpointQueryKey(getSecondFactorStatus) });
    void queryClient.invalidateQueries({ queryKey: endpointQueryKey(getMe) });
  };
}

export const useStartTotpSetup = () => useMutation({ mutationFn: () => callEndpoint(startTotpSetup) });

export function useConfirmTotp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string) => callEndpoint(confirmTotp, { json: { code } }),
    onSuccess: refresh,
  });
}

export function useRemoveTotp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (proof: { password?: string; code?: string }) => callEndpoint(removeTotp, { json: proof }),
    onSuccess: refresh,
  });
}

/** Adds a passkey: the server's options, the browser's authenticator, then the server checks its answer. */
export function useAddPasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (name: string | undefined) => {
      const [{ startRegistration }, { options }] = await Promise.all([
        import('@simplewebauthn/browser'),
        callEndpoint(passkeyRegistrationOptions),
      ]);
      const response = await startRegistration({
        optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
      });
      // Spread: the library's interfaces, as the plain JSON objects the endpoint's schema describes.
      return callEndpoint(addPasskey, {
        json: { name, response: { ...response, response: { ...response.response } } },
      });
    },
    onSuccess: refresh,
  });
}

/** Removes a passkey; asks for the password, as removing the app does. */
export function useRemovePasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) =>
      callEndpoint(removePasskey, { params: { id }, json: { password } }),
    onSuccess: refresh,
  });
}

export const useClinicSettings = () => useEndpointQuery(getClinicSettings);

export function useUpdateClinicSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: BodyInput<typeof updateClinicSettings>) =>
      callEndpoint(updateClinicSettings, { json: changes }),
    onSuccess: (answer) => {
      queryClient.setQueryData(endpointQueryKey(getClinicSettings), answer);
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey(getMe) });
    },
  });
}
