import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  countReferralsAwaiting,
  decideReferral,
  getReferral,
  listReferrals,
} from '../../../shared/api/referral-admin-endpoints';
import type { ReferralDecisionInput, ReferralStatus } from '../../../shared/referrals';
import { type AdminListParams, adminListQuery, useAdminList, useAdminRecord } from '../../lib/admin-resource';
import { ApiError, callEndpoint } from '../../lib/api-client';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { endpointQueryKey } from '../../lib/query-client';

/**
 * The back office's referral calls: the list in triage order, how many await triage
 * (the menu's count), one referral with its patient's detail, and staff's decision. Reads of the list and of a
 * referral are audited by the server; the count is not (it names no one).
 */

/** How often the menu asks again how many referrals await triage: patients send them all day. */
const AWAITING_REFRESH_MS = 60_000;

/** A page of referrals (awaiting triage first, oldest first), filtered by state; read afresh each time it is shown. */
export const useReferrals = (params: AdminListParams, status: ReferralStatus | undefined) =>
  useAdminList(listReferrals, { ...adminListQuery(params), status }, { staleTime: 0 });

/** How many referrals await triage: asked when the back office opens, every minute and after each decision. */
export const useReferralsAwaiting = (enabled = true) =>
  useEndpointQuery(
    countReferralsAwaiting,
    {},
    { staleTime: 0, refetchInterval: AWAITING_REFRESH_MS, enabled },
  );

/** One referral with its patient's detail; nothing is asked without an id. */
export const useReferral = (id: number | undefined) => useAdminRecord(getReferral, id);

const recordKey = (id: number) => endpointQueryKey(getReferral, { params: { id } });

/** The list and the count are read again; a referral's page is not (each read of it is audited). */
const refreshLists = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === listReferrals.path || queryKey[0] === countReferralsAwaiting.path,
  });

/**
 * Staff's decision on referral `id`. On success the referral's page shows the answer (the referral as it is
 * now) without reading it again, and the list and the menu's count are refreshed. A 409 (decided meanwhile,
 * elsewhere) reads the referral again, so the page shows what was decided; the caller shows the refusal.
 */
export function useDecideReferral(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ReferralDecisionInput) =>
      callEndpoint(decideReferral, { params: { id }, json: decision }),
    onSuccess: (answer) => {
      queryClient.setQueryData(recordKey(id), answer);
      return refreshLists(queryClient);
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status !== 409) return;
      void queryClient.invalidateQueries({ queryKey: recordKey(id) });
      void refreshLists(queryClient);
    },
  });
}
