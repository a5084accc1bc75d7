import { useSyncExternalStore } from 'react';

/** Local-storage key of the session token (spec part 1, §9). */
export const AUTH_TOKEN_KEY = 'auth_token';

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be blocked (privacy settings); the app then works without a session.
    return null;
  }
}

export function getAuthToken(): string | null {
  return storage()?.getItem(AUTH_TOKEN_KEY) || null;
}

export function setAuthToken(token: string): void {
  storage()?.setItem(AUTH_TOKEN_KEY, token);
  notify();
}

export function clearAuthToken(): void {
  storage()?.removeItem(AUTH_TOKEN_KEY);
  notify();
}

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes the session here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === AUTH_TOKEN_KEY || event.key === null) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

const noSubscription = () => () => {};

/**
 * False only where the page is rendered ahead of time (the build's pre-rendered /jobs shell, ADR
 * 086): no one's session is known there, so what depends on it is left neutral rather than shown
 * as a visitor's. True in the browser from the first render.
 */
export function useSessionKnowable(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

/** The current token; re-renders when it is stored or cleared. */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribe, getAuthToken, () => null);
}
