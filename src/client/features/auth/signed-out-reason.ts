import type { UnauthorizedReason } from '../../lib/api-client';

/** What the back office hands the sign-in page when a session ends by itself: the sentence saying why. */
export interface SignedOutState {
  signedOut?: string;
}

/** The API's sentence when the session ran out (unused too long, or too long since sign-in); nothing otherwise. */
export function signedOutState(reason: UnauthorizedReason): SignedOutState {
  const ranOut = reason.code === 'session_idle' || reason.code === 'session_expired';
  return ranOut ? { signedOut: reason.message } : {};
}

/** The sentence a navigation to /login carries, if any. */
export function signedOutMessage(state: unknown): string | undefined {
  const message = (state as SignedOutState | null)?.signedOut;
  return typeof message === 'string' && message ? message : undefined;
}
