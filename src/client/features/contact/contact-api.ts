import { useMutation } from '@tanstack/react-query';
import type { ContactRequest, ContactResponse } from '../../../shared/contact';
import { apiRequest } from '../../lib/api-client';

export const CONTACT_PATH = '/api/contact_us';

/** Sends the contact form; the answer carries the success text to show. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactRequest) =>
      apiRequest<ContactResponse>(CONTACT_PATH, { method: 'POST', json: message }),
  });
}
