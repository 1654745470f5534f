import type { Patient } from '../../db/schema';

/** A patient's name as staff and the clinic's e-mails write it: first and last, or the first alone. */
export const fullName = (patient: Pick<Patient, 'firstName' | 'lastName'>) =>
  patient.lastName ? `${patient.firstName} ${patient.lastName}` : patient.firstName;
