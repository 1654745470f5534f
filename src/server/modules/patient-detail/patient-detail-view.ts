import type { PatientDetail } from '../../../shared/patients';
import type { Patient } from '../../db/schema';
import type { AppointmentRecord } from '../appointments/appointment-repository';
import { adminPatientAnswer, paymentInformationLabel } from '../appointments/appointment-view';
import { slotTimes } from '../slots/slot-view';

/** A self-referral's answers (spec 2.6), with whether the patient referred themselves. */
export function referralAnswers(patient: Patient) {
  return {
    is_referral: patient.isReferral,
    address: patient.address,
    gp_details: patient.gpDetails,
    is_hayfever: patient.isHayfever,
    is_asthma: patient.isAsthma,
    is_eczema: patient.isEczema,
    concerns: patient.concerns,
    suspected_allergy: patient.suspectedAllergy,
    consultation_hopes: patient.consultationGoals,
    do_you_have_any_known_allergies: patient.doYouHaveAnyKnownAllergies,
    known_allergies_description: patient.knownAllergiesDescription,
  };
}

/** The read-only patient detail (spec 2.6), with their appointments as `records` has them (newest first). */
export function patientDetail(
  patient: Patient,
  fileNames: ReadonlyMap<string, string>,
  records: readonly AppointmentRecord[],
): PatientDetail {
  return {
    ...adminPatientAnswer(patient, fileNames),
    ...referralAnswers(patient),
    created_at: patient.createdAt.toISOString(),
    appointments: records.map((record) => {
      const times = record.slot ? slotTimes(record.slot) : undefined;
      return {
        id: record.appointment.id,
        data: times?.data ?? null,
        start_time: times?.start_time ?? null,
        is_video_call: record.slot?.isVideoCall ?? null,
        status_label: paymentInformationLabel(record),
        appointment_status: record.appointment.status,
      };
    }),
  };
}
