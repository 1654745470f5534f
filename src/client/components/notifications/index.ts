export type { ErrorOptions, Notify } from './notification-context';
export { NOTIFICATION_DURATION_MS, PAYMENT_ERROR_DURATION_MS } from './notification-context';
export { NotificationProvider } from './notification-provider';
export { notifyApiError, useNotify } from './use-notify';
