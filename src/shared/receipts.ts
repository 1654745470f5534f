import { z } from 'zod';

/**
 * Receipts insurers accept (issue 32): a paid appointment's receipt, numbered `YYYY-NNNNNN` per year, and a yearly
 * statement of one patient's paid visits. Irish health insurers (Laya, VHI, Irish Life Health) pay outpatient claims
 * on an original receipt naming the patient, the date of the visit and its cost; the receipt also names the
 * consultant with their Irish Medical Council registration number.
 */

export const receiptTexts = {
  /** 409 `receipt_not_paid`: a booking staff made (paid at the clinic), one still held, or a failed payment. */
  notPaid:
    'Nothing was paid for this appointment yet, so there is no receipt for it. If it was paid at the clinic, record that payment first.',
  /** The same, as the patient reads it on their booking page. */
  notPaidPatient:
    'Nothing has been paid for this booking yet, so there is no receipt for it. If you paid at the clinic, the clinic can give you one.',
  statementYearInvalid: 'Choose a year from 2000 to 2100.',
  statementNone: 'No paid visits that year.',
  /** 404: an unknown record, or a person who never paid for a visit (so a statement names nobody it should not). */
  statementNobody: 'There is no statement for this person: none of their visits was ever paid.',
} as const;

/** The first and last years a statement may be asked for. */
const STATEMENT_YEARS = { first: 2000, last: 2100 } as const;

/** `2026-000123`: the year and the number in it, six digits. */
export function receiptNumberText(year: number, number: number): string {
  return `${year}-${String(number).padStart(6, '0')}`;
}

/** `GET /api/admin/patients/:id/statement?year=2026` */
export const statementQuerySchema = z
  .object({
    year: z
      .string({ error: receiptTexts.statementYearInvalid })
      .regex(/^\d{4}$/, receiptTexts.statementYearInvalid)
      .transform(Number)
      .pipe(
        z
          .number()
          .min(STATEMENT_YEARS.first, receiptTexts.statementYearInvalid)
          .max(STATEMENT_YEARS.last, receiptTexts.statementYearInvalid),
      ),
  })
  .strict();

/**
 * The Irish Medical Council's register number: digits only, at most six (the register lists numbers such as 12345
 * and 412345; older ones are shorter). Kept as text, so a leading zero a consultant writes is kept.
 */
export const MEDICAL_COUNCIL_NUMBER_PATTERN = /^[0-9]{1,6}$/;
export const medicalCouncilNumberText = 'Medical Council number must be 1 to 6 digits.';
