/**
 * The visitor's hold on a slot, kept in session storage only (DESIGN.md section 3): the hold token is a
 * secret of this tab's booking, never put in a URL, gone when the tab closes.
 */
export interface StoredHold {
  token: string;
  sessionId: number;
  /** ISO 8601 */
  expiresAt: string;
  isVideoCall: boolean;
  isAdult: boolean;
  /** The clinic day, YYYY-MM-DD, and the times HH:mm. */
  date: string;
  startTime: string;
  endTime: string;
  address: string | null;
  price: number;
}

const KEY = 'booking_hold';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined; // storage blocked by the browser's settings
  }
}

/** The stored hold, unless it has lapsed (then it is forgotten). */
export function readHold(now: Date = new Date()): StoredHold | undefined {
  const raw = storage()?.getItem(KEY);
  if (!raw) return undefined;
  try {
    const hold = JSON.parse(raw) as StoredHold;
    if (typeof hold.token === 'string' && new Date(hold.expiresAt).getTime() > now.getTime()) return hold;
  } catch {
    // not ours: forget it
  }
  clearHold();
  return undefined;
}

export function writeHold(hold: StoredHold): void {
  storage()?.setItem(KEY, JSON.stringify(hold));
}

export function clearHold(): void {
  storage()?.removeItem(KEY);
}
