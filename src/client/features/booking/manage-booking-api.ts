import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../shared/api/endpoint';
import {
  cancelManagedBooking,
  downloadOwnInvite,
  downloadOwnReceipt,
  flagManagedBooking,
  getManagedBooking,
  holdTimeForMove,
  moveManagedBooking,
  stopManagedTexts,
} from '../../../shared/api/manage-booking-endpoints';
import type { FlagReason } from '../../../shared/way-out';
import { callEndpoint, endpointAddress } from '../../lib/api-client';
import { apiDownload } from '../../lib/api-download';
import { onLocalClock } from '../../lib/booking-hold';
import { saveBlob } from '../../lib/download-file';
import { refreshFreeSlots } from '../../lib/free-slots-api';
import { type ApiQueryKey, endpointQueryKey } from '../../lib/query-client';

// A patient's own appointment (issue 20): the link's token goes in a header, never in a URL or a cache key.

export type ManagedAppointmentAnswer = ResponseOf<typeof getManagedBooking>;

const appointmentKey = (reference: string) => endpointQueryKey(getManagedBooking, { params: { reference } });

/**
 * The appointment as the server has it now. A refund under way (a card provider's refund takes a moment) is
 * read again every few seconds until it is done.
 */
export function useManagedAppointment(reference: string, token: string) {
  return useQuery<ManagedAppointmentAnswer, Error, ManagedAppointmentAnswer, ApiQueryKey>({
    queryKey: appointmentKey(reference),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data?.booking.payment_status === 'refunding' ? 5_000 : false),
    queryFn: ({ signal }) =>
      callEndpoint(getManagedBooking, { params: { reference }, signal, headers: { manageToken: token } }),
  });
}

/** Cancels the appointment (refunded in full when it was paid); the one answered replaces the one on screen. */
export function useCancelManagedAppointment(reference: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callEndpoint(cancelManagedBooking, { params: { reference }, headers: { manageToken: token } }),
    onSuccess: ({ booking: appointment }) =>
      queryClient.setQueryData(appointmentKey(reference), { booking: appointment }),
    onSettled: () => refreshFreeSlots(queryClient),
  });
}

/**
 * Holds a time to move the appointment to, with the link's token: the booking's own hold, which the address's
 * other holds never crowd out; `previousToken` lets the earlier one go in the same step. The answer's
 * `hold_expires_at` is put on this browser's clock.
 */
export function useHoldTimeForMove(reference: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, previousToken }: { id: number; previousToken?: string }) => {
      let date: string | null = null;
      const answer = await callEndpoint(holdTimeForMove, {
        params: { reference, id },
        headers: { manageToken: token, holdToken: previousToken },
        onResponse: (response) => {
          date = response.headers.get('date');
        },
      });
      return { ...answer, hold_expires_at: onLocalClock(answer.hold_expires_at, date) };
    },
    onSettled: () => refreshFreeSlots(queryClient),
  });
}

/** Moves the appointment to a time the patient holds (`holdToken`); the one answered replaces the one on screen. */
export function useMoveManagedAppointment(reference: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slotId, holdToken }: { slotId: number; holdToken: string }) =>
      callEndpoint(moveManagedBooking, {
        params: { reference },
        json: { session_id: slotId },
        headers: { manageToken: token, holdToken },
      }),
    onSuccess: ({ booking: appointment }) =>
      queryClient.setQueryData(appointmentKey(reference), { booking: appointment }),
    onSettled: () => refreshFreeSlots(queryClient),
  });
}

/** Saves the booking's current calendar invite (the server's: same UID, latest SEQUENCE, the stop-day event). */
export async function saveOwnInvite(reference: string, token: string): Promise<void> {
  const file = await apiDownload(endpointAddress(downloadOwnInvite, { params: { reference } }), {
    headers: { [downloadOwnInvite.headers.manageToken]: token },
  });
  saveBlob(file.blob, file.fileName ?? 'appointment.ics');
}

/** Tells the clinic the patient could not stop their antihistamines, or is unwell; the answer replaces the one shown. */
export function useFlagManagedAppointment(reference: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: FlagReason; message?: string }) =>
      callEndpoint(flagManagedBooking, {
        params: { reference },
        json: body,
        headers: { manageToken: token },
      }),
    onSuccess: ({ booking: appointment }) =>
      queryClient.setQueryData(appointmentKey(reference), { booking: appointment }),
  });
}

/** Stops texts about the booking (issue 34); the answer replaces the booking shown. */
export function useStopManagedTexts(reference: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callEndpoint(stopManagedTexts, { params: { reference }, headers: { manageToken: token } }),
    onSuccess: ({ booking: appointment }) =>
      queryClient.setQueryData(appointmentKey(reference), { booking: appointment }),
  });
}

/**
 * Saves the booking's receipt (a PDF) with the booking link's token, under the name the server gives it. The token
 * goes in its header, as for every call of the booking link: a plain link could not carry it.
 */
export async function saveOwnReceipt(reference: string, token: string): Promise<void> {
  const file = await apiDownload(endpointAddress(downloadOwnReceipt, { params: { reference } }), {
    headers: { [downloadOwnReceipt.headers.manageToken]: token },
  });
  saveBlob(file.blob, file.fileName ?? 'receipt.pdf');
}
