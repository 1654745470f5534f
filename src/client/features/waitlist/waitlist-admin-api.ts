import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getDashboard } from '../../../shared/api/dashboard-admin-endpoints';
import { listAdminSlots } from '../../../shared/api/slot-admin-endpoints';
import { listWaitlist, offerTimeToEntry } from '../../../shared/api/waitlist-admin-endpoints';
import { type AdminListParams, adminListQuery, useAdminList } from '../../lib/admin-resource';
import { callEndpoint } from '../../lib/api-client';
import { useEndpointQuery } from '../../lib/endpoint-query';

/** A page of the wait list (active entries unless `status` says otherwise); read afresh each time (audited). */
export const useWaitlist = (params: AdminListParams, status: 'active' | 'ended' | 'all') =>
  useAdminList(listWaitlist, { ...adminListQuery(params), status }, { staleTime: 0 });

/** The slots of one day and kind, for "Offer this time"; nothing is asked until a day is chosen. */
export const useDaySlots = (day: string | undefined, kind: { isAdult: boolean; isVideoCall: boolean }) =>
  useEndpointQuery(
    listAdminSlots,
    { query: { date: day ?? '', is_adult: `${kind.isAdult}`, is_video_call: `${kind.isVideoCall}` } },
    { enabled: Boolean(day), staleTime: 0 },
  );

/** Offers a free slot to an entry; the list, the day's slots and the dashboard are read again after. */
export function useOfferTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, slotId }: { entryId: number; slotId: number }) =>
      callEndpoint(offerTimeToEntry, { params: { id: entryId }, json: { session_id: slotId } }),
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          ([listWaitlist.path, listAdminSlots.path, getDashboard.path] as readonly string[]).includes(
            String(queryKey[0]),
          ),
      }),
  });
}
