import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { joinWaitlist } from '../../../shared/api/waitlist-endpoints';
import { clinic, type LocationKey, locationKeys } from '../../../shared/clinic';
import type { WaitlistKind } from '../../../shared/waitlist';
import { CheckboxField } from '../../components/form-field/checkbox-field';
import { TextField } from '../../components/form-field/text-field';
import { ApiError, callEndpoint } from '../../lib/api-client';
import { clinicToday } from '../../lib/clinic-clock';
import type { RouteHandle } from '../../lib/route-handle';
import { useTextsSetUp } from '../../lib/texts-config';
import './waitlist.css';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Join the wait list',
    description: 'Be offered a time that frees up for an allergy test or a video consultation.',
    noindex: true,
  }),
};

const kindLabels: Record<WaitlistKind, string> = {
  booking_test: 'Allergy test at the clinic',
  booking_video: 'Video consultation',
};

/** The places a patient of this age is seen at. */
const placesFor = (isAdult: boolean) =>
  locationKeys.filter((key) => (key === 'child') !== isAdult).map((key) => clinic.locations[key]);

type Errors = Partial<Record<string, string>>;

/** The day `days` after `day` (YYYY-MM-DD). */
function dayAfter(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * /waitlist/join?kind=booking_test: name, e-mail, an optional mobile (with consent to texts), the kind, adult or
 * child, the places that suit and the dates. Client-only: it is reached from the booking pages' link.
 */
export function Component() {
  const [search] = useSearchParams();
  const textsSetUp = useTextsSetUp();
  const initialKind: WaitlistKind = search.get('kind') === 'booking_video' ? 'booking_video' : 'booking_test';
  const today = clinicToday();
  const [kind, setKind] = useState<WaitlistKind>(initialKind);
  const [isAdult, setIsAdult] = useState<boolean | undefined>(
    search.get('is_adult') === 'true' ? true : search.get('is_adult') === 'false' ? false : undefined,
  );
  const [places, setPlaces] = useState<LocationKey[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const ids = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const found: Errors = {};
    for (const name of ['name', 'email', 'from', 'to'])
      if (!text(name)) found[name] = 'This field is required, please fill in.';
    if (isAdult === undefined) found.is_adult = 'Say whether the appointment is for an adult or a child.';
    const phone = text('phone');
    const smsConsent = form.get('sms_consent') === 'on';
    if (smsConsent && !phone) found.sms_consent = 'Give a mobile number to receive texts, or untick the box.';
    setFailure(undefined);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      alertRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await callEndpoint(joinWaitlist, {
        json: {
          name: text('name'),
          email: text('email'),
          phone: phone || undefined,
          sms_consent: smsConsent,
          kind,
          is_adult: isAdult as boolean,
          locations: kind === 'booking_test' ? places : undefined,
          from: text('from'),
          to: text('to'),
        },
      });
      setErrors({});
      setDone(true);
    } catch (error) {
      const fields = error instanceof ApiError ? error.body.errors : undefined;
      if (fields) {
        setErrors(
          Object.fromEntries(
            Object.entries(fields).map(([field, messages]) => [field.split('.')[0], messages[0]]),
          ),
        );
        setFailure(undefined);
      } else {
        setErrors({});
        setFailure(error instanceof ApiError ? error.message : 'Something went wrong. Try it later.');
      }
      alertRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className="page container waitlist-page">
        <h1 className="page__title">You are on the wait list</h1>
        <p role="status" className="waitlist-page__done">
          We have sent you an e-mail. When a time that suits frees up, we will e-mail you a link that holds it
          for you for a short while, so you can book it.
        </p>
        <p>
          <Link to={`/sessions_availability/${kind}`}>Back to the booking page</Link>
        </p>
      </div>
    );
  }

  const shownErrors = Object.entries(errors).filter(([, message]) => message);
  return (
    <div className="page container waitlist-page">
      <h1 className="page__title">Join the wait list</h1>
      <p className="page__lead">
        No time suits? Tell us what you are waiting for. When a time that suits frees up (someone cancels, or
        we add times), we e-mail you a link that holds it for you, first come on the list, first offered.
      </p>
      <div ref={alertRef} tabIndex={-1} className="waitlist-page__alert">
        {(failure || shownErrors.length > 0) && (
          <div role="alert" className="booking-notice">
            {failure ?? 'Please correct the fields marked below.'}
          </div>
        )}
      </div>
      <form className="waitlist-form" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="waitlist-form__group">
          <legend>What are you waiting for?</legend>
          {(Object.keys(kindLabels) as WaitlistKind[]).map((value) => (
            <label key={value} className="waitlist-form__choice">
              <input
                type="radio"
                name="kind"
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
              />{' '}
              {kindLabels[value]}
            </label>
          ))}
          {errors.kind && <p className="field__error">{errors.kind}</p>}
        </fieldset>
        <fieldset
          className="waitlist-form__group"
          aria-invalid={errors.is_adult ? true : undefined}
          aria-describedby={errors.is_adult ? `${ids}-adult-error` : undefined}
        >
          <legend>Who is the appointment for?</legend>
          {[
            { label: 'Adult', value: true },
            { label: 'Child', value: false },
          ].map((option) => (
            <label key={option.label} className="waitlist-form__choice">
              <input
                type="radio"
                name="is_adult"
                checked={isAdult === option.value}
                onChange={() => {
                  setIsAdult(option.value);
                  setPlaces([]);
                }}
              />{' '}
              {option.label}
            </label>
          ))}
          {errors.is_adult && (
            <p id={`${ids}-adult-error`} className="field__error">
              {errors.is_adult}
            </p>
          )}
        </fieldset>
        {kind === 'booking_test' && isAdult !== undefined && (
          <fieldset className="waitlist-form__group">
            <legend>Places that suit (none ticked: any)</legend>
            {placesFor(isAdult).map((place) => (
              <label key={place.key} className="waitlist-form__choice">
                <input
                  type="checkbox"
                  checked={places.includes(place.key)}
                  onChange={(event) =>
                    setPlaces((chosen) =>
                      event.target.checked
                        ? [...chosen, place.key]
                        : chosen.filter((key) => key !== place.key),
                    )
                  }
                />{' '}
                {place.label}
              </label>
            ))}
            {errors.locations && <p className="field__error">{errors.locations}</p>}
          </fieldset>
        )}
        <div className="waitlist-form__dates">
          <TextField
            label="Earliest date"
            name="from"
            type="date"
            min={today}
            defaultValue={today}
            required
            error={errors.from}
          />
          <TextField
            label="Latest date"
            name="to"
            type="date"
            min={today}
            defaultValue={dayAfter(today, 60)}
            required
            error={errors.to}
          />
        </div>
        <TextField label="Your name" name="name" autoComplete="name" required error={errors.name} />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.email}
        />
        {/* The mobile is there for texts: asked for only when the clinic sends them. */}
        {textsSetUp && (
          <>
            <TextField
              label="Mobile (optional)"
              name="phone"
              type="tel"
              autoComplete="tel"
              hint="For a text when a time frees up, if you tick the box below."
              error={errors.phone}
            />
            <CheckboxField
              name="sms_consent"
              label="Text me when a time frees up (no health details are ever texted)."
              error={errors.sms_consent}
            />
          </>
        )}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Joining…' : 'Join the wait list'}
        </button>
      </form>
    </div>
  );
}
