import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { stopDayWords } from '../../../shared/antihistamines';
import { clinic } from '../../../shared/clinic';
import { formatEuro } from '../../../shared/euro';
import { type ManagedAppointment, manageBookingTexts } from '../../../shared/manage-booking';
import type { PublicSlot } from '../../../shared/slots';
import { wayOutTexts } from '../../../shared/way-out';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { FreeTimePicker } from '../../components/free-time-picker/free-time-picker';
import { formatLongDate, monthOf } from '../../components/month-calendar/month-grid';
import { releaseHold } from '../../lib/booking-hold';
import { clinicToday, formatClock12 } from '../../lib/clinic-clock';
import { refreshFreeSlots, useFirstFreeDay } from '../../lib/free-slots-api';
import { useHoldEnd } from '../../lib/hold-expiry';
import { useHoldTimeForMove, useMoveManagedAppointment } from './manage-booking-api';
import { type Refusal, refusalOf } from './manage-error-text';
import { appointmentMoment } from './managed-appointment-details';

/** The new time the patient chose and holds while they confirm the move. */
interface MoveHold {
  token: string;
  slotId: number;
  /** The clinic day, YYYY-MM-DD. */
  date: string;
  expiresAt: string;
  slot: PublicSlot;
}

const HOLD_ENDED = 'Your hold on that time has ended. Please choose a time again.';

/** The free time picker's heading of the chosen day. */
const DAY_TITLE_ID = 'booking-day-title';

export interface MoveAppointmentProps {
  appointment: ManagedAppointment;
  reference: string;
  token: string;
  /** Why the chosen time could not be held or the move was refused: shown beside the day's times. */
  refusal: string | undefined;
  onRefused: (refusal: Refusal) => void;
  onClearRefusal: () => void;
  /** The appointment moved: the server's words for it. */
  onMoved: (message: string) => void;
}

/**
 * Moving the appointment to another free time of the same kind: choosing a time holds it (as the booking page
 * does), a dialog asks to confirm, and the move books it and gives the old time back. A held time not used
 * (the dialog closed, the move refused, the section left) is let go at once.
 */
