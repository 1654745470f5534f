import { useEffect, useRef } from 'react';
import type { Notification } from './notification-context';

interface NotificationToastProps {
  notification: Notification;
  onDismiss: (id: number) => void;
}

/**
 * One notice. It closes by itself after its duration, or with its close button; the timer waits while
 * the pointer is over it or the keyboard focus is in it, so nobody loses a notice they are reading.
 */
export function NotificationToast({ notification, onDismiss }: NotificationToastProps) {
  const { id, kind, title, message, durationMs } = notification;
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hovered = false;
    let focused = false;
    const restart = () => {
      clearTimeout(timer);
      if (!hovered && !focused) timer = setTimeout(() => onDismiss(id), durationMs);
    };
    const onPointerEnter = () => {
      hovered = true;
      restart();
    };
    const onPointerLeave = () => {
      hovered = false;
      restart();
    };
    const onFocusIn = () => {
      focused = true;
      restart();
    };
    const onFocusOut = (event: FocusEvent) => {
      focused = element.contains(event.relatedTarget as Node | null);
      restart();
    };
    element.addEventListener('pointerenter', onPointerEnter);
    element.addEventListener('pointerleave', onPointerLeave);
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    restart();
    return () => {
      clearTimeout(timer);
      element.removeEventListener('pointerenter', onPointerEnter);
      element.removeEventListener('pointerleave', onPointerLeave);
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
    };
  }, [id, durationMs, onDismiss]);

  return (
    <div ref={ref} className={`notification notification--${kind}`}>
      <span className="notification__icon">
        {kind === 'error' ? (
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="10" fill="currentColor" />
            <path d="M12 7v6" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
            <circle cx="12" cy="17" r="1.4" fill="#fff" />
          </svg>
        ) : (
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="10" fill="currentColor" />
            <path
              d="m7.5 12.5 3 3 6-6.5"
              fill="none"
              stroke="#fff"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        )}
      </span>
      <div className="notification__body">
        <p className="notification__title">{title}</p>
        <p className="notification__message">{message}</p>
      </div>
      <button
        type="button"
        className="notification__close"
        aria-label={`Close notification: ${title}`}
        onClick={() => onDismiss(id)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
