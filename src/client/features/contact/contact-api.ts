import { useMutation } from '@tanstack/react-query';
import { sendContactMessage } from '../../../shared/api/contact-endpoints';
import type { BodyInput } from '../../../shared/api/endpoint';
import { callEndpoint } from '../../lib/api-client';

/** Sends the contact form; the answer carries the success text to show. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: BodyInput<typeof sendContactMessage>) =>
      callEndpoint(sendContactMessage, { json: message }),
  });
}
