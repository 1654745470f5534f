import type {
  fileIdParams,
  patientFilterSchema,
  patientIdParams,
  patientResponseSchema,
  patientsQuerySchema,
  patientsResponseSchema,
} from '../patients';
import type { statementQuerySchema } from '../receipts';
import { defineEndpoint } from './endpoint';

// Back office: patients and their private files (spec sections 2.6 and 7, DESIGN.md section 4). Every read of a
// patient's data, every export and every change is audited.

export const listAdminPatients = defineEndpoint<{
  query: typeof patientsQuerySchema;
  response: typeof patientsResponseSchema;
}>()({ method: 'GET', path: '/api/admin/patients', access: 'admin', permission: 'patients' });

/** Patients.csv, streamed. */
export const exportPatients = defineEndpoint<{ query: typeof patientFilterSchema }>()({
  method: 'GET',
  path: '/api/admin/export_patients',
  access: 'admin',
  permission: 'patients_export',
});

export const getAdminPatient = defineEndpoint<{
  params: typeof patientIdParams;
  response: typeof patientResponseSchema;
}>()({ method: 'GET', path: '/api/admin/patients/:id', access: 'admin', permission: 'patients' });

/** The GDPR zip. */
export const exportPatientData = defineEndpoint<{ params: typeof patientIdParams }>()({
  method: 'GET',
  path: '/api/admin/patients/:id/export',
  access: 'admin',
  permission: 'patients_export',
});

export const erasePatient = defineEndpoint<{ params: typeof patientIdParams }>()({
  method: 'DELETE',
  path: '/api/admin/patients/:id',
  access: 'admin',
  permission: 'patients_export',
  status: 204,
});

/** A patient's file, as its stored file's url names it. */
export const downloadPatientFile = defineEndpoint<{ params: typeof fileIdParams }>()({
  method: 'GET',
  path: '/api/admin/upload_results/:id',
  access: 'admin',
  permission: 'health',
});

/**
 * A patient's yearly statement of paid visits (a PDF), for their insurer: receipts carry no health details, so every
 * role that reads appointments may, as for one receipt.
 */
export const downloadStatement = defineEndpoint<{
  params: typeof patientIdParams;
  query: typeof statementQuerySchema;
}>()({
  method: 'GET',
  path: '/api/admin/patients/:id/statement',
  access: 'admin',
  permission: 'appointments_read',
});
