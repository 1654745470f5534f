import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { listAppointments } from '../../../shared/api/appointment-admin-endpoints';
import {
  downloadStatement,
  erasePatient,
  exportPatientData,
  exportPatients,
  getAdminPatient,
  listAdminPatients,
} from '../../../shared/api/patient-admin-endpoints';
import { type AdminListParams, adminListQuery, useAdminList, useAdminRecord } from '../../lib/admin-resource';
import { callEndpoint, endpointAddress } from '../../lib/api-client';
import { invalidateEndpoints } from '../../lib/invalidate-endpoints';
import { endpointQueryKey } from '../../lib/query-client';

/**
 * The back office's patient calls (spec section 7 `/admin/patients`, DESIGN.md section 3): the list and its
 * CSV, one patient's detail, their GDPR zip and their erasure. Every read is audited by the server.
 */

/** What an erasure changes: the patients, and the appointments that lose their name. */
const ERASE_REFRESH = [listAdminPatients, listAppointments];

/** A page of patients, newest first; read again each time it is shown (others book all day). */
export const usePatients = (params: AdminListParams) =>
  useAdminList(listAdminPatients, adminListQuery(params, 'search_transaction'), { staleTime: 0 });

/** The address of Patients.csv for the list's search (every page); without a search, every patient. */
export const patientsCsvUrl = (search: string) =>
  endpointAddress(exportPatients, { query: { search_transaction: search || undefined } });

/** One patient's detail with their files and appointments; nothing is asked without an id. */
export const usePatient = (id: number | undefined) => useAdminRecord(getAdminPatient, id);

/** The address of a patient's GDPR zip (patient.json and their files). */
export const patientZipUrl = (id: number) => endpointAddress(exportPatientData, { params: { id } });

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
    mutationFn: (id: number) => callEndpoint(erasePatient, { params: { id } }),
  });
  const forget = useCallback(
    (id: number) => {
      queryClient.removeQueries({ queryKey: endpointQueryKey(getAdminPatient, { params: { id } }) });
      return invalidateEndpoints(queryClient, ERASE_REFRESH);
    },
    [queryClient],
  );
  return { erase: mutation.mutateAsync, forget };
}

/** The address of a patient's statement of one year's paid visits (a PDF). */
export const statementUrl = (id: number, year: number) =>
  endpointAddress(downloadStatement, { params: { id }, query: { year: String(year) } });
