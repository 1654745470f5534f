import type { UnauthorizedReason } from '../../lib/api-client';
import { SIGNED_OUT_REASON_KEY } from './signed-out-reason';

// Written by the back office as it signs out; the sign-in page only reads it (signed-out-reason.ts).

/** A signed-in session refused with no reason of its own: ended elsewhere, or the account was disabled. */
const ENDED_ELSEWHERE =
  'You were signed out: your session was ended elsewhere or your account was changed. Please sign in again.';

/** Keeps the reason of a 401 that ended a signed-in session: the API's own when it ran out by itself. */
export function rememberSignedOut(reason: UnauthorizedReason): void {
  const ranOut = reason.code === 'session_idle' || reason.code === 'session_expired';
  try {
    window.sessionStorage.setItem(SIGNED_OUT_REASON_KEY, ranOut ? reason.message : ENDED_ELSEWHERE);
  } catch {
    // Storage refused (a private window's quota): the sign-in page then just says nothing.
  }
}
