import { createContext } from 'react';

/** How long a notice stays on screen (spec section 9). */
export const NOTIFICATION_DURATION_MS = 3000;
export const PAYMENT_ERROR_DURATION_MS = 5000;
/** For a notice of a few sentences the visitor has to read and keep (an address to write to): 10 s. */
export const LONG_NOTIFICATION_DURATION_MS = 10_000;

export type NotificationKind = 'success' | 'error';

export interface Notification {
  id: number;
  kind: NotificationKind;
  title: string;
  message: string;
  durationMs: number;
}

interface ErrorOptions {
  /** Payment errors stay on screen longer (5 s instead of 3 s). */
  payment?: boolean;
}

interface SuccessOptions {
  /** How long it stays, when it is longer than a usual notice (`LONG_NOTIFICATION_DURATION_MS`). */
  durationMs?: number;
}

/** What `useNotify()` returns. The functions are stable: safe in effect and callback dependencies. */
export interface Notify {
  success(message: string, title?: string, options?: SuccessOptions): void;
  /** Without a message: 'Something went wrong. Try it later.' Title: 'Error'. */
  error(message?: string, options?: ErrorOptions): void;
}

export const NotifyContext = createContext<Notify | null>(null);
