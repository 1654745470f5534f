import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { endpointUrl } from '../../../shared/api/endpoint';
import type {
  erasePatient,
  exportPatientData,
  exportPatients,
  getAdminPatient,
  listAdminPatients,
} from '../../../shared/api/patient-admin-endpoints';
import { type AdminListParams, adminListQuery, useAdminList, useAdminRecord } from '../../lib/admin-resource';
import { apiRequest, buildUrl } from '../../lib/api-client';
import { invalidateApiPaths } from '../../lib/invalidate-api-paths';

/**
 * The back office's patient calls (spec section 7 `/admin/patients`, DESIGN.md section 3): the list and its
 * CSV, one patient's detail, their GDPR zip and their erasure. Every read is audited by the server.
 */

const LIST_PATH: (typeof listAdminPatients)['path'] = '/api/admin/patients';
const CSV_PATH: (typeof exportPatients)['path'] = '/api/admin/export_patients';
const RECORD_PATH: (typeof getAdminPatient)['path'] = '/api/admin/patients/:id';
const ZIP_PATH: (typeof exportPatientData)['path'] = '/api/admin/patients/:id/export';
const ERASE_PATH: (typeof erasePatient)['path'] = '/api/admin/patients/:id';

/** What an erasure changes: the patients, and the appointments that lose their name. */
const ERASE_REFRESH_PATHS = ['/api/admin/patients', '/api/admin/transactions'];

/** A page of patients, newest first; read again each time it is shown (others book all day). */
export const usePatients = (params: AdminListParams) =>
  useAdminList<typeof listAdminPatients>(LIST_PATH, adminListQuery(params, 'search_transaction'), {
    staleTime: 0,
  });

/** The address of Patients.csv for the list's search (every page); without a search, every patient. */
export const patientsCsvUrl = (search: string) =>
  buildUrl(CSV_PATH, { search_transaction: search || undefined });

/** One patient's detail with their files and appointments; nothing is asked without an id. */
export const usePatient = (id: number | undefined) => useAdminRecord<typeof getAdminPatient>(RECORD_PATH, id);

/** The address of a patient's GDPR zip (patient.json and their files). */
export const patientZipUrl = (id: number) => endpointUrl(ZIP_PATH, { id });

/** The name the GDPR zip is saved under, as the server names it. */
export const patientZipName = (id: number) => `patient-${id}.zip`;

/**
 * Erases a patient (GDPR). `erase(id)` resolves once the server has erased them and rejects with the
 * ApiError when refused (409 while an appointment is still to come or a payment is in progress), so the
 * screen says why in its own place. `forget(id)` then drops the patient from the cache and reads again every
 * list that showed them: call it once the screen has left the patient, so their screen never reads them again.
 */
export function useErasePatient() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (id: number) => apiRequest<void>(endpointUrl(ERASE_PATH, { id }), { method: 'DELETE' }),
  });
  const forget = useCallback(
    (id: number) => {
      queryClient.removeQueries({ queryKey: [endpointUrl(RECORD_PATH, { id })] });
      return invalidateApiPaths(queryClient, ERASE_REFRESH_PATHS);
    },
    [queryClient],
  );
  return { erase: mutation.mutateAsync, forget };
}
