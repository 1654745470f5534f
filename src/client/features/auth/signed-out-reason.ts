import type { UnauthorizedReason } from '../../lib/api-client';

/**
 * Why the back office sent its visitor to /login, kept for that arrival only: the API's sentence when the session
 * ran out by itself (unused too long, or too long since sign-in). Kept in session storage rather than the
 * navigation's state, because the layout's own redirect of a signed-out visitor may overtake that navigation.
 */
const STORAGE_KEY = 'signed_out_reason';

/** A signed-in session refused with no reason of its own: ended elsewhere, or the account was disabled. */
const ENDED_ELSEWHERE =
  'You were signed out: your session was ended elsewhere or your account was changed. Please sign in again.';

/** Keeps the reason of a 401 that ended a signed-in session: the API's own when it ran out by itself. */
export function rememberSignedOut(reason: UnauthorizedReason): void {
  const ranOut = reason.code === 'session_idle' || reason.code === 'session_expired';
  try {
    window.sessionStorage.setItem(STORAGE_KEY, ranOut ? reason.message : ENDED_ELSEWHERE);
  } catch {
    // Storage refused (a private window's quota): the sign-in page then just says nothing.
  }
}

/** The reason kept for this arrival at /login, if any. */
export function readSignedOutMessage(): string | undefined {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) || undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the reason once shown, so a later visit to /login has nothing to say. */
export function forgetSignedOutMessage(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing kept
  }
}
