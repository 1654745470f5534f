import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatEuro } from '../../../shared/euro';
import type { AdminSlot } from '../../../shared/slots';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { KindChoice } from '../../components/kind-choice/kind-choice';
import { MonthCalendar } from '../../components/month-calendar/month-calendar';
import { formatLongDate, monthOf } from '../../components/month-calendar/month-grid';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { clinicToday } from '../../lib/clinic-clock';
import { useConsultantChoices } from '../../lib/consultant-choices';
import type { RouteHandle } from '../../lib/route-handle';
import type { SlotKind } from '../../lib/slot-kind';
import { appointmentPath, createAppointmentPath } from './appointment-links';
import {
  useAdminCalendarDays,
  useAdminDaySlots,
  useHoldSlotForPatient,
  useReleaseStaffHold,
} from './availability-admin-api';
import { ClosuresSection } from './closures-section';
import { CopyDay } from './copy-day';
import { SlotEditor } from './slot-editor';
import { useAvailabilityParams } from './use-availability-params';
import './availability.css';
import './availability-admin.css';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Availability settings',
    description: 'The times patients can book.',
    noindex: true,
  }),
};

/**
 * /admin/availability (spec 2.6): choose the session type, then the appointment type; a month calendar
 * with the days that have slots in bold and past days disabled; a chosen day's slots, and the slot editor.
 */
export function Component() {
  const [params, setParams] = useAvailabilityParams();
  const { isVideoCall, isAdult } = params;
  const kind = isVideoCall !== undefined && isAdult !== undefined ? { isVideoCall, isAdult } : undefined;

  return (
    <>
      <div className="admin-page__header">
        <h1 className="admin-page__title">Availability settings</h1>
      </div>
      <div className="availability-choices">
        <KindChoice
          legend="Session type"
          options={[
            { label: 'Video consultation', value: true },
            { label: 'Allergy test', value: false },
          ]}
          value={isVideoCall}
          onChange={(value) => setParams({ isVideoCall: value })}
        />
        {isVideoCall !== undefined && (
          <KindChoice
            legend="Appointment type"
            options={[
              { label: 'Adult', value: true },
              { label: 'Child', value: false },
            ]}
            value={isAdult}
            onChange={(value) => setParams({ isAdult: value })}
          />
        )}
      </div>
      {kind ? (
        <AvailabilityCalendar
          kind={kind}
          month={params.month ?? monthOf(params.day ?? clinicToday())}
          selected={params.day}
          onChange={setParams}
        />
      ) : (
        <p className="availability-hint">
          Choose the session type and the appointment type to see their calendar.
        </p>
      )}
      <ClosuresSection />
    </>
  );
}

function AvailabilityCalendar({
  kind,
  month,
  selected,
  onChange,
}: {
  kind: SlotKind;
  month: string;
  selected: string | undefined;
  onChange: (changes: { month?: string; day?: string }) => void;
}) {
  const today = clinicToday();
  const calendar = useAdminCalendarDays(kind, month);
  const days = new Set(calendar.data?.days);

  return (
    <div className="availability-layout">
      <section aria-label="Calendar" className="availability-layout__calendar">
        <MonthCalendar
          month={month}
          onMonthChange={(next) => onChange({ month: next })}
          markedDays={days}
          markedLabel="has slots"
          unmarkedLabel="no slots"
          isDisabled={(date) => date < today}
          selected={selected}
          onSelect={(date) => onChange({ day: selected === date ? undefined : date })}
          busy={calendar.isFetching}
        />
        {calendar.isError && (
          <p role="alert" className="availability-error">
            The calendar could not be loaded. {calendar.error.message}
          </p>
        )}
      </section>
      {selected && (
        <AdminDay key={`${kind.isVideoCall}/${kind.isAdult}/${selected}`} kind={kind} date={selected} />
      )}
    </div>
  );
}

/** What the list says of a slot's status: a withdrawn one is closed. */
const statusLabel = (slot: AdminSlot) =>
  slot.status === 'available' ? 'Available' : slot.status === 'withdrawn' ? 'Closed' : 'Unavailable';

/**
 * Who holds or booked a time: the patient, with a link to the appointment, or whose hold it is; and the closure it
 * lies in (a booked one is for staff to move).
 */
function Holder({ slot }: { slot: AdminSlot }) {
  const closure = slot.closure_reason && (
    <span className="slot-list__holder slot-list__closure">
      {slot.status === 'booked' ? 'Inside the closure' : 'Closure'}: {slot.closure_reason}
    </span>
  );
  if (slot.appointment_id !== null) {
    return (
      <>
        <span className="slot-list__holder">
          Booked by{' '}
          <Link to={appointmentPath(slot.appointment_id)}>
            {slot.patient_name ?? 'a patient whose details were erased'}
          </Link>
        </span>
        {closure}
      </>
    );
  }
  if (closure) return closure;
  if (slot.held_by === 'visitor') return <span className="slot-list__holder">Held by a visitor</span>;
  if (slot.held_by === 'staff') return <span className="slot-list__holder">Held by staff</span>;
  return null;
}

