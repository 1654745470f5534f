import { clinic, formatAddress } from '../../../shared/clinic';
import type { Transaction as TransactionAnswer } from '../../../shared/payments';
import type { Patient } from '../../db/schema';
import { clinicWallClock } from '../slots/clinic-time';
import type { TransactionListRow } from './payment-repository';

/** 'Paid' for succeeded, 'Booked by admin' without an amount, else the capitalised status (spec 2.6). */
export function statusLabel(status: string, amountCents: number | null): string {
  if (amountCents === null) return 'Booked by admin';
  if (status === 'succeeded') return 'Paid';
  const text = status.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function toTransaction({ transaction, patient, session }: TransactionListRow): TransactionAnswer {
  const paid = transaction.paidAt ? clinicWallClock(transaction.paidAt) : undefined;
  const location =
    session && !session.isVideoCall && session.location ? clinic.locations[session.location] : undefined;
  return {
    id: transaction.id,
    transaction_id: transaction.transactionId,
    amount: transaction.amountCents === null ? null : transaction.amountCents / 100,
    status: transaction.status,
    status_label: statusLabel(transaction.status, transaction.amountCents),
    provider: transaction.provider,
    data_payment: paid?.data ?? null,
    time_payment: paid?.time ?? null,
    paid_at: transaction.paidAt?.toISOString() ?? null,
    refunded_at: transaction.refundedAt?.toISOString() ?? null,
    created_at: transaction.createdAt.toISOString(),
    full_name: patient ? `${patient.firstName} ${patient.lastName}` : '',
    appointment_type: (patient?.isAdult ?? session?.isAdult ?? true) ? 'Adult' : 'Child',
    is_video_call: session?.isVideoCall ?? null,
    patient_id: transaction.patientId,
    session: session
      ? {
          id: session.id,
          data: clinicWallClock(session.startsAt).data,
          start_time: clinicWallClock(session.startsAt).time,
          end_time: clinicWallClock(session.endsAt).time,
          status: session.status,
          is_video_call: session.isVideoCall,
          is_adult: session.isAdult,
          address: location ? formatAddress(location) : null,
        }
      : null,
  };
}

/** The patient as staff read them; `fileNames` are the stored files' original names, by id. */
export function toAdminPatient(patient: Patient, fileNames: ReadonlyMap<string, string> = new Map()) {
  const file = (id: string | null) => (id ? { id, name: fileNames.get(id) ?? 'file' } : null);
  return {
    id: patient.id,
    full_name: `${patient.firstName} ${patient.lastName}`,
    first_name: patient.firstName,
    last_name: patient.lastName,
    email: patient.email,
    phone: patient.phone,
    dob: patient.dob,
    is_adult: patient.isAdult,
    guardian_first_name: patient.guardianFirstName,
    guardian_last_name: patient.guardianLastName,
    consultant_name: patient.consultantName,
    consultant_addres: patient.consultantAddress,
    consultant_email: patient.consultantEmail,
    allergens: patient.allergens,
    result: file(patient.resultFileId),
    referral_letter: file(patient.referralLetterFileId),
  };
}
