import { getIntake, saveIntake } from '../../../shared/api/intake-endpoints';
import type { IntakeAnswer } from '../../../shared/intake-schemas';
import { callEndpoint } from '../../lib/api-client';

/** How the page proves the booking is the patient's: a link's token or the booking's own, and the date of birth. */
export interface IntakeProof {
  manageToken?: string;
  bookingToken?: string;
  dateOfBirth: string;
}

const headersOf = (proof: IntakeProof) => ({
  manageToken: proof.manageToken,
  bookingToken: proof.bookingToken,
  dateOfBirth: proof.dateOfBirth,
});

export async function readIntakeForm(reference: string, proof: IntakeProof): Promise<IntakeAnswer> {
  const { intake } = await callEndpoint(getIntake, { params: { reference }, headers: headersOf(proof) });
  return intake;
}

export interface IntakeSave {
  answers: Record<string, string>;
  sign: boolean;
  signature?: string;
  consent?: boolean;
}

export async function saveIntakeForm(
  reference: string,
  proof: IntakeProof,
  body: IntakeSave,
): Promise<IntakeAnswer> {
  const { intake } = await callEndpoint(saveIntake, {
    params: { reference },
    headers: headersOf(proof),
    json: body,
  });
  return intake;
}
