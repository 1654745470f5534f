import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../shared/api/endpoint';
import {
  cancelManagedBooking,
  getManagedBooking,
  moveManagedBooking,
} from '../../../shared/api/manage-booking-endpoints';
import { callEndpoint } from '../../lib/api-client';
import { refreshFreeSlots } from '../../lib/free-slots-api';
import { type ApiQueryKey, endpointQueryKey } from '../../lib/query-client';

// A patient's own booking (issue 20): the link's token goes in a header, never in a URL or a cache key.

export type ManagedBookingAnswer = ResponseOf<typeof getManagedBooking>;
export type ManageActionAnswer = ResponseOf<typeof cancelManagedBooking>;

const bookingKey = (reference: string) => endpointQueryKey(getManagedBooking, { params: { reference } });

/**
 * The booking as the server has it now. A refund under way (a card provider's refund takes a moment) is
 * read again every few seconds until it is done.
 */
export function useManagedBooking(reference: string, token: string) {
  return useQuery<ManagedBookingAnswer, Error, ManagedBookingAnswer, ApiQueryKey>({
    queryKey: bookingKey(reference),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data?.booking.payment_status === 'refunding' ? 5_000 : false),
    queryFn: ({ signal }) =>
      callEndpoint(getManagedBooking, { params: { reference }, signal, headers: { manageToken: token } }),
  });
}

/** Cancels the booking (refunded in full when it was paid); the answer's booking replaces the one on screen. */
export function useCancelManagedBooking(reference: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callEndpoint(cancelManagedBooking, { params: { reference }, headers: { manageToken: token } }),
    onSuccess: ({ booking }) => queryClient.setQueryData(bookingKey(reference), { booking }),
    onSettled: () => refreshFreeSlots(queryClient),
  });
}

/** Moves the booking to a time the patient holds (`holdToken`); the answer's booking replaces the one on screen. */
export function useMoveManagedBooking(reference: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, holdToken }: { sessionId: number; holdToken: string }) =>
      callEndpoint(moveManagedBooking, {
        params: { reference },
        json: { session_id: sessionId },
        headers: { manageToken: token, holdToken },
      }),
    onSuccess: ({ booking }) => queryClient.setQueryData(bookingKey(reference), { booking }),
    onSettled: () => refreshFreeSlots(queryClient),
  });
}
