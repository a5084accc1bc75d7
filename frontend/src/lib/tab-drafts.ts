/**
 * Drafts kept in this tab's sessionStorage so a reload loses nothing a user typed (ADR 110): each
 * feature keeps its drafts under this prefix, and signing out forgets them all, so the next person
 * at this browser finds none.
 */
export const TAB_DRAFT_PREFIX = 'hireloop.draft.';

/** This tab's sessionStorage, or null where there is none (or it may not be used). */
export function tabStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Forgets every draft kept in this tab. */
export function clearTabDrafts(): void {
  const store = tabStore();
  if (!store) return;
  for (const key of Object.keys(store)) if (key.startsWith(TAB_DRAFT_PREFIX)) store.removeItem(key);
}
