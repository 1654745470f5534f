import { useMutation } from '@tanstack/react-query';
import type { sendContactMessage } from '../../../shared/api/contact-endpoints';
import type { BodyInput, ResponseOf } from '../../../shared/api/endpoint';
import { apiRequest } from '../../lib/api-client';

type SendContactMessage = typeof sendContactMessage;

export const CONTACT_PATH: SendContactMessage['path'] = '/api/contact_us';

/** Sends the contact form; the answer carries the success text to show. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: BodyInput<SendContactMessage>) =>
      apiRequest<ResponseOf<SendContactMessage>>(CONTACT_PATH, { method: 'POST', json: message }),
  });
}
