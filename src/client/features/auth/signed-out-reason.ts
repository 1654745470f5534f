/**
 * Why the back office sent its visitor to /login, kept for that arrival only: the API's sentence when the session
 * ran out by itself (unused too long, or too long since sign-in). Kept in session storage rather than the
 * navigation's state, because the layout's own redirect of a signed-out visitor may overtake that navigation.
 */
export const SIGNED_OUT_REASON_KEY = 'signed_out_reason';

/** The reason kept for this arrival at /login, if any. */
export function readSignedOutMessage(): string | undefined {
  try {
    return window.sessionStorage.getItem(SIGNED_OUT_REASON_KEY) || undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the reason once shown, so a later visit to /login has nothing to say. */
export function forgetSignedOutMessage(): void {
  try {
    window.sessionStorage.removeItem(SIGNED_OUT_REASON_KEY);
  } catch {
    // nothing kept
  }
}
