import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyInput, endpointUrl, type ResponseOf } from '../../../shared/api/endpoint';
import type {
  cancelManagedBooking,
  getManagedBooking,
  moveManagedBooking,
} from '../../../shared/api/manage-booking-endpoints';
import { apiRequest } from '../../lib/api-client';
import { holdHeaders } from '../../lib/booking-hold';
import { refreshFreeSlots } from '../../lib/free-slots-api';
import { MANAGE_HEADER } from './manage-booking-texts';

/** A patient's own booking (issue 20): the link's token goes in a header, never in a URL or a cache key. */
const BOOKING_PATH: (typeof getManagedBooking)['path'] = '/api/bookings/:reference';
const CANCEL_PATH: (typeof cancelManagedBooking)['path'] = '/api/bookings/:reference/cancel';
const MOVE_PATH: (typeof moveManagedBooking)['path'] = '/api/bookings/:reference/move';

export type ManagedBookingAnswer = ResponseOf<typeof getManagedBooking>;
export type ManageActionAnswer = ResponseOf<typeof cancelManagedBooking>;

const manageHeaders = (token: string) => ({ [MANAGE_HEADER]: token });
const bookingKey = (reference: string) => [endpointUrl(BOOKING_PATH, { reference })] as const;

/**
 * The booking as the server has it now. A refund under way (a card provider's refund takes a moment) is
 * read again every few seconds until it is done.
 */
export function useManagedBooking(reference: string, token: string) {
  const [url] = bookingKey(reference);
  return useQuery<ManagedBookingAnswer, Error, ManagedBookingAnswer, readonly [string]>({
    queryKey: bookingKey(reference),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data?.booking.payment_status === 'refunding' ? 5_000 : false),
    queryFn: ({ signal }) => apiRequest<ManagedBookingAnswer>(url, { signal, headers: manageHeaders(token) }),
  });
}

/** Cancels the booking (refunded in full when it was paid); the answer's booking replaces the one on screen. */
export function useCancelManagedBooking(reference: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<ManageActionAnswer>(endpointUrl(CANCEL_PATH, { reference }), {
        method: 'POST',
        headers: manageHeaders(token),
      }),
    onSuccess: ({ booking }) => queryClient.setQueryData(bookingKey(reference), { booking }),
    onSettled: () => refreshFreeSlots(queryClient),
  });
}

/** Moves the booking to a time the patient holds (`holdToken`); the answer's booking replaces the one on screen. */
export function useMoveManagedBooking(reference: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, holdToken }: { sessionId: number; holdToken: string }) =>
      apiRequest<ManageActionAnswer>(endpointUrl(MOVE_PATH, { reference }), {
        method: 'POST',
        json: { session_id: sessionId } satisfies BodyInput<typeof moveManagedBooking>,
        headers: { ...manageHeaders(token), ...holdHeaders(holdToken) },
      }),
    onSuccess: ({ booking }) => queryClient.setQueryData(bookingKey(reference), { booking }),
    onSettled: () => refreshFreeSlots(queryClient),
  });
}
