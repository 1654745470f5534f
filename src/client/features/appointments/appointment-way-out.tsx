import { useState } from 'react';
import type { StaffAppointmentDetail } from '../../../shared/appointments';
import { VIDEO_LINK_MAX, videoLinkProblem } from '../../../shared/way-out';
import { TextField } from '../../components/form-field/text-field';
import { useNotify } from '../../components/notifications/use-notify';
import { ApiError } from '../../lib/api-client';
import { useSetVideoLink } from './appointments-admin-api';

const moment = new Intl.DateTimeFormat('en-IE', {
  timeZone: 'Europe/Dublin',
  dateStyle: 'medium',
  timeStyle: 'short',
});
const formatDateTime = (instant: string) => moment.format(new Date(instant));

/** The patient's flag from their booking link (could not stop their antihistamines, or unwell), when there is one. */
export function AppointmentFlag({ appointment }: { appointment: StaffAppointmentDetail }) {
  const { flag } = appointment;
  if (!flag) return null;
  return (
    <section className="appointment-flag" aria-labelledby="appointment-flag-title">
      <h2 id="appointment-flag-title" className="appointment-flag__title">
        <span aria-hidden="true">⚑ </span>Patient’s note: {flag.label}
      </h2>
      <p>Sent from their booking link on {formatDateTime(flag.flagged_at)}.</p>
      {flag.message && <p className="appointment-flag__message">“{flag.message}”</p>}
      <p>
        {flag.free_move_used_at
          ? `They used their free move on ${formatDateTime(flag.free_move_used_at)}.`
          : 'They may move it once, free of the 48-hour notice.'}
      </p>
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
