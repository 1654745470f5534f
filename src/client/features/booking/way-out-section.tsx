import { useEffect, useId, useRef, useState } from 'react';
import type { ManagedAppointment } from '../../../shared/manage-booking';
import {
  FLAG_MESSAGE_MAX,
  type FlagReason,
  flagChoices,
  flagReasons,
  WAY_OUT_SECTION_ID,
} from '../../../shared/way-out';
import { TextAreaField } from '../../components/form-field/text-area-field';
import { ApiError } from '../../lib/api-client';
import { useFlagManagedAppointment } from './manage-booking-api';
import { errorText } from './manage-error-text';
import { formatClinicMoment } from './managed-appointment-details';

/**
 * The booking page's way out before an allergy test (section `way-out`, which the reminders link to): the patient
 * who could not stop their antihistamines, or is unwell or wheezy, tells the clinic, and may then move the
 * appointment once free of the 48-hour notice, or keep it.
 */
export function WayOut({
  appointment,
  reference,
  token,
  opened,
  onFlagged,
  onMove,
}: {
  appointment: ManagedAppointment;
  reference: string;
  token: string;
  /** The page was opened at this section (a reminder's link): it is scrolled to and takes the focus. */
  opened: boolean;
  onFlagged: (message: string) => void;
  onMove: () => void;
}) {
  const wayOut = appointment.way_out;
  const flag = useFlagManagedAppointment(reference, token);
  const [reason, setReason] = useState<FlagReason | undefined>(wayOut?.flag?.reason);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; message?: string; form?: string }>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const reasonErrorId = useId();

  useEffect(() => {
    if (opened) {
      headingRef.current?.scrollIntoView({ block: 'start' });
      headingRef.current?.focus();
    }
  }, [opened]);

  if (!wayOut) return null;
  const tooLong = message.trim().length > FLAG_MESSAGE_MAX;

  const send = async () => {
    if (!reason) {
      setErrors({ reason: 'Please choose one.' });
      return;
    }
    if (tooLong) {
      setErrors({ message: 'Text is too long.' });
      return;
    }
    try {
      const answer = await flag.mutateAsync({ reason, ...(message.trim() ? { message } : {}) });
      setErrors({});
      setMessage('');
      onFlagged(answer.message);
    } catch (error) {
      const fields = error instanceof ApiError ? error.body.errors : undefined;
      setErrors({
        reason: fields?.reason?.[0],
        message: fields?.message?.[0],
        form: fields?.reason || fields?.message ? undefined : errorText(error),
      });
    }
  };

  return (
    <section id={WAY_OUT_SECTION_ID} className="manage-booking__way-out" aria-labelledby="way-out-title">
      <h2 id="way-out-title" className="held-slot__title" tabIndex={-1} ref={headingRef}>
        Could not stop your antihistamines, or unwell?
      </h2>
      <p>
        The skin test does not work while antihistamines are in your body, and we do not test someone who is
        unwell or wheezy. Tell us here: you can then move your appointment once, free of charge, even inside
        the 48 hours, or keep it and we will be in touch if needed.
      </p>
      {wayOut.flag && (
        <p className="manage-booking__flagged">
          You told us on {formatClinicMoment(wayOut.flag.flagged_at)}: “{flagChoices[wayOut.flag.reason]}”.
        </p>
      )}
      {wayOut.free_move === 'available' && (
        <p>
          <button type="button" className="button button--primary" onClick={onMove}>
            Move my appointment free of charge
          </button>
        </p>
      )}
      {wayOut.free_move === 'used' && <p>You have used your free move for this appointment.</p>}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <fieldset className="way-out-choice" aria-describedby={errors.reason ? reasonErrorId : undefined}>
          <legend className="field__label">{wayOut.flag ? 'Tell us again' : 'What happened?'}</legend>
          {flagReasons.map((choice) => (
            <label key={choice} className="way-out-choice__option">
              <input
                type="radio"
                name="way-out-reason"
                value={choice}
                checked={reason === choice}
                aria-invalid={errors.reason ? true : undefined}
                onChange={() => setReason(choice)}
              />
              {flagChoices[choice]}
            </label>
          ))}
          {errors.reason && (
            <p id={reasonErrorId} className="field__error" role="alert">
              {errors.reason}
            </p>
          )}
        </fieldset>
        <TextAreaField
          label="Anything to add (optional)"
          hint={`For the clinic, up to ${FLAG_MESSAGE_MAX} characters.`}
          rows={3}
          value={message}
          error={errors.message}
          onChange={(event) => setMessage(event.target.value)}
        />
        {errors.form && (
          <p className="booking-notice" role="alert">
            {errors.form}
          </p>
        )}
        <button
          type="submit"
          className="button button--secondary"
          aria-disabled={flag.isPending || undefined}
        >
          {flag.isPending ? 'Sending…' : 'Tell the clinic'}
        </button>
      </form>
    </section>
  );
}

/** A video consultation's join link, from 24 hours before; before then, when it will show. */
export function VideoLink({ appointment }: { appointment: ManagedAppointment }) {
  if (!appointment.video_link_from) return null;
  return (
    <section className="manage-booking__video" aria-labelledby="video-link-title">
      <h2 id="video-link-title" className="held-slot__title">
        Joining your video consultation
      </h2>
      {appointment.video_link ? (
        <>
          <p>At the time of your consultation, join it from this link:</p>
          <p>
            <a href={appointment.video_link} className="button button--primary" rel="noopener noreferrer">
              Join the video consultation
            </a>
          </p>
        </>
      ) : (
        <p>
          The link to join shows here from {formatClinicMoment(appointment.video_link_from)} (Dublin time),
          and we e-mail it to you two days before.
        </p>
      )}
    </section>
  );
}
