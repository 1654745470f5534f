import {
  fileIdParams,
  patientFilterSchema,
  patientIdParams,
  patientResponseSchema,
  patientsQuerySchema,
  patientsResponseSchema,
} from '../patients';
import { defineEndpoint } from './endpoint';

// Back office: patients and their private files (spec sections 2.6 and 7, DESIGN.md section 4). Every read of a
// patient's data, every export and every change is audited.

export const listAdminPatients = defineEndpoint({
  method: 'GET',
  path: '/api/admin/patients',
  summary:
    'Patients, newest first, 50 a page by default; search_transaction searches the name, e-mail and phone (the read is audited)',
  access: 'admin',
  query: patientsQuerySchema,
  response: patientsResponseSchema,
});

export const exportPatients = defineEndpoint({
  method: 'GET',
  path: '/api/admin/export_patients',
  summary:
    "Patients.csv (UTF-8 with a BOM) of the list's search, streamed; formula-like cells made inert (the export is audited)",
  access: 'admin',
  query: patientFilterSchema,
});

export const getAdminPatient = defineEndpoint({
  method: 'GET',
  path: '/api/admin/patients/:id',
  summary: "A patient's detail with their files and appointments (the read is audited)",
  access: 'admin',
  params: patientIdParams,
  response: patientResponseSchema,
});

export const exportPatientData = defineEndpoint({
  method: 'GET',
  path: '/api/admin/patients/:id/export',
  summary:
    'GDPR access request: a zip of patient.json (the patient, their appointments and payments) and their files (the export is audited)',
  access: 'admin',
  params: patientIdParams,
});

export const erasePatient = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/patients/:id',
  summary:
    "GDPR erasure: the patient's personal data, files and e-mails are deleted; their appointments and payments stay with amounts and dates, without the person (audited); 409 while they have an upcoming appointment",
  access: 'admin',
  params: patientIdParams,
  status: 204,
});

export const downloadPatientFile = defineEndpoint({
  method: 'GET',
  path: '/api/admin/upload_results/:id',
  summary:
    "Downloads a patient's file (result, referral letter or attachment) by its id, as the file objects' url names it (the read is audited)",
  access: 'admin',
  params: fileIdParams,
});
