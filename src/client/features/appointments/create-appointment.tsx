import { type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { setSlotStatus } from '../../../shared/api/slot-admin-endpoints';
import { appointmentTexts } from '../../../shared/appointments';
import type { AdminPatient } from '../../../shared/patients';
import type { HeldSlot, SlotAnswer } from '../../../shared/slots';
import { AdminRecordPage } from '../../components/admin-page/admin-record-page';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { callEndpoint } from '../../lib/api-client';
import type { FormSlot } from '../../lib/patient-fields';
import { forgetHeldHere, isHeldHere } from '../../lib/staff-hold-mark';
import { useRoleCan } from '../../lib/use-role-can';
import { AppointmentForm, useAppointmentForm } from './appointment-form';
import { AppointmentInfo } from './appointment-info';
import { appointmentsListPath, availabilityPathOf } from './appointment-labels';
import {
  useAdminSlot,
  useHoldSlot,
  useRecordedPatient,
  useReleaseSlot,
  useSaveAppointment,
} from './appointments-admin-api';
import { holdNote } from './calendar-layout';
import { PatientSearch, RecordedPatient } from './patient-choice';
import { PatientFields } from './patient-fields';

const TITLE = 'New appointment';

/**
 * Why a time cannot be booked now, or undefined while it can: available, or held by this tab for this booking.
 * A hold someone else made (another staff member, another tab, a visitor) is theirs: said, never taken over.
 */
function unbookable(slot: HeldSlot): string | undefined {
  if (slot.status === 'booked') return appointmentTexts.slotNotFree;
  if (Date.parse(slot.starts_at) <= Date.now()) return appointmentTexts.slotStarted;
  if (slot.status === 'pending' && !isHeldHere(slot.id))
    return `${holdNote({ ...slot, status: slot.status })}.`;
  return undefined;
}

/** The time is not free: say so, with the way back to the availability day. */
function TimeNotFree({ reason, slot, focus = false }: { reason: string; slot: SlotAnswer; focus?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div className="admin-alert appointment-alert" role="alert" tabIndex={-1} ref={ref}>
      <p>{reason}</p>
      <Link className="button button--primary" to={availabilityPathOf(slot)}>
        Choose another time
      </Link>
    </div>
  );
}

/**
 * /admin/appointment/create?session_id={id} (spec 2.6, issue 18): the time being booked (read again, so a
 * reload works), its Appointment info, and the admin patient form for its kind. Save books it ('Booked by
 * admin') and goes to the list of its kind; Cancel, after the spec's dialog, gives the held time back and
 * returns to its day on the availability screen.
 */
export function CreateAppointment({ slotId }: { slotId: number }) {
  const record = useAdminSlot(slotId);
  const hold = useHeldUntilLeft(slotId);
  return (
    <AdminRecordPage
      record={record}
      what="time"
      title={TITLE}
      notFoundTitle="Time not found"
      backTo="/admin/availability"
      backLabel="Back to availability"
    >
      {({ session: slot }) => {
        const reason = unbookable(slot);
        hold.state.current.notOurs = Boolean(reason);
        if (!reason) return <CreateForm slot={slot} hold={hold.state} holdAgain={hold.holdAgain} />;
        return (
          <>
            <div className="admin-page__header">
              <h1 className="admin-page__title">{TITLE}</h1>
            </div>
            <div className="appointment-summary">
              <AppointmentInfo slot={slot} />
            </div>
            <TimeNotFree reason={reason} slot={slot} />
          </>
        );
      }}
    </AdminRecordPage>
  );
}

/** Why the time held for this screen is no longer ours to give back when it goes. */
interface HoldState {
  saved: boolean;
  refused: boolean;
  cancelled: boolean;
  notOurs: boolean;
}

/**
 * Leaving without saving (the menu, Back), even before the time's read has come back, gives the held time
 * back as Cancel does; so does closing the tab or leaving the site (`pagehide`, a call sent with `keepalive` so
 * it outlives the page; a browser that drops it leaves the staff hold to end by itself, STAFF_HOLD_MINUTES). Not
 * once it is saved, cancelled (Cancel gave it back), or lost to someone else. The screen holds the time again
 * when it finds it free (a reload, or the page brought back from the browser's history, after its `pagehide`).
 */
function useHeldUntilLeft(slotId: number) {
  const hold = useRef<HoldState>({ saved: false, refused: false, cancelled: false, notOurs: false });
  const { mutate: releaseSlot } = useReleaseSlot();
  const { mutate: holdSlot } = useHoldSlot();
  const pendingRelease = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    // A remount straight after the unmount (React's development check) is not a leave.
    clearTimeout(pendingRelease.current);
    const onPageHide = () => {
      if (isOurs(hold.current)) void releaseOnLeave(slotId);
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted && isOurs(hold.current)) holdSlot(slotId);
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      if (isOurs(hold.current)) pendingRelease.current = setTimeout(() => releaseSlot(slotId), 0);
    };
  }, [slotId, releaseSlot, holdSlot]);
  return { state: hold, holdAgain: holdSlot };
}

