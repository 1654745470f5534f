import { useContext } from 'react';
import { ApiError } from '../../lib/api-client';
import { type Notify, NotifyContext } from './notification-context';

/** The notification functions of the nearest `NotificationProvider` (mounted by `AppProviders`). */
export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify() needs a <NotificationProvider> (AppProviders) above it');
  return notify;
}

/**
 * Shows the error notice for a failed call: the server's `error_messages` text when the answer had one,
 * the default text otherwise. A call aborted on purpose (navigation, unmount) shows nothing.
 */
export function notifyApiError(notify: Notify, error: unknown, options?: { payment?: boolean }): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (error instanceof ApiError) {
    notify.error(error.message, options);
    return;
  }
  notify.error(undefined, options);
}
