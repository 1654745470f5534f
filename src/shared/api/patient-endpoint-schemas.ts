import {
  fileIdParams,
  patientFilterSchema,
  patientIdParams,
  patientResponseSchema,
  patientsQuerySchema,
  patientsResponseSchema,
} from '../patients';
import { statementQuerySchema } from '../receipts';
import { withSchemas } from './endpoint-schemas';
import * as admin from './patient-admin-endpoints';

export const listAdminPatients = withSchemas(admin.listAdminPatients, {
  summary:
    'Patients, newest first, 50 a page by default; search_transaction searches the name, e-mail and phone (the read is audited)',
  query: patientsQuerySchema,
  response: patientsResponseSchema,
});

export const exportPatients = withSchemas(admin.exportPatients, {
  summary:
    "Patients.csv (UTF-8 with a BOM) of the list's search, streamed; formula-like cells made inert (the export is audited)",
  query: patientFilterSchema,
});

export const getAdminPatient = withSchemas(admin.getAdminPatient, {
  summary: "A patient's detail with their files and appointments (the read is audited)",
  params: patientIdParams,
  response: patientResponseSchema,
});

export const exportPatientData = withSchemas(admin.exportPatientData, {
  summary:
    'GDPR access request: a zip of patient.json (the patient, their appointments and payments) and their files (the export is audited)',
  params: patientIdParams,
});

export const erasePatient = withSchemas(admin.erasePatient, {
  summary:
    "GDPR erasure: the patient's personal data, files and e-mails are deleted; their appointments and payments stay with amounts and dates, without the person (audited); 409 while they have an upcoming appointment",
  params: patientIdParams,
});

export const downloadPatientFile = withSchemas(admin.downloadPatientFile, {
  summary:
    "Downloads a patient's file (result, referral letter or attachment) by its id, as the file objects' url names it (the read is audited)",
  params: fileIdParams,
});

export const downloadStatement = withSchemas(admin.downloadStatement, {
  summary:
    "A patient's statement of one year's paid visits as one PDF: each visit's receipt number, date, service, paid and refunded, with totals; a year without any says so",
  params: patientIdParams,
  query: statementQuerySchema,
});
