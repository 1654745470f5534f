import { clinic } from '../../../shared/clinic';

/** When a form was signed, in the clinic's time, as the patient reads it: '1 December 2026 at 14:05'. */
export function signedOnText(instant: string): string {
  return new Date(instant).toLocaleString('en-IE', {
    timeZone: clinic.timeZone,
    dateStyle: 'long',
    timeStyle: 'short',
  });
}
