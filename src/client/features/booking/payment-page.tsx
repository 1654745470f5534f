import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { bookingTexts } from '../../../shared/booking';
import { formatEuro } from '../../../shared/euro';
import { paymentTexts } from '../../../shared/payments';
import { texts } from '../../../shared/validation-texts';
import { BookingSteps, StepHeading } from '../../components/booking-steps/booking-steps';
import { ApiError, isNotFoundError } from '../../lib/api-client';
import { clearHold, type StoredHold } from '../../lib/booking-hold';
import type { RouteHandle } from '../../lib/route-handle';
import { useCheckPayment, useCreatePayment, usePaymentConfig, useVisitorAppointment } from './booking-api';
import {
  clearDraft,
  clearVisitorAppointment,
  readVisitorAppointment,
  rememberPaidBooking,
  type StoredVisitorAppointment,
  writeConfirmation,
} from './booking-storage';
import { BOOKING_CONFIRMED_PATH, bookingTitle } from './booking-titles';
import type { CardEntry } from './card-entry';
import { HeldSlotSummary } from './held-slot-summary';
import { HoldCountdown } from './hold-countdown';
import { useHeldSlot } from './use-held-slot';
import '../../styles/request-forms.css';
import './booking.css';

// The card forms load only on this step: other pages never download them (nor Stripe.js).
const TestCardForm = lazy(() => import('./test-card-form'));
const StripeCardForm = lazy(() => import('./stripe-card-form'));

/**
 * `/payment`: the confirmation of the paid booking (spec 2.3 and 4): the appointment, the price, the card
 * and 'Pay {amount} €'. Without a held slot it goes to `/`, without an appointment to the request form. This
 * page is loaded as a new document from the form, so its own Content-Security-Policy (Stripe) applies.
 */
export const handle: RouteHandle = {
  head: () => ({
    title: 'Payment – Book An Appointment',
    description: 'Confirm your appointment and pay by card.',
    noindex: true,
  }),
};

/** 180 → '180', 85.5 → '85.50': the amount in the 'Pay {amount} €' button. */
export const payAmount = (price: number) => (Number.isInteger(price) ? String(price) : price.toFixed(2));

const CONFIRMING_TRIES = 20;

export function Component() {
  const { hold, cancel: cancelHold, refresh } = useHeldSlot();
  const navigate = useNavigate();
  const [appointment, setAppointment] = useState<StoredVisitorAppointment>();

  useEffect(() => {
    if (!hold) return;
    const stored = readVisitorAppointment(hold.slotId);
    if (stored) setAppointment(stored);
    else navigate('/confirm', { replace: true });
  }, [hold, navigate]);

  if (!hold || !appointment) {
    return (
      <div className="page container booking-step">
        <p role="status">Loading your booking…</p>
      </div>
    );
  }
  return <PaymentStep hold={hold} appointment={appointment} cancelHold={cancelHold} refreshHold={refresh} />;
}

