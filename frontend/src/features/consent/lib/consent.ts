import { useSyncExternalStore } from 'react';

/**
 * Cookie consent (spec part 1 §2 "Cookie-consent banner", §3: local-storage key `cookieConsent`,
 * accepted or declined; ADR 041). `null`: no choice stored yet, so the banner shows.
 */
export const CONSENT_STORAGE_KEY = 'cookieConsent';
export type Consent = 'accepted' | 'declined';

const listeners = new Set<() => void>();
/** Closed with × for this visit: nothing stored, so the next visit asks again. */
let dismissedThisVisit = false;
/** A choice the browser would not store (private mode, full storage): it holds for this visit. */
let memoryConsent: Consent | null = null;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readConsent(): Consent | null {
  const value = storage()?.getItem(CONSENT_STORAGE_KEY);
  return value === 'accepted' || value === 'declined' ? value : null;
}

export function storeConsent(consent: Consent): void {
  try {
    storage()?.setItem(CONSENT_STORAGE_KEY, consent);
  } catch {
    // Storage refused (private mode, full): the choice holds for this visit only.
    memoryConsent = consent;
  }
  notify();
}

export function dismissForThisVisit(): void {
  dismissedThisVisit = true;
  notify();
}

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => `${readConsent() ?? memoryConsent ?? ''}|${dismissedThisVisit ? 1 : 0}`;

/** The stored choice, and whether the banner was closed for this visit; follows changes made in this tab. */
export function useConsent(): { consent: Consent | null; dismissed: boolean } {
  const value = useSyncExternalStore(subscribe, snapshot, () => '|0');
  const [consent, dismissed] = value.split('|');
  return { consent: consent === 'accepted' || consent === 'declined' ? consent : null, dismissed: dismissed === '1' };
}

/** For tests: forget the visit's dismissal. */
export function resetConsentForTests(): void {
  dismissedThisVisit = false;
  memoryConsent = null;
}
