import { staffAmountSchema } from '../../../shared/appointments';
import { paymentTexts } from '../../../shared/payments';
import { texts } from '../../../shared/validation-texts';

/** An amount staff typed: its cents, or why it cannot be taken. */
export type MoneyAmount = { cents: number } | { error: string };

/** The most an amount may be here (what is left to give back, or to pay), and how a larger one is refused. */
export interface MoneyLimit {
  cents: number;
  text: (cents: number) => string;
}

/**
 * Euro typed in a money field ('180', '85.5', '85,50'), read by the server's own rule for an amount staff enter
 * (`staffAmountSchema`: more than 0, at most two decimals, at most €100,000) with its words, and at most `limit` when
 * given: the refund's and the desk payment's checks before they are sent, which the server makes again.
 */
export function parseMoneyAmount(text: string, limit?: MoneyLimit): MoneyAmount {
  const typed = text.trim();
  if (typed === '') return { error: texts.required };
  const parsed = staffAmountSchema.safeParse(typed);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? paymentTexts.amountInvalid };
  if (limit && parsed.data > limit.cents) return { error: limit.text(limit.cents) };
  return { cents: parsed.data };
}

/** Cents as a money field shows them: '180' or '85.50'. */
export const euroInput = (amountCents: number) =>
  amountCents % 100 === 0 ? String(amountCents / 100) : (amountCents / 100).toFixed(2);

/** Euro as the API answers them (a JSON number) in whole cents. */
export const euroToCents = (euro: number) => Math.round(euro * 100);
