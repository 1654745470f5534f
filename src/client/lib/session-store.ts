/**
 * JSON values in this tab's session storage (DESIGN.md section 3: what the booking keeps between its steps,
 * gone when the tab closes). Storage the browser blocks, or that is full, is no error: reads find nothing
 * and writes are dropped, and the flow goes on without it. A stored value that is not JSON is forgotten.
 */

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined; // storage blocked by the browser's settings
  }
}

/** The value stored under `key`, parsed; undefined when there is none or it is not JSON (then removed). */
export function readSessionValue(key: string): unknown {
  const raw = storage()?.getItem(key);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    removeSessionValue(key);
    return undefined;
  }
}

/** Stores `value` as JSON under `key`. */
export function writeSessionValue(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or blocked: the flow goes on without it
  }
}

export function removeSessionValue(key: string): void {
  storage()?.removeItem(key);
}
