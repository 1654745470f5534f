import { useState } from 'react';
import {
  type AntihistamineChoice,
  antihistamineTexts,
  asksPharmacist,
  stopDayWords,
} from '../../../shared/antihistamines';
import type { StaffAppointmentDetail } from '../../../shared/appointments';
import { CANCELLATION_NOTICE_HOURS } from '../../../shared/manage-booking';
import { VIDEO_LINK_MAX, videoLinkProblem } from '../../../shared/way-out';
import { TextField } from '../../components/form-field/text-field';
import { useNotify } from '../../components/notifications/use-notify';
import { ApiError } from '../../lib/api-client';
import { useSetFlagDealtWith, useSetVideoLink } from './appointments-admin-api';

/** The medicines in staff's short words. */
const medicineLabels: Record<AntihistamineChoice, string> = {
  none: 'None',
  tablets: 'Tablets or syrup',
  nasal: 'Nasal spray',
  eye_drops: 'Eye drops',
  cough_cold_sleep: 'Cough, cold or sleep remedies',
  not_sure: 'Not sure which (asked to check with a pharmacist)',
};

const moment = new Intl.DateTimeFormat('en-IE', {
  timeZone: 'Europe/Dublin',
  dateStyle: 'medium',
  timeStyle: 'short',
});
const formatDateTime = (instant: string) => moment.format(new Date(instant));

/**
 * What a flag lets the patient do about the notice, as staff read it: the free move used, not needed (the patient's
 * own 48-hour notice has not begun, so they move or cancel as usual), or theirs to use once.
 */
export function flagMoveNote(
  startsAt: string | undefined,
  freeMoveUsedAt: string | null,
  now = Date.now(),
): string {
  if (freeMoveUsedAt) return `They used their free move on ${formatDateTime(freeMoveUsedAt)}.`;
  if (startsAt !== undefined && now < Date.parse(startsAt) - CANCELLATION_NOTICE_HOURS * 3_600_000) {
    return 'It is more than 48 hours away, so they may still move or cancel it online as usual.';
  }
  return 'They may move it once, free of the 48-hour notice.';
}

/**
 * The patient's flag from their booking link (could not stop their antihistamines, or unwell), when there is one:
 * open, with "Mark as dealt with" for a role that may change the appointment, or dealt with, by whom and when.
 */
export function AppointmentFlag({
  appointment,
  mayDealWith,
}: {
  appointment: StaffAppointmentDetail;
  mayDealWith: boolean;
}) {
  const dealWith = useSetFlagDealtWith();
  const notify = useNotify();
  const [error, setError] = useState<string>();
  const { flag } = appointment;
  if (!flag) return null;
  const dealt = flag.dealt_with_at !== null;
  const markDealtWith = async () => {
    try {
      const answer = await dealWith.mutateAsync({ id: appointment.id, flaggedAt: flag.flagged_at });
      setError(undefined);
      notify.success(answer.message);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    }
  };
  return (
    <section
      className={`appointment-flag${dealt ? ' appointment-flag--dealt' : ''}`}
      aria-labelledby="appointment-flag-title"
    >
      <h2 id="appointment-flag-title" className="appointment-flag__title">
        <span aria-hidden="true">{dealt ? '✓ ' : '⚑ '}</span>Patient’s note: {flag.label}
      </h2>
      <p>Sent from their booking link on {formatDateTime(flag.flagged_at)}.</p>
      {flag.message && <p className="appointment-flag__message">“{flag.message}”</p>}
      <p>{flagMoveNote(appointment.session?.starts_at, flag.free_move_used_at)}</p>
      {dealt ? (
        <p className="appointment-flag__dealt">
          <strong>Dealt with</strong>
          {flag.dealt_with_by ? ` by ${flag.dealt_with_by}` : ''} on{' '}
          {formatDateTime(flag.dealt_with_at ?? '')}.
        </p>
      ) : (
        mayDealWith && (
          <>
            <p className="appointment-flag__hint">
              Once you have spoken to the patient, mark it dealt with: it leaves the dashboard’s to do.
            </p>
            <button
              type="button"
              className="button button--secondary button--small"
              aria-disabled={dealWith.isPending || undefined}
              onClick={() => {
                if (!dealWith.isPending) void markDealtWith();
              }}
            >
              {dealWith.isPending ? 'Marking…' : 'Mark as dealt with'}
            </button>
            {error && (
              <p className="field__error" role="alert">
                {error}
              </p>
            )}
          </>
        )
      )}
    </section>
  );
}

/**
 * The antihistamines the patient said they take on the booking, and the day to stop each (a role that may not see
 * health details is not sent them, and sees nothing here).
 */
export function AppointmentAntihistamines({ appointment }: { appointment: StaffAppointmentDetail }) {
  const { antihistamines } = appointment;
  if (!antihistamines) return null;
  const { answered, taken, stop_days: stops } = antihistamines;
  return (
    <section className="admin-panel appointment-medicines" aria-labelledby="appointment-medicines-title">
      <h2 id="appointment-medicines-title" className="admin-panel__title">
        Antihistamines
      </h2>
      <p>
        {!answered
          ? 'Not asked (booked by staff, or before the question): every kind is stopped.'
          : taken.includes('none')
            ? 'The patient takes none: nothing to stop.'
            : `The patient takes: ${taken.map((choice) => medicineLabels[choice]).join('; ')}.`}
      </p>
      {stops.length > 0 && (
        <ul className="appointment-medicines__days">
          {stops.map((stop) => (
            <li key={stop.medicine}>
              <strong>{medicineLabels[stop.medicine]}</strong>: stop on {stopDayWords(stop.day)} (
              {stop.days_before} days before)
            </li>
          ))}
        </ul>
      )}
      {asksPharmacist(answered ? taken : null) && <p>{antihistamineTexts.askPharmacist}</p>}
    </section>
  );
}

/** A video appointment's join link: its own, set here; without one, the consultant's standing link is used. */
export function VideoLinkForm({
  appointment,
  readOnly,
}: {
  appointment: StaffAppointmentDetail;
  readOnly: boolean;
}) {
  const save = useSetVideoLink();
  const notify = useNotify();
  const [link, setLink] = useState(appointment.video_link ?? '');
  const [error, setError] = useState<string>();
  const submit = async () => {
    const trimmed = link.trim();
    const problem = trimmed ? videoLinkProblem(trimmed) : undefined;
    if (problem) {
      setError(problem);
      return;
    }
    try {
      const answer = await save.mutateAsync({ id: appointment.id, link: trimmed });
      setError(undefined);
      notify.success(answer.message);
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.body.errors?.video_link?.[0] ?? failure.message)
          : String(failure),
      );
    }
  };
  return (
    <form
      className="video-link-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label="Video link"
        hint={
          appointment.standing_video_link
            ? `Empty: the consultant’s standing link (${appointment.standing_video_link}). The patient sees it from 24 hours before.`
            : 'https://… The patient sees it from 24 hours before and in the 2-day reminder; set later, it is e-mailed to them.'
        }
        type="url"
        inputMode="url"
        autoComplete="off"
        maxLength={VIDEO_LINK_MAX}
        value={link}
        error={error}
        readOnly={readOnly}
        onChange={(event) => setLink(event.target.value)}
      />
      {!readOnly && (
        <button type="submit" className="button button--secondary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save video link'}
        </button>
      )}
    </form>
  );
}
