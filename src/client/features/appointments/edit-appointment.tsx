import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { listCalendarSlots, listFreeSlots } from '../../../shared/api/slot-endpoints';
import { appointmentTexts, type StaffAppointmentDetail } from '../../../shared/appointments';
import { type AttendanceMark, MARK_LABELS } from '../../../shared/attendance';
import { formatEuro } from '../../../shared/euro';
import { type AdminPatient, patientTexts } from '../../../shared/patients';
import { AdminFormHeader } from '../../components/admin-page/admin-form-header';
import { AdminRecordPage } from '../../components/admin-page/admin-record-page';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { useNotify } from '../../components/notifications/use-notify';
import { carriesContactDetails, carriesHealthDetails } from '../../components/patient-details/patient-labels';
import { formatClinicTime } from '../../lib/clinic-clock';
import { useFileDownload } from '../../lib/download-file';
import { invalidateEndpoints } from '../../lib/invalidate-endpoints';
import type { FormSlot } from '../../lib/patient-fields';
import { useRoleCan } from '../../lib/use-role-can';
import { deleteDialog, dialogTexts, useAppointmentActions } from './appointment-actions';
import { AppointmentPaymentBadge, StatusBadge } from './appointment-badges';
import { AppointmentEmails } from './appointment-emails';
import { AppointmentForm, useAppointmentForm } from './appointment-form';
import { appointmentFormDefaults } from './appointment-form-values';
import { AppointmentInfo, AppointmentRefunds, DeskPaymentInfo, PaymentInfo } from './appointment-info';
import {
  appointmentKindLabel,
  appointmentsListPath,
  attendanceMoves,
  canDelete,
  canMove,
  canRecordDeskPayment,
  canRefund,
  clinicDayOf,
  isClosed,
  refundableCents,
  waitsForStart,
} from './appointment-labels';
import { AppointmentTexts } from './appointment-texts';
import { AppointmentAntihistamines, AppointmentFlag, VideoLinkForm } from './appointment-way-out';
import { receiptUrl, useAppointment, useSaveAppointment } from './appointments-admin-api';
import { ChangeTime } from './change-time';
import { DeskPaymentDialog } from './desk-payment-dialog';
import { IntakeInfo } from './intake-info';
import { PatientFields } from './patient-fields';
import { RefundDialog } from './refund-dialog';

/**
 * /admin/appointment/edit?id={id} (spec 2.6, issue 18): the patient's name with the payment and the
 * appointment's state, what staff can do now (mark attended or no-show after the start, refund a paid one,
 * delete), the Appointment info and, for an appointment paid online, its Payment Info; the patient form prefilled,
 * the documents downloadable, replaceable and removable, and 'Change time'; the e-mails sent about it. An
 * appointment whose patient was erased has nothing to edit: back to the list. A role that may only read
 * appointments (the bookkeeper) sees it all as text, with Refund if the role may refund.
 */
export function EditAppointment({ id }: { id: number }) {
  const record = useAppointment(id);
  return (
    <AdminRecordPage
      record={record}
      what="appointment"
      title="Appointment"
      notFoundTitle="Appointment not found"
      backTo="/admin"
      backLabel="Back to appointments"
    >
      {({ transaction: appointment }) =>
        appointment.patient ? (
          <EditForm key={appointment.id} appointment={appointment} patient={appointment.patient} />
        ) : (
          <ErasedPatient />
        )
      }
    </AdminRecordPage>
  );
}

/** Edit without patient data goes back to the list (spec 2.6), saying why. */
function ErasedPatient() {
  const notify = useNotify();
  useEffect(() => notify.error(patientTexts.erased), [notify]);
  return <Navigate to="/admin" replace />;
}

type Dialog = 'refund' | 'desk_payment' | 'delete' | 'discard' | null;