export function MoveAppointment({
  appointment,
  reference,
  token,
  refusal,
  onRefused,
  onClearRefusal,
  onMoved,
}: MoveAppointmentProps) {
  const { session: bookedSlot } = appointment;
  const kind = { isVideoCall: bookedSlot.is_video_call, isAdult: bookedSlot.is_adult };
  const queryClient = useQueryClient();
  const holdSlot = useHoldTimeForMove(reference, token);
  const move = useMoveManagedAppointment(reference, token);
  // After "I could not stop my antihistamines" the free move offers only days they can still stop them for.
  const moveFrom =
    appointment.way_out?.free_move === 'available' ? (appointment.way_out.move_from ?? undefined) : undefined;
  const from = moveFrom ?? clinicToday();
  // The picker opens on the first month with a time offered, never on an empty one.
  const firstDay = useFirstFreeDay(kind, from);
  const [month, setMonth] = useState<string>();
  useEffect(() => {
    if (month !== undefined) return;
    if (firstDay.data) setMonth(monthOf(firstDay.data));
    else if (firstDay.isError) setMonth(monthOf(from));
  }, [month, firstDay.data, firstDay.isError, from]);
  const [selected, setSelected] = useState<string>();
  const [hold, setHold] = useState<MoveHold>();
  const holdRef = useRef<MoveHold | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const keepHold = (next: MoveHold | undefined) => {
    holdRef.current = next;
    setHold(next);
  };

  const letGo = () => {
    const held = holdRef.current;
    keepHold(undefined);
    if (!held) return;
    void releaseHold({ id: held.slotId, token: held.token })
      .catch(() => undefined)
      .then(() => refreshFreeSlots(queryClient));
  };

  // Opened from its button: the focus goes to the section, so a screen reader reads what it is for.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  // Leaving the section (or the page) with a time held gives it back.
  useEffect(
    () => () => {
      const held = holdRef.current;
      if (held) void releaseHold({ id: held.slotId, token: held.token }).catch(() => undefined);
    },
    [],
  );

  useHoldEnd(hold?.expiresAt, () => {
    setConfirming(false);
    keepHold(undefined);
    onRefused({ text: HOLD_ENDED });
  });

  const choose = async (chosen: PublicSlot, date: string) => {
    if (hold && chosen.id === hold.slotId) {
      setConfirming(true);
      return;
    }
    onClearRefusal();
    try {
      const answer = await holdSlot.mutateAsync({ id: chosen.id, previousToken: hold?.token });
      const heldSlot = answer.session;
      keepHold({
        token: answer.hold_token ?? hold?.token ?? '',
        slotId: heldSlot.id,
        date,
        expiresAt: answer.hold_expires_at,
        slot: heldSlot,
      });
      setConfirming(true);
    } catch (error) {
      onRefused(refusalOf(error));
    }
  };

  const confirm = async () => {
    const held = holdRef.current;
    if (!held) return;
    // While the move is made the time is the move's: the page may drop this section as the answer arrives (a free
    // move used up leaves no move to offer), and that must not give the time back. A refused move gives it back below.
    holdRef.current = undefined;
    try {
      const answer = await move.mutateAsync({ slotId: held.slotId, holdToken: held.token });
      // The held time is the appointment's now: nothing to give back.
      keepHold(undefined);
      setConfirming(false);
      onMoved(answer.message);
    } catch (error) {
      setConfirming(false);
      holdRef.current = held;
      letGo();
      onRefused(refusalOf(error));
    }
  };

  return (
    <section id="manage-move" className="manage-booking__move" aria-labelledby="manage-move-title">
      <h2 id="manage-move-title" className="manage-booking__move-title" tabIndex={-1} ref={headingRef}>
        Choose a new time
      </h2>
      <p className="manage-booking__hint">
        The free times of the same appointment ({appointment.service}). Online, an appointment moves only to a
        time of the same price, {formatEuro(appointment.price)}. Your current time stays yours until you
        confirm the new one.
      </p>
      {/* Before the picker: when a refused move closes the dialog, the picker's refusal takes the focus last. */}
      <ConfirmDialog
        open={confirming && hold !== undefined}
        title={
          hold
            ? `Move your appointment to ${formatLongDate(hold.date)}, ${formatClock12(hold.slot.start_time)}?`
            : 'Move your appointment?'
        }
        message={
          hold && (
            <>
              <p>
                From {appointmentMoment(bookedSlot)} to {formatLongDate(hold.date)},{' '}
                {formatClock12(hold.slot.start_time)} – {formatClock12(hold.slot.end_time)} (Dublin time).
              </p>
              {hold.slot.address && (
                <p>
                  {hold.slot.address === bookedSlot.address ? (
                    <>At the same place: {hold.slot.address}.</>
                  ) : (
                    <strong>At another clinic: {hold.slot.address}.</strong>
                  )}
                </p>
              )}
              <p>We will e-mail you the new time with an updated calendar invite.</p>
            </>
          )
        }
        confirmLabel="Move appointment"
        cancelLabel="Go back"
        confirmTone="primary"
        busy={move.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setConfirming(false);
          letGo();
          // The keyboard goes back to the day's times (the time's button is drawn again once it is let go).
          requestAnimationFrame(() => document.getElementById(DAY_TITLE_ID)?.focus());
        }}
      />
      {moveFrom && <p className="manage-booking__hint">{wayOutTexts.movesFrom(stopDayWords(moveFrom))}</p>}
      {month === undefined && firstDay.isPending && <p role="status">Looking for free times…</p>}
      {month === undefined && firstDay.data === null && (
        <NoTimeOffered afterCouldNotStop={Boolean(moveFrom)} />
      )}
      {month !== undefined && (
        <FreeTimePicker
          kind={kind}
          from={moveFrom}
          month={month}
          onMonthChange={setMonth}
          selected={selected}
          onSelect={(date) => {
            setSelected(date);
            onClearRefusal();
          }}
          hold={hold}
          onChoose={(chosen, date) => void choose(chosen, date)}
          busy={holdSlot.isPending || move.isPending}
          refusal={refusal}
        />
      )}
    </section>
  );
}

/** No time to move to in the months the picker looks through: said plainly, with the clinic's phone. */
export function NoTimeOffered({ afterCouldNotStop }: { afterCouldNotStop: boolean }) {
  return (
    <p className="booking-notice" role="status">
      {afterCouldNotStop ? wayOutTexts.noTimeFarEnough : manageBookingTexts.noFreeTime} Please call us on{' '}
      <a href={clinic.phoneHref}>{clinic.phone}</a> and we will find you one.
    </p>
  );
}