function PaymentStep({
  hold,
  appointment,
  cancelHold,
  refreshHold,
}: {
  hold: StoredHold;
  appointment: StoredVisitorAppointment;
  cancelHold: () => Promise<void>;
  /** A payment attempt holds the time again on the server: its new end is read back. */
  refreshHold: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const read = useVisitorAppointment(appointment);
  const config = usePaymentConfig();
  const pay = useCreatePayment();
  const check = useCheckPayment();
  const cardRef = useRef<CardEntry>(null);
  const [fillCard, setFillCard] = useState(false);
  // Why a payment failed stays beside the card, and only there, until the card is edited or tried again: a
  // notice at the top of the screen would last 5 s and, on a phone, cover the card field.
  const [failure, setFailure] = useState<string>();
  const [working, setWorking] = useState<'paying' | 'confirming' | 'cancelling' | 'done'>();
  const patient = read.data?.patient;

  // Paid: the appointment is read once more for its reference, kept for the confirmation page without its token,
  // and the flow's hold, token and draft are forgotten. The confirmation page says the spec's success notice
  // (a notice at the top as well would cover the appointment's details on a phone).
  const refetch = read.refetch;
  const succeeded = useCallback(async () => {
    setWorking('done');
    const paid = (await refetch().catch(() => undefined))?.data?.patient ?? patient;
    const slot = paid?.session;
    writeConfirmation({
      reference: paid?.reference ?? null,
      calendar: paid?.calendar ?? null,
      isVideoCall: hold.isVideoCall,
      isAdult: hold.isAdult,
      date: hold.date,
      startTime: slot?.start_time ?? hold.startTime,
      endTime: slot?.end_time ?? hold.endTime,
      startsAt: slot?.starts_at ?? '',
      endsAt: slot?.ends_at ?? '',
      address: slot ? slot.address : hold.address,
      location: slot?.location ?? null,
      amount: paid?.price ?? hold.price,
      patientName: paid?.full_name ?? '',
      email: paid?.email ?? null,
      antihistamines: paid?.antihistamines ?? null,
    });
    if (paid?.reference) rememberPaidBooking(paid.reference, appointment.accessToken);
    clearHold();
    clearVisitorAppointment();
    clearDraft();
    void queryClient.invalidateQueries();
    navigate(BOOKING_CONFIRMED_PATH, { replace: true });
  }, [hold, navigate, queryClient, refetch, patient, appointment.accessToken]);

  // The appointment is no longer there (its token is not valid): the form makes it again.
  useEffect(() => {
    if (isNotFoundError(read.error)) {
      clearVisitorAppointment();
      navigate('/confirm', { replace: true });
    }
  }, [read.error, navigate]);

  // Already paid (a payment confirmed after a card check, then a reload): nothing more to do.
  useEffect(() => {
    if (patient?.payment_status === 'succeeded' && working !== 'done') void succeeded();
  }, [patient?.payment_status, working, succeeded]);

  const onEdit = useCallback(() => {
    setFillCard(false);
    setFailure(undefined);
  }, []);
  const failed = (message: string) => setFailure(message);

  /** After a card check, the appointment is paid once the provider says so: the server asks it, a few times. */
  const waitUntilPaid = async (): Promise<boolean> => {
    for (let attempt = 0; attempt < CONFIRMING_TRIES; attempt += 1) {
      const answer = await check
        .mutateAsync({ patientId: appointment.patientId, accessToken: appointment.accessToken })
        .catch(() => undefined);
      if (answer?.patient.payment_status === 'succeeded') return true;
      await new Promise((resolve) => window.setTimeout(resolve, 1500));
    }
    return false;
  };

  const onPay = async () => {
    if (!patient || !cardRef.current || working) return;
    setWorking('paying');
    setFailure(undefined);
    try {
      const card = await cardRef.current.createPaymentMethod();
      if (card.kind === 'incomplete') {
        setFillCard(true);
        return;
      }
      if (card.kind === 'error') {
        failed(card.message);
        return;
      }
      const answer = await pay.mutateAsync({
        accessToken: appointment.accessToken,
        body: {
          customer_email: patient.email ?? undefined,
          price: Math.round(patient.price * 100),
          patient_id: patient.id,
          token: card.paymentMethodId,
        },
      });
      if (answer.status === 'succeeded') {
        await succeeded();
        return;
      }
      if (answer.requires_action) {
        const check = await cardRef.current.handleNextAction(answer.payment_intent_client_secret);
        if (check.error) {
          failed(check.error);
          refreshHold();
          return;
        }
      }
      setWorking('confirming');
      if (await waitUntilPaid()) await succeeded();
      else failed('Your payment is still being confirmed. You will get an e-mail once it is.');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'already_paid') {
        await succeeded();
        return;
      }
      failed(error instanceof ApiError ? error.message : texts.defaultError);
      refreshHold();
    } finally {
      setWorking((current) => (current === 'done' ? current : undefined));
    }
  };

  const cancel = async () => {
    setWorking('cancelling');
    await cancelHold();
  };

  const price = patient?.price ?? hold.price;
  const mode = config.data?.mode;
  const busy = working !== undefined;

  return (
    <div className="page container booking-step">
      <h1 className="page__title">{bookingTitle(hold.isVideoCall)}</h1>
      <BookingSteps current={2} />
      {mode === 'test' && (
        <p className="test-mode-banner">
          <strong>Test mode: no real payment is taken</strong>
          <span> Use the card 4242 4242 4242 4242 with any future date and any CVC.</span>
        </p>
      )}
      <div className="booking-step__layout">
        <HeldSlotSummary slot={{ ...hold, price }}>
          {patient && (
            <p className="held-slot__patient">
              For <strong>{patient.full_name}</strong>
              {patient.email ? ` (${patient.email})` : ''}
            </p>
          )}
          <HoldCountdown expiresAt={hold.expiresAt} />
          <Link className="held-slot__change" to="/confirm">
            Change your details
          </Link>
        </HeldSlotSummary>

        <section className="payment-panel" aria-labelledby="payment-title">
          <StepHeading step={2} level={2} id="payment-title" className="booking-form__title">
            Confirm and pay
          </StepHeading>
          {read.isPending && <p role="status">Loading your booking…</p>}
          {read.isError && !isNotFoundError(read.error) && (
            <p role="alert" className="availability-error">
              Your booking could not be loaded. Please reload the page.
            </p>
          )}
          <p className="payment-panel__total">
            <span>Total</span> <strong>{formatEuro(price)}</strong>
          </p>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void onPay();
            }}
          >
            {config.isError && (
              <p role="alert" className="availability-error">
                The card form could not be loaded. Please reload the page.
              </p>
            )}
            <Suspense fallback={<p role="status">Loading the card form…</p>}>
              {mode === 'test' && (
                <TestCardForm ref={cardRef} invalid={fillCard} onEdit={onEdit} disabled={busy} />
              )}
              {mode === 'stripe' && config.data?.publishable_key && (
                <StripeCardForm
                  ref={cardRef}
                  invalid={fillCard}
                  onEdit={onEdit}
                  disabled={busy}
                  publishableKey={config.data.publishable_key}
                />
              )}
            </Suspense>
            <div role="alert" className="payment-panel__alert">
              {fillCard && <p className="card-form__fill">{bookingTexts.fillCard}</p>}
              {failure && <p className="card-form__fill">{failure}</p>}
            </div>
            {working === 'confirming' && <p role="status">Confirming your payment with your bank…</p>}
            <div className="booking-form__actions">
              <button
                type="submit"
                className="button button--primary button--large"
                disabled={busy || !patient || !mode}
                aria-describedby="payment-secure-note"
              >
                {working === 'paying' || working === 'confirming'
                  ? 'Paying…'
                  : paymentTexts.payFor(payAmount(price))}
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => void cancel()}
              >
                Cancel booking
              </button>
            </div>
            <p id="payment-secure-note" className="booking-form__note">
              {mode === 'stripe'
                ? 'Your card is handled by Stripe; the clinic never sees its number.'
                : 'No card details leave this page in test mode.'}
            </p>
          </form>
        </section>
      </div>
    </div>
  );
}