function EditForm({ appointment, patient }: { appointment: StaffAppointmentDetail; patient: AdminPatient }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const slot = appointment.session;
  const isVideoCall = slot?.is_video_call ?? appointment.is_video_call ?? false;
  const isAdult = slot?.is_adult ?? patient.is_adult;
  const listPath = appointmentsListPath(isVideoCall);
  const withoutHealth = !carriesHealthDetails(patient);
  const withoutContact = !carriesContactDetails(patient);
  const formSlot = useMemo<FormSlot>(
    // The slot's id only picks the rules here: an edit sends a time only when it moves (session[id]).
    () => ({ slotId: slot?.id ?? 1, isAdult, isVideoCall, withoutHealth, withoutContact }),
    [slot?.id, isAdult, isVideoCall, withoutHealth, withoutContact],
  );
  const [initial] = useState(() => appointmentFormDefaults(appointment));
  const save = useSaveAppointment(appointment.id);
  const actions = useAppointmentActions();
  const receipt = useFileDownload();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const closed = isClosed(appointment);
  // Money a cancelled appointment kept (paid at the desk, the patient cancelled online): staff give it back.
  const heldCents = closed && canRefund(appointment) ? refundableCents(appointment) : 0;
  const mayWrite = useRoleCan('appointments_write');
  const mayRefund = useRoleCan('refunds') && canRefund(appointment);
  const mayRecordPayment = useRoleCan('desk_payments') && canRecordDeskPayment(appointment);
  const mayDelete = mayWrite && canDelete(appointment);
  const readOnly = closed || !mayWrite;

  const form = useAppointmentForm({
    slot: formSlot,
    appointment: { patientId: patient.id, initial },
    save,
    notice: appointmentTexts.updated,
    listPath,
    onSlotRefused: (reason) => {
      // The chosen time went meanwhile: said at 'Time', and the free times are read again.
      form.setError('new_time', { type: 'server', message: reason }, { shouldFocus: true });
      void invalidateEndpoints(queryClient, [listCalendarSlots, listFreeSlots]);
    },
  });

  // After an attendance mark its button goes: once the new state is shown, the focus moves to the actions
  // that remain (or the heading).
  const toolbarRef = useRef<HTMLFieldSetElement>(null);
  const markedFrom = useRef<string | null>(null);
  useEffect(() => {
    if (markedFrom.current === null || markedFrom.current === appointment.appointment_status) return;
    markedFrom.current = null;
    const target =
      toolbarRef.current?.querySelector<HTMLButtonElement>('button') ??
      document.querySelector<HTMLElement>('main h1');
    target?.focus();
  }, [appointment.appointment_status]);

  const mark = async (status: AttendanceMark) => {
    markedFrom.current = appointment.appointment_status;
    try {
      await actions.markAttendance(appointment.id, status);
    } catch {
      markedFrom.current = null;
      // The notice says why.
    }
  };

  const runDialog = async () => {
    setBusy(true);
    try {
      if (dialog === 'delete') {
        await actions.deleteAppointment(appointment);
        setDialog(null);
        await navigate(listPath);
        return;
      }
      if (dialog === 'discard') {
        setDialog(null);
        await navigate(listPath);
        return;
      }
      setDialog(null);
    } catch {
      // The dialog stays open; the notice says why.
    } finally {
      setBusy(false);
    }
  };

  // Read while rendering: React Hook Form keeps `isDirty` up to date only for a form that reads it so.
  const { isDirty } = form.formState;
  const cancel = () => {
    if (isDirty) setDialog('discard');
    else void navigate(listPath);
  };

  // Paid online or at the desk: its receipt, every payment on it.
  const receiptButton = appointment.paid_at && (
    <button
      type="button"
      className="button button--secondary button--small"
      aria-disabled={receipt.pending !== null || undefined}
      onClick={() => {
        if (receipt.pending === null) void receipt.download(receiptUrl(appointment.id));
      }}
    >
      {receipt.pending ? 'Downloading…' : 'Download receipt'}
    </button>
  );

  const moves = readOnly ? [] : attendanceMoves(appointment);
  const notStartedYet = mayWrite && waitsForStart(appointment);
  const shownDialog =
    dialog === 'delete'
      ? dialogTexts(deleteDialog, appointment)
      : {
          title: 'Discard your changes?',
          message: <p>The changes you made to this appointment will be lost.</p>,
          confirmLabel: 'Discard changes',
          cancelLabel: 'Keep editing',
        };

  return (
    <div className="appointment-page">
      <AdminFormHeader
        title={patient.full_name}
        eyebrow={
          <p className="admin-eyebrow">
            {appointmentKindLabel(isVideoCall)}, {isAdult ? 'adult' : 'child'}
          </p>
        }
        backTo={listPath}
        backLabel="Back to appointments"
      >
        <p className="appointment-header__badges">
          <span className="visually-hidden">Payment: </span>
          <AppointmentPaymentBadge row={appointment} large />
          <span className="visually-hidden">, status: </span>
          <StatusBadge status={appointment.appointment_status} large />
          {appointment.arrived_at && (
            <span className="appointment-header__arrival">
              Arrived at {formatClinicTime(appointment.arrived_at)}
            </span>
          )}
        </p>
      </AdminFormHeader>

      {closed ? (
        <p className="admin-notice appointment-notice">
          This appointment was {appointment.appointment_status === 'refunded' ? 'refunded' : 'cancelled'}: it
          can no longer be changed.
          {heldCents > 0 && (
            <>
              {' '}
              <strong>{formatEuro(heldCents / 100)} paid is still held</strong>: if it is due back, give it
              back with Refund.
            </>
          )}
        </p>
      ) : (
        !mayWrite && (
          <p className="admin-notice appointment-notice">
            {mayRefund
              ? 'Your role can give this appointment’s payment back, but not change the appointment.'
              : 'Your role can see this appointment but not change it.'}
          </p>
        )
      )}

      {(moves.length > 0 || mayRefund || mayRecordPayment || mayDelete || notStartedYet) && (
        <fieldset className="appointment-toolbar" ref={toolbarRef}>
          <legend className="visually-hidden">Appointment actions</legend>
          {moves.map((move) => (
            <button
              key={move}
              type="button"
              className="button button--secondary"
              aria-disabled={actions.markingAttendance !== undefined || undefined}
              onClick={() => {
                if (actions.markingAttendance === undefined) void mark(move);
              }}
            >
              {actions.markingAttendance === move ? 'Marking…' : MARK_LABELS[move]}
            </button>
          ))}
          {notStartedYet && (
            <p className="appointment-toolbar__hint">
              Attended or no-show can be marked once it has started.
            </p>
          )}
          <span className="appointment-toolbar__spacer" />
          {mayRecordPayment && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setDialog('desk_payment')}
            >
              Record payment
            </button>
          )}
          {mayRefund && (
            <button
              type="button"
              className="button button--danger-secondary"
              onClick={() => setDialog('refund')}
            >
              Refund
            </button>
          )}
          {mayDelete && (
            <button
              type="button"
              className="button button--danger-secondary"
              onClick={() => setDialog('delete')}
            >
              Delete
            </button>
          )}
        </fieldset>
      )}

      <div className="appointment-layout">
        <div className="appointment-summary">
          <AppointmentInfo slot={slot} />
          <AppointmentFlag appointment={appointment} mayDealWith={mayWrite && !closed} />
          {slot?.is_video_call &&
            (appointment.video_link === undefined ? (
              // Left out by the server for a role that only reads appointments: the link opens the consultation.
              <p className="video-link-form video-link-form--hidden">
                Video link: seen by the staff who run appointments.
              </p>
            ) : (
              <VideoLinkForm appointment={appointment} readOnly={readOnly} />
            ))}
          <AppointmentAntihistamines appointment={appointment} />
          {appointment.booked_by_admin ? (
            <DeskPaymentInfo appointment={appointment}>{receiptButton}</DeskPaymentInfo>
          ) : (
            <PaymentInfo appointment={appointment}>{receiptButton}</PaymentInfo>
          )}
          <IntakeInfo intake={appointment.intake} />
        </div>

        <AppointmentForm
          form={form}
          slot={formSlot}
          saving={save.isPending}
          onSubmit={form.onSubmit}
          actions={
            <>
              {!readOnly && (
                <button type="submit" className="button button--primary" disabled={save.isPending}>
                  {save.isPending ? 'Saving…' : 'Save changes'}
                </button>
              )}
              <button type="button" className="button button--secondary" onClick={cancel}>
                {readOnly ? 'Back to appointments' : 'Cancel'}
              </button>
            </>
          }
        >
          <fieldset className="appointment-form__all">
            <legend className="visually-hidden">Appointment details</legend>
            {mayWrite && canMove(appointment) && slot && (
              <Controller
                control={form.control}
                name="new_time"
                render={({ field, fieldState }) => (
                  <ChangeTime
                    kind={{ isVideoCall, isAdult }}
                    current={{
                      date: clinicDayOf(slot.data) ?? '',
                      start_time: slot.start_time,
                      end_time: slot.end_time,
                      address: slot.address,
                    }}
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                    buttonRef={field.ref}
                  />
                )}
              />
            )}
            <PatientFields
              form={form}
              slot={formSlot}
              askPaymentType={appointment.booked_by_admin}
              readOnly={readOnly}
            />
          </fieldset>
        </AppointmentForm>
      </div>

      <AppointmentRefunds refunds={appointment.refunds} />

      <AppointmentEmails emails={appointment.emails} />
      <AppointmentTexts texts={appointment.texts} mayDealWith={mayWrite} />

      <RefundDialog appointment={appointment} open={dialog === 'refund'} onClose={() => setDialog(null)} />
      <DeskPaymentDialog
        appointment={appointment}
        open={dialog === 'desk_payment'}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'delete' || dialog === 'discard'}
        title={shownDialog.title}
        message={shownDialog.message}
        confirmLabel={shownDialog.confirmLabel}
        cancelLabel={shownDialog.cancelLabel}
        busy={busy}
        onConfirm={() => void runDialog()}
        onCancel={() => setDialog(null)}
      />
    </div>
  );
}
