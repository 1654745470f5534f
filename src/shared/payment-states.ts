import { occupyingStatuses } from './appointment-states';

/**
 * A payment's life, written once beside the appointment's (`appointment-states.ts`): its states (the card
 * provider's, and ours around a refund), the moves between them and the groups of states rules read. The server
 * changes a payment's state only through the one guarded writer (`movePayment`), which refuses a move from a state
 * the table does not allow. No Zod here: public pages import it.
 *
 * - processing: recorded before the provider is asked, then while it has not settled;
 * - requires_action: the card wants 3-D Secure;
 * - succeeded, failed: as the provider settled it (a failed one may still succeed: the provider's word wins); a
 *   succeeded payment may have been refunded in part (its `refunded_cents`, less than its amount);
 * - refunding: a refund (of a part, or of all that is left) asked of the provider and not yet answered;
 * - refund_pending: taken after its appointment lost its time, owed back (refunded automatically);
 * - refunded: all of it given back, in one refund or several.
 *
 * Money taken at the desk (cash, the clinic's card terminal) is a payment too, recorded `succeeded` at once: no
 * provider is asked, and its refunds are handed back at the desk.
 */
export const paymentStatuses = [
  'processing',
  'requires_action',
  'succeeded',
  'failed',
  'refunding',
  'refund_pending',
  'refunded',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** A payment is recorded `processing`, before the provider is asked. */
export const paymentStart = 'processing' satisfies PaymentStatus;

/** Money taken at the desk is recorded once it is in hand: `succeeded`. */
export const deskPaymentStart = 'succeeded' satisfies PaymentStatus;

/**
 * What staff read, on every back-office screen, of a booking staff made without a payment: the spec's words (2.6:
 * the appointments list's Payment information, the appointment's header; 'No transaction amount means …').
 */
export const BOOKED_BY_STAFF_LABEL = 'Booked by admin';

/** How a payment was taken: online by card (through the provider), or at the desk in cash or on the card terminal. */
export const paymentMethods = ['card', 'cash', 'card_terminal'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** The methods staff record at the desk. */
export const deskPaymentMethods = ['cash', 'card_terminal'] as const satisfies readonly PaymentMethod[];
export type DeskPaymentMethod = (typeof deskPaymentMethods)[number];

/**
 * A refund's own state (a row of `refunds`; a payment has any number of them, up to its amount):
 *
 * - requested: asked of the provider, its answer not known yet (in flight while its payment is `refunding`; one
 *   whose call went unanswered stays so until it is asked again with the same key);
 * - pending: the provider took it and will pay it out (Stripe's `pending`); it counts as given back;
 * - succeeded: given back (a desk refund is, at once);
 * - failed: the provider refused it; nothing was given back.
 */
export const refundStatuses = ['requested', 'pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** Given back, or promised by the provider: what the takings count, and what a payment's refunded amount adds up. */
export const madeRefundStatuses = ['pending', 'succeeded'] as const satisfies readonly RefundStatus[];

/** Being taken: the provider has yet to say whether the card was charged. */
const inProgressPaymentStatuses = [
  'processing',
  'requires_action',
] as const satisfies readonly PaymentStatus[];

/** The provider's word can still settle it (a failed payment can still succeed). */
export const openPaymentStatuses = [
  'processing',
  'requires_action',
  'failed',
] as const satisfies readonly PaymentStatus[];

interface PaymentMove {
  from: readonly PaymentStatus[];
  /** The state after the move; none: the state stays (a note, a new turn with the settlement job). */
  to?: PaymentStatus;
}

export const paymentMoves = {
  /** The provider refused the call for good (a declined card, a method it cannot use): the patient tries anew. */
  decline: { from: ['processing'], to: 'failed' },
  /** A call to the provider went unanswered: it stays processing with the failure noted, for the next try or job. */
  interrupt: { from: ['processing'] },
  /** The patient's next try continues a payment whose last call went unanswered. */
  resume: { from: ['processing'] },
  /** The browser asked after a payment in progress, and the provider had nothing new: asked again later. */
  recheck: { from: inProgressPaymentStatuses },
  /** The provider says it is still processing, */
  pend: { from: openPaymentStatuses, to: 'processing' },
  /** or waits for 3-D Secure, */
  requireAction: { from: openPaymentStatuses, to: 'requires_action' },
  /** or failed (or it answered for another amount or currency than asked: never booked), */
  fail: { from: openPaymentStatuses, to: 'failed' },
  /** or succeeded, and the appointment is paid, */
  succeed: { from: openPaymentStatuses, to: 'succeeded' },
  /** or succeeded after the appointment lost its time: the money is owed back. */
  owe: { from: openPaymentStatuses, to: 'refund_pending' },
  /** The provider never charged it (a crash before the charge, a 3-D Secure check left unfinished): given up. */
  abandon: { from: inProgressPaymentStatuses, to: 'failed' },
  /** A refund (a part, or all that is left) is asked of the provider, */
  startRefund: { from: ['succeeded'], to: 'refunding' },
  /** which it refused, or left unanswered: the payment stands as it was, */
  keep: { from: ['refunding'], to: 'succeeded' },
  /** or made, of a part: the rest stands, */
  completePartialRefund: { from: ['refunding'], to: 'succeeded' },
  /** or of all that was left. */
  completeRefund: { from: ['refunding'], to: 'refunded' },
  /** A payment owed back is refunded. */
  refundOwed: { from: ['refund_pending'], to: 'refunded' },
  /** Staff hand back part of a desk payment: the rest stands, */
  refundPartAtDesk: { from: ['succeeded'] },
  /** or all that is left of it. */
  refundAtDesk: { from: ['succeeded'], to: 'refunded' },
} as const satisfies Record<string, PaymentMove>;

export type PaymentMoveName = keyof typeof paymentMoves;

/** Whether the table allows `move` from `status`. */
export const allowsPaymentMove = (move: PaymentMoveName, status: string): boolean =>
  (paymentMoves[move].from as readonly string[]).includes(status);

/**
 * Blocks another card payment of its appointment through the provider (one live card payment an appointment, an
 * index of the database: a double click or a second tab never charges twice). Money taken at the desk is not
 * blocked by it: an appointment staff booked may be paid at the desk in several parts, up to its price (decision
 * 0023). `refund_pending` does not block: a payment that succeeded after the slot was lost waits for its automatic
 * refund.
 */
export const livePaymentStatuses = [
  'processing',
  'requires_action',
  'succeeded',
  'refunding',
] as const satisfies readonly PaymentStatus[];

/**
 * Money came in by it for its appointment: it stands (succeeded, being given back) or was given back in full (its
 * refunds subtract). What the appointment's payments add up to (paid, refunded) is read over these; a payment being
 * taken, failed, or owed back after its time was lost pays for nothing.
 */
export const takenPaymentStatuses = [
  'succeeded',
  'refunding',
  'refunded',
] as const satisfies readonly PaymentStatus[];

/** It stands: paid, and not all of it given back (a part may have been). It pays for its appointment. */
export const standingPaymentStatuses = ['succeeded', 'refunding'] as const satisfies readonly PaymentStatus[];

export const isTaken = (status: string) => (takenPaymentStatuses as readonly string[]).includes(status);

export const isStanding = (status: string) => (standingPaymentStatuses as readonly string[]).includes(status);

/**
 * What an appointment's payments add up to (decision 0023), in cents: `paid`, every payment money came in by (given
 * back since or not); `refunded`, what went back of those; `kept`, the amounts of those that stand (a payment given
 * back in full was undone; one given back in part still paid for the visit).
 */
export interface PaymentTotals {
  paidCents: number;
  refundedCents: number;
  keptCents: number;
}

/**
 * The balance due of an appointment of `priceCents` (its price as booked): the price less what its standing payments
 * paid, while it takes or took its time (booked, paid, arrived, attended, no-show); none once it ended or before it
 * is booked. A part paid at the desk leaves one; a part given back (a discount, a goodwill refund) does not. Paid in
 * full: none is due and something stands.
 */
export function balanceDueCents(
  appointment: { priceCents: number; status: string },
  totals: Pick<PaymentTotals, 'keptCents'>,
): number {
  if (!(occupyingStatuses as readonly string[]).includes(appointment.status)) return 0;
  return Math.max(0, appointment.priceCents - totals.keptCents);
}

/**
 * The most money taken at the desk may add (`desk_payment_too_large` above it): the price less what was paid, net
 * of refunds, so the money held never comes to more than the price. At least the balance due.
 */
export const deskLimitCents = (
  priceCents: number,
  totals: Pick<PaymentTotals, 'paidCents' | 'refundedCents'>,
) => Math.max(0, priceCents - (totals.paidCents - totals.refundedCents));

/** The provider has yet to settle it for us: the settlement job asks it about these. */
export const unsettledPaymentStatuses = [
  'processing',
  'requires_action',
  'refunding',
  'refund_pending',
] as const satisfies readonly PaymentStatus[];

/** Being taken or given back: its appointment is not cancelled or moved meanwhile. */
const underWayPaymentStatuses = [
  'processing',
  'requires_action',
  'refunding',
] as const satisfies readonly PaymentStatus[];

/**
 * Keeps its appointment: a live payment, or one where money was taken and is owed or was given back. An appointment
 * without any of these is unpaid: no money moved, and it may be replaced or, once abandoned, deleted.
 */
export const keepingPaymentStatuses = [
  ...livePaymentStatuses,
  'refund_pending',
  'refunded',
] as const satisfies readonly PaymentStatus[];

export const isKeeping = (status: string) => (keepingPaymentStatuses as readonly string[]).includes(status);
export const isUnsettled = (status: string) =>
  (unsettledPaymentStatuses as readonly string[]).includes(status);
export const isUnderWay = (status: string) => (underWayPaymentStatuses as readonly string[]).includes(status);
export const isInProgress = (status: string) =>
  (inProgressPaymentStatuses as readonly string[]).includes(status);