/** Who the booking is for: not chosen yet (the search), a new patient, or one in the records (by id). */
type PatientChoice = { kind: 'search' } | { kind: 'new' } | { kind: 'record'; id: number };

const isOurs = ({ saved, refused, cancelled, notOurs }: HoldState) =>
  !saved && !refused && !cancelled && !notOurs;

/** The hold given back as the page goes: nothing can be shown of the answer, so none is awaited. */
function releaseOnLeave(slotId: number): Promise<unknown> {
  return callEndpoint(setSlotStatus, {
    params: { id: slotId },
    json: { session: { status: 'available' } },
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * The booking of a time staff hold: first who it is for (the records searched, or a new patient), then the form.
 * The hold, the Cancel dialog and a refusal of the time belong to the screen, whichever step it is at.
 */
function CreateForm({
  slot,
  hold,
  holdAgain,
}: {
  slot: SlotAnswer;
  hold: RefObject<HoldState>;
  holdAgain: (id: number) => void;
}) {
  // Free when read (the hold given back as a reload or the history left the page): held again for this booking,
  // unless Cancel just gave it back.
  useEffect(() => {
    if (slot.status === 'available' && isOurs(hold.current)) holdAgain(slot.id);
  }, [slot.id, slot.status, hold, holdAgain]);
  const navigate = useNavigate();
  const notify = useNotify();
  const mayRead = useRoleCan('patients');
  const formSlot = useMemo<FormSlot>(
    () => ({ slotId: slot.id, isAdult: slot.is_adult, isVideoCall: slot.is_video_call }),
    [slot.id, slot.is_adult, slot.is_video_call],
  );
  const save = useSaveAppointment(undefined);
  const release = useReleaseSlot();
  // Set when the save was refused for the time (someone else took it): the form stays, with the way back.
  const [refusal, setRefusal] = useState<string>();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [choice, setChoice] = useState<PatientChoice>({ kind: 'search' });
  const [search, setSearch] = useState('');
  // Focus follows the step once staff move between them: the search input, or the patient chosen.
  const [moved, setMoved] = useState(false);
  const choose = (next: PatientChoice) => {
    setMoved(true);
    setChoice(next);
  };
  const back = availabilityPathOf(slot);
  const slotId = slot.id;
  // The time someone else took is no longer this tab's hold.
  const refuse = (reason: string) => {
    forgetHeldHere(slotId);
    setRefusal(reason);
  };

  // Saved, the time is booked: known before the form leaves for the list (no render comes in between).
  const { mutateAsync: saveAppointment } = save;
  const saveAndKeepTime = useMemo(
    () => ({
      mutateAsync: async (body: FormData) => {
        const saved = await saveAppointment(body);
        hold.current.saved = true;
        forgetHeldHere(slotId);
        return saved;
      },
    }),
    [saveAppointment, hold, slotId],
  );

  hold.current.refused = Boolean(refusal);

  const leave = async () => {
    hold.current.cancelled = true;
    // A time lost to someone else is not ours to give back.
    if (!refusal) {
      try {
        await release.mutateAsync(slot.id);
      } catch (error) {
        notifyApiError(notify, error);
      }
    }
    setConfirmingCancel(false);
    await navigate(back);
  };

  const cancel = (
    <button type="button" className="button button--secondary" onClick={() => setConfirmingCancel(true)}>
      Cancel
    </button>
  );
  const step = mayRead ? choice : choice.kind === 'search' ? { kind: 'new' as const } : choice;
  const form = { slot: formSlot, save: saveAndKeepTime, saving: save.isPending, onSlotRefused: refuse };

  return (
    <div className="appointment-page">
      <div className="admin-page__header">
        <div>
          <p className="admin-eyebrow">Booking for a patient</p>
          <h1 className="admin-page__title">{TITLE}</h1>
        </div>
      </div>
      <div className="appointment-layout">
        <div className="appointment-summary">
          <AppointmentInfo slot={slot} />
        </div>
        {refusal && <TimeNotFree reason={refusal} slot={slot} focus />}
        {step.kind === 'search' ? (
          <PatientSearch
            slot={formSlot}
            search={search}
            onSearch={setSearch}
            onPick={(id) => choose({ kind: 'record', id })}
            onNew={() => choose({ kind: 'new' })}
            focusOnMount={moved}
            actions={cancel}
          />
        ) : step.kind === 'record' ? (
          <RecordedBooking
            key={step.id}
            id={step.id}
            {...form}
            focusOnMount={moved}
            onChangePatient={() => choose({ kind: 'search' })}
            cancel={cancel}
          />
        ) : (
          <BookingForm
            {...form}
            focusOnMount={moved}
            onChangePatient={mayRead ? () => choose({ kind: 'search' }) : undefined}
            cancel={cancel}
          />
        )}
      </div>
      <ConfirmDialog
        open={confirmingCancel}
        title={appointmentTexts.cancelCreateTitle}
        message={<p>{appointmentTexts.cancelCreateMessage}</p>}
        confirmLabel="Cancel booking"
        cancelLabel="Keep editing"
        busy={release.isPending}
        onConfirm={() => void leave()}
        onCancel={() => setConfirmingCancel(false)}
      />
    </div>
  );
}

interface BookingFormProps {
  slot: FormSlot;
  save: { mutateAsync: (body: FormData) => Promise<unknown> };
  saving: boolean;
  onSlotRefused: (reason: string) => void;
  /** Focus the step's heading once it is shown (staff moved to it, rather than opened the screen). */
  focusOnMount: boolean;
  /** Back to the search (none for a role that may not search the records). */
  onChangePatient?: (() => void) | undefined;
  cancel: ReactNode;
}

/** The patient in the records the booking is for, read afresh; then the form for them. */
function RecordedBooking({ id, ...props }: BookingFormProps & { id: number; onChangePatient: () => void }) {
  const record = useRecordedPatient(id);
  if (record.isPending) {
    return (
      <p className="patient-choice__status" role="status">
        Reading the patient's record…
      </p>
    );
  }
  if (record.isError) {
    return (
      <div className="admin-alert appointment-alert" role="alert">
        <p>The patient's record could not be read. {record.error.message}</p>
        <button type="button" className="button button--secondary" onClick={props.onChangePatient}>
          Change patient
        </button>
      </div>
    );
  }
  return <BookingForm {...props} record={record.data.patient} />;
}

/**
 * The admin patient form for the time's kind: a new patient's (today's form), or, for a patient in the records,
 * their record read-only above what the booking still needs.
 */
function BookingForm({
  slot,
  save,
  saving,
  onSlotRefused,
  focusOnMount,
  onChangePatient,
  cancel,
  record,
}: BookingFormProps & { record?: AdminPatient }) {
  const [editingContact, setEditingContact] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the step is shown
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, []);
  const form = useAppointmentForm({
    slot,
    save,
    notice: appointmentTexts.created,
    listPath: appointmentsListPath(slot.isVideoCall),
    onSlotRefused,
    record,
  });
  return (
    <AppointmentForm
      form={form}
      slot={slot}
      saving={saving}
      onSubmit={form.onSubmit}
      actions={
        <>
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
          {cancel}
        </>
      }
    >
      {record ? (
        <RecordedPatient
          patient={record}
          slot={slot}
          headingRef={headingRef}
          editingContact={editingContact}
          onEditContact={() => setEditingContact(true)}
          onChange={onChangePatient ?? (() => undefined)}
        />
      ) : (
        <div className="new-patient">
          <h3 className="recorded-patient__name" ref={headingRef} tabIndex={-1}>
            New patient
          </h3>
          <p className="appointment-form__intro">
            Fields are required unless marked optional. The patient gets a confirmation if you give their
            e-mail.
          </p>
          {onChangePatient && (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={onChangePatient}
            >
              Search the records instead
            </button>
          )}
        </div>
      )}
      <PatientFields
        form={form}
        slot={slot}
        askPaymentType
        asksTextConsent={!record}
        record={record && { patient: record, editingContact }}
      />
    </AppointmentForm>
  );
}
