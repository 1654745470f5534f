import type { ManagedAppointment } from '../../../shared/manage-booking';
import { textTexts } from '../../../shared/texts';
import { useStopManagedTexts } from './manage-booking-api';
import { errorText } from './manage-error-text';

/** While the patient gets texts about their booking, the way to stop them here as well as by replying STOP. */
export function StopTexts({
  appointment,
  reference,
  token,
  onStopped,
}: {
  appointment: ManagedAppointment;
  reference: string;
  token: string;
  onStopped: (message: string) => void;
}) {
  const stop = useStopManagedTexts(reference, token);
  if (appointment.texts !== 'on') return null;
  return (
    <section className="manage-booking__video" aria-labelledby="texts-title">
      <h2 id="texts-title" className="held-slot__title">
        Texts
      </h2>
      <p>We text you a reminder and any change of time. Reply STOP to a text, or stop them here.</p>
      <p>
        <button
          type="button"
          className="button button--secondary"
          disabled={stop.isPending}
          onClick={() => stop.mutate(undefined, { onSuccess: (answer) => onStopped(answer.message) })}
        >
          {textTexts.withdrawButton}
        </button>
      </p>
      {stop.error && <p role="alert">{errorText(stop.error)}</p>}
    </section>
  );
}
