import { parseAntihistamines } from '../../../shared/antihistamines';
import type { BookingFields } from '../../../shared/booking';
import { textTexts } from '../../../shared/texts';
import type { NewAppointment, NewPatient } from '../../db/schema';
import type { SlotKind } from '../slots/slot-repository';
import { textablePhone } from '../texts/text-phone';

/** The patient's columns a booking form sets (the visitor's or the staff's), for a slot of `kind`. */
export function patientColumnsOf(form: Omit<BookingFields, 'is_adult' | 'is_video_call'>, kind: SlotKind) {
  return {
    firstName: form.first_name ?? '',
    lastName: form.last_name ?? '',
    email: form.email ?? null,
    phone: form.phone ?? '',
    dob: form.dob ?? null,
    isAdult: kind.isAdult,
    guardianFirstName: form.guardian_first_name ?? null,
    guardianLastName: form.guardian_last_name ?? null,
    consultantName: form.consultant_name ?? null,
    consultantAddress: form.consultant_addres ?? null,
    consultantEmail: form.consultant_email ?? null,
    allergens: form.allergens ?? null,
  } satisfies Partial<NewPatient>;
}

export type PatientColumns = ReturnType<typeof patientColumnsOf>;

/** The API's names of the patient's columns, for the audit log (names, never values). */
export const patientFieldNames: Record<keyof PatientColumns, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  dob: 'dob',
  isAdult: 'is_adult',
  guardianFirstName: 'guardian_first_name',
  guardianLastName: 'guardian_last_name',
  consultantName: 'consultant_name',
  consultantAddress: 'consultant_addres',
  consultantEmail: 'consultant_email',
  allergens: 'allergens',
};

/** The test's ticks and antihistamines the appointment keeps of its form (none for a video consultation). */
export const testTicksOf = (
  form: Pick<BookingFields, 'antihistamine' | 'antihistamines' | 'agreement'>,
  kind: SlotKind,
) =>
  ({
    antihistamineConfirmed: kind.isVideoCall ? null : form.antihistamine,
    // Kept as it was when the form does not answer it (staff editing a booking made online).
    ...(form.antihistamines === undefined && !kind.isVideoCall
      ? {}
      : {
          antihistamines: kind.isVideoCall
            ? null
            : (parseAntihistamines(form.antihistamines)?.choices ?? null),
        }),
    agreementAccepted: kind.isVideoCall ? null : form.agreement,
  }) satisfies Partial<NewAppointment>;

/**
 * The consent to texts a booking form gave (issue 34): the E.164 number texts go to and when it was given, or
 * nothing when the box was left unticked. A ticked box with a number no text can reach (a landline, not a number)
 * is refused on `phone`; the typed number itself stays as written for staff.
 */
export function smsConsentOf(
  form: Pick<BookingFields, 'phone' | 'sms_consent'>,
  now = new Date(),
): { issue?: [field: string, message: string]; columns: Partial<NewPatient> } {
  if (!form.sms_consent || form.phone === undefined) return { columns: {} };
  const smsPhone = textablePhone(form.phone);
  if (!smsPhone) return { issue: ['phone', textTexts.notMobile], columns: {} };
  return { columns: { smsPhone, smsConsentAt: now, smsWithdrawnAt: null } };
}
