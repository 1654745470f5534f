import { useState } from 'react';
import { Link } from 'react-router';
import { formatEuro } from '../../../shared/euro';
import type { PublicSlot } from '../../../shared/slots';
import { FreeTimePicker, type FreeTimePickerProps } from '../../components/free-time-picker/free-time-picker';
import { ApiError } from '../../lib/api-client';
import type { StoredHold } from '../../lib/booking-hold';
import { useCalendarDays, useHoldSlot } from '../../lib/free-slots-api';
import type { SlotKind } from '../../lib/slot-kind';
import { waitlistJoinPath } from '../../lib/waitlist-path';

/**
 * The booking page's part that reads and holds free times. The page loads it once Adult or Child is chosen
 * (or pointed at): until then no time can be shown, so its code stays out of the page's first download and
 * of the work that delays a first tap.
 */
export function BookingTimes({
  kind,
  month,
  onMonthChange,
  selected,
  onSelect,
  hold,
  onHeld,
  onContinue,
}: Pick<FreeTimePickerProps, 'kind' | 'month' | 'onMonthChange' | 'selected' | 'onSelect'> & {
  /** The visitor's own hold of this kind, listed among the day's times. */
  hold: StoredHold | undefined;
  /** A time was held for the visitor. */
  onHeld: (hold: StoredHold) => void;
  /** The visitor chose the time they already hold. */
  onContinue: () => void;
}) {
  const holdSlot = useHoldSlot();
  // Why a chosen time could not be held: shown beside the day's times.
  const [refusal, setRefusal] = useState<string>();

  const choose = async (slot: PublicSlot, date: string) => {
    if (slot.held_by_you) {
      onContinue();
      return;
    }
    setRefusal(undefined);
    try {
      const answer = await holdSlot.mutateAsync({ id: slot.id, previousToken: hold?.token });
      const heldSlot = answer.session;
      onHeld({
        token: answer.hold_token ?? hold?.token ?? '',
        slotId: heldSlot.id,
        expiresAt: answer.hold_expires_at,
        isVideoCall: kind.isVideoCall,
        isAdult: kind.isAdult,
        date,
        startTime: heldSlot.start_time,
        endTime: heldSlot.end_time,
        address: heldSlot.address,
        price: heldSlot.price,
      });
    } catch (error) {
      setRefusal(error instanceof ApiError ? error.message : 'Something went wrong. Try it later.');
    }
  };

  return (
    <FreeTimePicker
      kind={kind}
      month={month}
      onMonthChange={onMonthChange}
      selected={selected}
      onSelect={(date) => {
        setRefusal(undefined);
        onSelect(date);
      }}
      hold={hold}
      onChoose={(slot, date) => void choose(slot, date)}
      busy={holdSlot.isPending}
      refusal={refusal}
      whenNoTimes={
        <p>
          <Link to={waitlistJoinPath(kind)}>Join the wait list</Link> and we will offer you a time that frees
          up.
        </p>
      }
    />
  );
}

/**
 * The kind's price before a day is chosen: the free slots' of the shown month, from the calendar's answer (what is
 * charged), named by the fees page's service the kind costs when Settings chose one.
 */
export function KindPrice({ kind, month }: { kind: SlotKind; month: string }) {
  const calendar = useCalendarDays(kind, month).data;
  const prices = calendar?.prices;
  const lowest = prices?.[0];
  if (lowest === undefined) return null;
  const service = calendar?.price_list?.service;
  return (
    <p className="booking-price">
      Price:{' '}
      <strong>{prices && prices.length > 1 ? `from ${formatEuro(lowest)}` : formatEuro(lowest)}</strong>
      {service && ` (${service})`}
    </p>
  );
}
