/** The paid booking's steps, in order: the calendar, the request form, the payment, the confirmation. */
const STEPS = ['Time', 'Details', 'Payment', 'Done'] as const;

/**
 * Where the visitor is in the paid booking: an ordered list, the current step marked `aria-current="step"`
 * and the steps before it said to be done. Plain markup (its look is in availability.css, a public sheet).
 */
export function BookingSteps({ current }: { current: 0 | 1 | 2 | 3 }) {
  return (
    <ol className="booking-steps" aria-label="Booking steps">
      {STEPS.map((step, index) => (
        <li key={step} aria-current={index === current ? 'step' : undefined}>
          {step}
          {index < current && <span className="visually-hidden"> (done)</span>}
        </li>
      ))}
    </ol>
  );
}
