import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { texts } from '../../../shared/validation-texts';
import {
  NOTIFICATION_DURATION_MS,
  type Notification,
  type NotificationKind,
  type Notify,
  NotifyContext,
  PAYMENT_ERROR_DURATION_MS,
} from './notification-context';
import { NotificationToast } from './notification-toast';
import './notifications.css';

/** At most this many notices at once; the oldest goes first. */
const MAX_VISIBLE = 4;

/** A phone's width: there a notice spans the screen (its width in notifications.css), over the page's fields. */
const PHONE_WIDTH = '(max-width: 40rem)';

/**
 * Holds the notices and shows them top right (spec section 8). Both live regions are in the page from
 * the first render (also on the server, empty), so screen readers announce what is added to them:
 * success notices politely (role=status), errors at once (role=alert).
 */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const [notifications, setNotifications] = useState<Notification[]>([]);
  const nextId = useRef(1);
  const sectionRef = useRef<HTMLElement>(null);

  // On a phone a notice spans the screen over the page: the person's next tap or key clears it, so it never
  // stands between them and a field. A tap on the notice itself only clears it (a click, not a press: what lies
  // beneath must not get the tap), one elsewhere also does what it does.
  const shown = notifications.length > 0;
  useEffect(() => {
    if (!shown || !window.matchMedia(PHONE_WIDTH).matches) return;
    const section = sectionRef.current;
    const clear = () => setNotifications([]);
    const clearFromOutside = (event: Event) => {
      if (!(event.target instanceof Node && section?.contains(event.target))) clear();
    };
    document.addEventListener('pointerdown', clearFromOutside, true);
    document.addEventListener('keydown', clearFromOutside, true);
    section?.addEventListener('click', clear);
    return () => {
      document.removeEventListener('pointerdown', clearFromOutside, true);
      document.removeEventListener('keydown', clearFromOutside, true);
      section?.removeEventListener('click', clear);
    };
  }, [shown]);

  const dismiss = useCallback((id: number) => {
    setNotifications((current) => current.filter((notification) => notification.id !== id));
  }, []);

  const show = useCallback((kind: NotificationKind, title: string, message: string, durationMs: number) => {
    const id = nextId.current++;
    setNotifications((current) => {
      // The same notice twice in a row restarts it instead of stacking a copy, and the latest outcome replaces
      // notices of the other kind: an error of an earlier attempt never stays beside a later success.
      const others = current.filter((n) => n.kind === kind && (n.title !== title || n.message !== message));
      return [...others, { id, kind, title, message, durationMs }].slice(-MAX_VISIBLE);
    });
  }, []);

  const notify = useMemo<Notify>(
    () => ({
      success: (message, title = 'Success', options) =>
        show('success', title, message, options?.durationMs ?? NOTIFICATION_DURATION_MS),
      error: (message, options) =>
        show(
          'error',
          texts.errorTitle,
          message || texts.defaultError,
          options?.payment ? PAYMENT_ERROR_DURATION_MS : NOTIFICATION_DURATION_MS,
        ),
    }),
    [show],
  );

  const successes = notifications.filter((n) => n.kind === 'success');
  const errors = notifications.filter((n) => n.kind === 'error');

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <section ref={sectionRef} className="notifications" aria-label="Notifications">
        <div className="notifications__region" role="alert" aria-live="assertive" aria-atomic="false">
          {errors.map((notification) => (
            <NotificationToast key={notification.id} notification={notification} onDismiss={dismiss} />
          ))}
        </div>
        <div className="notifications__region" role="status" aria-live="polite" aria-atomic="false">
          {successes.map((notification) => (
            <NotificationToast key={notification.id} notification={notification} onDismiss={dismiss} />
          ))}
        </div>
      </section>
    </NotifyContext.Provider>
  );
}
