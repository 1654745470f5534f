import type { FastifyRequest } from 'fastify';
import { patientContactFields, patientHealthFields } from '../../../shared/patients';
import { roleCan } from '../../../shared/staff-roles';
import type { Patient } from '../../db/schema';
import { roleForbidden } from '../../http/http-errors';
import { currentAdmin } from './admin-guard';
import { leaveOut, seesContactDetails } from './contact-details';

/** Whether the signed-in staff member's role may see patients' health details. */
export const seesHealthDetails = (request: FastifyRequest) => roleCan(currentAdmin(request).role, 'health');

/**
 * A patient's answer for the request's role: as is, or without its health details (GP, test reason, files, a
 * self-referral's answers) and without its contact details (e-mail, phone) for a role that may not see them. The
 * fields are left out, never nulled, so "none given" and "not yours to see" differ.
 */
export function patientForRole<P extends object>(request: FastifyRequest, patient: P): P {
  const shown = seesHealthDetails(request) ? patient : leaveOut(patient, patientHealthFields);
  return seesContactDetails(request) ? shown : leaveOut(shown, patientContactFields);
}

/** The admin patient form's fields that carry health details (the medicines taken among them), and its files' removal ticks. */
const healthFormFields = [
  'consultant_name',
  'consultant_addres',
  'consultant_email',
  'allergens',
  'antihistamines',
  'result',
  'referral_letter',
  'attachment',
  'remove_result',
  'remove_referral_letter',
  'remove_attachment',
] as const;

/**
 * An edit by a role that may not see health details: such a role was never shown them, so it may not send them
 * (403), and the stored ones are put in its form before the form's rules are checked, so the edit keeps them.
 */
export function keepStoredHealthDetails(body: Record<string, unknown>, stored: Patient): void {
  if (healthFormFields.some((field) => body[field] !== undefined)) throw roleForbidden();
  const storedText = {
    consultant_name: stored.consultantName,
    consultant_addres: stored.consultantAddress,
    consultant_email: stored.consultantEmail,
    allergens: stored.allergens,
  };
  for (const [field, value] of Object.entries(storedText)) if (value !== null) body[field] = value;
}
