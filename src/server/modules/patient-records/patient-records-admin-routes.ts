import type { FastifyInstance } from 'fastify';
import {
  downloadPatientFile,
  downloadStatement,
  erasePatient,
  exportPatientData,
  exportPatients,
  getAdminPatient,
  listAdminPatients,
} from '../../../shared/api/patient-endpoint-schemas';
import { patientCsvColumns } from '../../../shared/patients';
import { sendCsv } from '../../http/csv-export';
import { route } from '../../http/endpoint-route';
import { sendPdf } from '../../http/pdf-download';
import { statementForStaff } from '../appointments/receipt-service';
import { adminActorOf } from '../auth/admin-guard';
import { patientForRole } from '../auth/health-details';
import { attachmentDisposition } from '../uploads/file-names';
import {
  erasePatientRecords,
  exportPatientsForStaff,
  listPatientsForStaff,
  patientDetailForStaff,
  patientFileForStaff,
  patientZipForStaff,
} from './patient-records-service';

/** A downloaded private file runs nothing, is shown in no frame and is kept by no cache. */
const DOWNLOAD_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** Patients, their files and their GDPR requests in the back office, under the guarded /api/admin scope. */
export async function patientRecordsAdminRoutes(admin: FastifyInstance): Promise<void> {
  const { db } = admin;

  route(admin, listAdminPatients, async (request) =>
    listPatientsForStaff(db, adminActorOf(request), request.query),
  );

  route(admin, exportPatients, async (request, reply) => {
    const rows = await exportPatientsForStaff(db, adminActorOf(request), request.query.search_transaction);
    return sendCsv(reply, 'Patients.csv', patientCsvColumns, rows);
  });

  route(admin, getAdminPatient, async (request) => ({
    patient: patientForRole(
      request,
      await patientDetailForStaff(db, adminActorOf(request), request.params.id),
    ),
  }));

  route(admin, exportPatientData, async (request, reply) => {
    const { id } = request.params;
    const zip = await patientZipForStaff(db, adminActorOf(request), id);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="patient-${id}.zip"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', DOWNLOAD_CSP)
      .header('cache-control', 'no-store')
      .send(zip);
  });

  route(admin, downloadStatement, async (request, reply) =>
    sendPdf(reply, await statementForStaff(db, adminActorOf(request), request.params.id, request.query.year)),
  );

  route(admin, erasePatient, async (request) => {
    await erasePatientRecords(db, adminActorOf(request), request.params.id);
    return undefined;
  });

  route(admin, downloadPatientFile, async (request, reply) => {
    const file = await patientFileForStaff(db, adminActorOf(request), request.params.id);
    return reply
      .type(file.mimeType)
      .header('content-disposition', attachmentDisposition(file.originalName))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', DOWNLOAD_CSP)
      .header('cache-control', 'no-store')
      .send(file.bytes);
  });
}