function AdminDay({ kind, date }: { kind: SlotKind; date: string }) {
  const day = useAdminDaySlots(kind, date);
  const [editing, setEditing] = useState(false);
  const slots = day.data?.sessions;
  const navigate = useNavigate();
  const notify = useNotify();
  const hold = useHoldSlotForPatient();
  const release = useReleaseStaffHold();
  const [releasing, setReleasing] = useState<AdminSlot | null>(null);
  const consultants = useConsultantChoices();
  const consultantName = (id: number) => consultants.find((each) => each.id === id)?.name;
  const now = Date.now();

  // Booking on a patient's behalf holds the time (pending), then opens the appointment form; a time someone
  // took meanwhile is said, and the day is read again.
  const bookFor = async (slotId: number) => {
    try {
      await hold.mutateAsync(slotId);
    } catch (error) {
      notifyApiError(notify, error);
      return;
    }
    await navigate(createAppointmentPath(slotId));
  };

  return (
    <section className="availability-day" aria-labelledby="availability-day-title">
      <h2 id="availability-day-title" className="availability-day__title">
        {formatLongDate(date)}
      </h2>
      {day.isPending && <p role="status">Loading the slots…</p>}
      {day.isError && (
        <p role="alert" className="availability-error">
          The slots could not be loaded. {day.error.message}
        </p>
      )}
      {slots && editing && (
        <SlotEditor
          kind={kind}
          date={date}
          slots={slots}
          priceLine={day.data?.price_list ?? null}
          onClose={() => setEditing(false)}
        />
      )}
      {slots && !editing && slots.length === 0 && (
        <div className="availability-day__empty">
          <p>There are no session slots on this day.</p>
          <button type="button" className="button button--primary" onClick={() => setEditing(true)}>
            Add new session slots
          </button>
        </div>
      )}
      {slots && !editing && slots.length > 0 && (
        <>
          <ul className="slot-list" aria-label="Session slots">
            {slots.map((slot) => (
              <li key={slot.id} className="slot-list__item">
                <span className="slot-list__time">
                  {slot.start_time} – {slot.end_time}
                </span>
                <span className="slot-list__price">{formatEuro(slot.price)}</span>
                <span
                  className={`slot-list__status slot-list__status--${slot.status === 'available' ? 'available' : 'unavailable'}`}
                >
                  {statusLabel(slot)}
                </span>
                <Holder slot={slot} />
                {slot.address && <span className="slot-list__address">{slot.address}</span>}
                {slot.consultant_id !== null && consultantName(slot.consultant_id) && (
                  <span className="slot-list__consultant">
                    Consultant: {consultantName(slot.consultant_id)}
                  </span>
                )}
                {slot.status === 'available' && Date.parse(slot.starts_at) > now && (
                  <button
                    type="button"
                    className="button button--secondary button--small slot-list__book"
                    aria-disabled={hold.isPending || undefined}
                    onClick={() => {
                      if (!hold.isPending) void bookFor(slot.id);
                    }}
                  >
                    {hold.isPending && hold.variables === slot.id
                      ? 'Holding the time…'
                      : 'Book for a patient'}
                    <span className="visually-hidden"> at {slot.start_time}</span>
                  </button>
                )}
                {slot.status === 'pending' && slot.held_by === 'staff' && (
                  <button
                    type="button"
                    className="button button--secondary button--small slot-list__book"
                    onClick={() => {
                      release.reset();
                      setReleasing(slot);
                    }}
                  >
                    Release<span className="visually-hidden"> the hold on {slot.start_time}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
          <button type="button" className="button button--primary" onClick={() => setEditing(true)}>
            Edit
          </button>
          <CopyDay kind={kind} date={date} slots={slots} />
        </>
      )}
      <ConfirmDialog
        open={releasing !== null}
        title="Release this time?"
        message={
          releasing && (
            <>
              <strong>{releasing.start_time}</strong> is held by staff: someone began booking it for a patient
              and did not finish (a closed tab holds a time until then). Released, it is free to book again;
              if a colleague is still booking it, their save goes through unless someone takes the time first.
            </>
          )
        }
        confirmLabel="Release"
        confirmTone="primary"
        cancelLabel="Keep the hold"
        busy={release.isPending}
        error={release.error?.message}
        onConfirm={() => {
          if (!releasing) return;
          const time = releasing.start_time;
          release.mutate(releasing.id, {
            onSuccess: () => {
              setReleasing(null);
              notify.success(`${time} is free to book again.`);
            },
          });
        }}
        onCancel={() => setReleasing(null)}
      />
    </section>
  );
}
