import { useSyncExternalStore } from 'react';
import { getAuthToken, subscribeAuthToken } from '../../lib/auth-token';

function subscribe(listener: () => void): () => void {
  const unsubscribe = subscribeAuthToken(listener);
  // A sign-in or sign-out in another tab changes local storage too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === 'auth_token') listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored admin token, kept current; `null` on the server and when signed out. */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribe, getAuthToken, () => null);
}
