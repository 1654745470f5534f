import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The paid booking's steps, in order: the calendar, the request form, the payment, the confirmation. */
const STEPS = ['Time', 'Details', 'Payment', 'Done'] as const;

type StepIndex = 0 | 1 | 2 | 3;

/**
 * Where the visitor is in the paid booking: an ordered list, the current step marked `aria-current="step"`
 * and the steps before it said to be done. Plain markup (its look is in availability.css, a public sheet).
 */
export function BookingSteps({ current }: { current: StepIndex }) {
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

/** Session storage's note that the next page is the booking's next step, loaded as a new page (the payment). */
const STEP_CHANGE_KEY = 'clinic.booking-step-changed';

/** Says the page about to load (`location.assign`) is the booking's next step, so its heading takes the focus. */
export function markStepChange(): void {
  try {
    sessionStorage.setItem(STEP_CHANGE_KEY, '1');
  } catch {
    // Storage refused (private mode): the page loads with the browser's own focus.
  }
}

/** Whether the page was reached from another step: in the app (React Router's first page has the key 'default'), or marked. */
function cameFromAnotherStep(locationKey: string): boolean {
  let marked = false;
  try {
    marked = sessionStorage.getItem(STEP_CHANGE_KEY) !== null;
    sessionStorage.removeItem(STEP_CHANGE_KEY);
  } catch {
    // As above.
  }
  return marked || locationKey !== 'default';
}

/**
 * A booking step's heading, which takes the focus when the visitor arrives from another step, so a screen reader
 * announces the new step ("Step 2 of 4: Your details") and the next Tab starts there; a page opened straight from
 * an address or a link elsewhere keeps the browser's own focus. A notice the page focuses after it still wins.
 */
export function StepHeading({
  step,
  level,
  id,
  className,
  children,
}: {
  step: StepIndex;
  level: 1 | 2;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    if (cameFromAnotherStep(key)) ref.current?.focus();
  }, [key]);
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <Heading ref={ref} id={id} className={className} tabIndex={-1}>
      <span className="visually-hidden">{`Step ${step + 1} of ${STEPS.length}: `}</span>
      {children}
    </Heading>
  );
}
