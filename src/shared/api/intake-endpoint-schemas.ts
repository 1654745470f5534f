import { intakeRequestSchema, intakeResponseSchema } from '../intake-schemas';
import { appointmentReferenceParams } from '../manage-booking';
import { withSchemas } from './endpoint-schemas';
import * as api from './intake-endpoints';

export const getIntake = withSchemas(api.getIntake, {
  summary:
    "The booking's intake and consent form (X-Manage-Token, or X-Booking-Token just after paying; X-Date-Of-Birth YYYY-MM-DD): the adult's or the child's form, its version, status (not_started, draft, signed), questions, answers and signed_at. 404 for a wrong token or reference; 409 intake_closed for a cancelled, refunded, started or past appointment (said before the date of birth is checked); 422 intake_date_of_birth_invalid for a date no calendar has (2015-02-31; costs no try); 403 intake_identity_wrong for another or no date of birth (none sent costs no try), and 429 intake_identity_throttled with Retry-After after five wrong ones in 15 minutes per booking and address (limited like sign-in, counted apart from staff sign-ins)",
  params: appointmentReferenceParams,
  response: intakeResponseSchema,
});

export const saveIntake = withSchemas(api.saveIntake, {
  summary:
    "Saves the form (same headers as GET): `sign: false` keeps a draft (answers checked for length only); `sign: true` needs every required answer, `consent: true` and a `signature` equal to the signer's full name (the patient, or for a patient under 16 the parent or guardian booked with them), and records it with the time, the address it came from and the version. A signed form is locked: a change after signing makes a new version and keeps the old one; signing a signed version again, or an unchanged copy of it, is 409 intake_already_signed (the copy is dropped, no second identical version is made). A date answer after today (clinic time) is refused beside its question. 409 intake_closed for a cancelled, refunded, started or past appointment",
  params: appointmentReferenceParams,
  body: intakeRequestSchema,
  // Thirty answers of INTAKE_ANSWER_MAX characters, of up to four bytes each in UTF-8.
  bodyLimit: 256 * 1024,
  response: intakeResponseSchema,
});
